// A goal's course: its sections and every lesson with its content, in plan order, read for its owner only.
import type { Course } from '@mindpath/contracts/course-export';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessons, roadmaps } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnGoal, goalText } from '../goals/index.ts';
import type { MediaSigner } from '../media/signed-url.ts';

export interface CourseGoal {
  id: string;
  /** the goal in the learner's words, without its level prefix ('Beginner: …') */
  description: string;
  level: string;
}

export interface CourseLessonRow {
  id: string;
  sectionId: string;
  sectionName: string;
  title: string;
  content: string | null;
  imageUrl: string | null;
  videoUrls: string | null;
  resourceLinks: string | null;
  isCompleted: boolean;
}

/** The owner's goal (another learner's or an unknown id: 404) and its lessons in plan order. */
export async function courseRows(
  db: Db,
  userId: string,
  goalId: string,
): Promise<{ goal: CourseGoal; lessons: CourseLessonRow[] }> {
  const goal = await findOwnGoal(db, userId, goalId);
  if (!goal) throw notFound('Goal not found');
  const rows = await db
    .select({
      id: lessons.id,
      sectionId: roadmaps.id,
      sectionName: roadmaps.name,
      title: lessons.title,
      content: lessons.content,
      imageUrl: lessons.imageUrl,
      videoUrls: lessons.videoUrls,
      resourceLinks: lessons.resourceLinks,
      isCompleted: lessons.isCompleted,
    })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(and(eq(roadmaps.goalId, goal.id), eq(lessons.userId, userId)))
    .orderBy(asc(roadmaps.position), asc(lessons.position));
  return { goal: { id: goal.id, description: goalText(goal.description), level: goal.level }, lessons: rows };
}

/** The course as the printable page reads it: sections in order, each lesson's content and signed image. */
export async function getCourse(db: Db, userId: string, goalId: string, sign: MediaSigner): Promise<Course> {
  const { goal, lessons: rows } = await courseRows(db, userId, goalId);
  const sections: Course['sections'] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (section?.id !== row.sectionId) {
      section = { id: row.sectionId, name: row.sectionName, lessons: [] };
      sections.push(section);
    }
    section.lessons.push({
      id: row.id,
      title: row.title,
      content: row.content,
      imageUrl: row.imageUrl ? sign(row.imageUrl) : null,
      isCompleted: row.isCompleted,
    });
  }
  return { goalId: goal.id, title: goal.description, level: goal.level, sections };
}

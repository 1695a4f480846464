// The plan's sections and lessons as the contract's JSON (Roadmap[], the lessons per section, the first lesson
// left) and the goal's progress counts: the largest answer the learning plan polls. The database builds it
// (parsing a hundred rows, mapping them and encoding them again cost most of a read) and keeps it in
// plan_bodies, rebuilt by the first read after a change (the triggers of migration 0009 count changes in
// `version`). The text is spliced into the answer (plan-data.ts); its fields are the ones toRoadmap and
// toLesson give, which a test holds to.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { goals, planBodies } from '../../db/schema.ts';

/** A timestamp as Date#toISOString writes it (both keep milliseconds, dropping the microseconds). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// aliases: r a section (roadmaps), l a lesson, a its assessment
const SECTION = `json_build_object('id', r.id, 'goalId', r.goal_id, 'name', r.name, 'content', r.content,
  'position', r.position, 'isCompleted', r.is_completed, 'source', r.source,
  'createdAt', ${iso('r.created_at')}, 'updatedAt', ${iso('r.updated_at')})`;
const SCORE = `(a.submission ->> 'score')::int`;
const LESSON = `json_build_object('id', l.id, 'title', l.title, 'summary', l.summary, 'roadmapId', l.roadmap_id,
  'position', l.position, 'isCompleted', l.is_completed, 'grade', l.grade,
  'estimatedTimeInMinutes', l.estimated_time_in_minutes,
  'lessonAssessment', case when ${SCORE} is not null then json_build_object('id', a.id, 'score', ${SCORE}) end,
  'exercisesTotal', (select count(*) from exercises e where e.lesson_id = l.id and e.hidden_at is null),
  'exercisesDone', (select count(*) from exercises e where e.lesson_id = l.id and e.hidden_at is null
    and exists (select 1 from exercise_attempts x where x.exercise_id = e.id and x.passed)),
  'updatedAt', ${iso('l.updated_at')})`;
const LESSONS_FROM = 'from lessons l left join lesson_assessments a on a.lesson_id = l.id';
const SECTION_ORDER = 'r.position, r.created_at';
const LESSON_ORDER = 'l.position, l.created_at';

const goalId = sql.placeholder('goalId');
const buildStatement = preparedOn((db) =>
  db
    .select({
      stats: sql<string>`json_build_object(
        'sections', (select count(*) from roadmaps r where r.goal_id = ${goalId}),
        'completedSections', (select count(*) from roadmaps r where r.goal_id = ${goalId} and r.is_completed),
        'lastSectionCompletedAt', (select max(r.updated_at) from roadmaps r
          where r.goal_id = ${goalId} and r.is_completed),
        'lessons', (select count(*) from lessons l join roadmaps r on r.id = l.roadmap_id
          where r.goal_id = ${goalId}),
        'completedLessons', (select count(*) from lessons l join roadmaps r on r.id = l.roadmap_id
          where r.goal_id = ${goalId} and l.is_completed),
        'lastLessonCompletedAt', (select max(l.completed_at) from lessons l join roadmaps r on r.id = l.roadmap_id
          where r.goal_id = ${goalId} and l.is_completed))::text`,
      sections: sql<string>`(select coalesce(json_agg(${sql.raw(SECTION)} order by ${sql.raw(SECTION_ORDER)}), '[]')::text
        from roadmaps r where r.goal_id = ${goalId})`,
      lessonsBySection: sql<string>`(select coalesce(json_object_agg(r.id, coalesce(items.list, '[]'::json)
          order by ${sql.raw(SECTION_ORDER)}), '{}')::text
        from roadmaps r left join lateral (
          select json_agg(${sql.raw(LESSON)} order by ${sql.raw(LESSON_ORDER)}) as list
          ${sql.raw(LESSONS_FROM)} where l.roadmap_id = r.id) items on true
        where r.goal_id = ${goalId})`,
      firstOpenLesson: sql<string | null>`(select ${sql.raw(LESSON)}::text
        ${sql.raw(LESSONS_FROM)} join roadmaps r on r.id = l.roadmap_id
        where r.goal_id = ${goalId} and not l.is_completed
        order by ${sql.raw(SECTION_ORDER)}, ${sql.raw(LESSON_ORDER)} limit 1)`,
    })
    .from(goals)
    .where(eq(goals.id, goalId))
    .prepare('plan_body_build'),
);

/** The goal's progress as a plan body keeps it: counts, and when a section and a lesson were last completed. */
export interface PlanBodyStats {
  sections: number;
  completedSections: number;
  lastSectionCompletedAt: string | null;
  lessons: number;
  completedLessons: number;
  lastLessonCompletedAt: string | null;
}

export interface PlanBody {
  /** the goal's progress (PlanBodyStats) as JSON */
  stats: string;
  /** Roadmap[] as JSON */
  sections: string;
  /** Record<section id, PlanLesson[]> as JSON, every section present */
  lessonsBySection: string;
  /** the first lesson not completed (PlanLesson as JSON), in section then lesson order */
  firstOpenLesson: string | null;
}

/**
 * Builds the body of a goal's plan and keeps it as this version's, unless the plan has changed since the
 * version was read (a change in between would be in this body but not in the version it is kept under).
 */
export async function buildPlanBody(
  db: Db,
  goal: string,
  version: number,
  log: FastifyBaseLogger,
): Promise<PlanBody> {
  const [body] = await buildStatement(db).execute({ goalId: goal });
  if (!body) throw new Error(`no goal ${goal} to build a plan body of`);
  await db
    .insert(planBodies)
    .values({ goalId: goal, version, bodyVersion: version, ...body })
    .onConflictDoUpdate({
      target: planBodies.goalId,
      set: {
        bodyVersion: sql`excluded.body_version`,
        stats: sql`excluded.stats`,
        sections: sql`excluded.sections`,
        lessonsBySection: sql`excluded.lessons_by_section`,
        firstOpenLesson: sql`excluded.first_left`,
      },
      setWhere: sql`${planBodies.version} = excluded.body_version`,
    })
    // the goal deleted meanwhile: nothing to keep, and this read answers what it built
    .catch((err: unknown) => log.warn({ err, goal }, 'plan body not kept'));
  return body;
}

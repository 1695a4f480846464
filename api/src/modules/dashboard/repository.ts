// The dashboard's and the activity view's reads: each a fixed number of queries whatever the plan's size.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  exerciseAttempts,
  generationJobs,
  goals,
  lessonAssessments,
  lessons,
  pomodoroSessions,
  reviewLogs,
  roadmaps,
} from '../../db/schema.ts';
import { ROADMAP_JOB } from '../roadmaps/service.ts';

/** The active goal's first uncompleted lesson in plan order (section, then lesson position). */
export async function firstOpenLessonOfActiveGoal(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      roadmapId: roadmaps.id,
      roadmapName: roadmaps.name,
      goalId: goals.id,
      estimatedTimeInMinutes: lessons.estimatedTimeInMinutes,
    })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .innerJoin(goals, eq(goals.id, roadmaps.goalId))
    .where(and(eq(goals.userId, userId), eq(goals.isActive, true), eq(lessons.isCompleted, false)))
    .orderBy(desc(goals.updatedAt), asc(roadmaps.position), asc(lessons.position))
    .limit(1);
  return row;
}

/** The newest roadmap generation of the learner's active goal. */
export async function latestRoadmapJobOfActiveGoal(db: Db, userId: string) {
  const [row] = await db
    .select({ status: generationJobs.status })
    .from(generationJobs)
    .innerJoin(goals, sql`${goals.id}::text = ${generationJobs.target}`)
    .where(
      and(
        eq(generationJobs.kind, ROADMAP_JOB),
        eq(generationJobs.userId, userId),
        eq(goals.userId, userId),
        eq(goals.isActive, true),
      ),
    )
    .orderBy(desc(goals.updatedAt), desc(generationJobs.createdAt))
    .limit(1);
  return row;
}

export interface DayCounts {
  day: string;
  lessonsCompleted: number;
  assessmentsPassed: number;
  focusSeconds: number;
  reviewsDone: number;
  exerciseAttempts: number;
}

/**
 * Everything the learner did, counted per calendar day of `timeZone` over their whole history (the longest
 * streak needs all of it): lessons completed, lesson assessments passed, seconds of focus, cards reviewed and
 * exercises attempted, in one query.
 */
export async function activityByDay(db: Db, userId: string, timeZone: string): Promise<DayCounts[]> {
  const day = (at: unknown) => sql`to_char((${at} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const lessonDays = db
    .select({
      day: sql<string>`${day(lessons.completedAt)}`.as('day'),
      lessonsCompleted: sql<number>`1`.as('lessons_completed'),
      assessmentsPassed: sql<number>`0`.as('assessments_passed'),
      focusSeconds: sql<number>`0`.as('focus_seconds'),
      reviewsDone: sql<number>`0`.as('reviews_done'),
      exerciseAttempts: sql<number>`0`.as('exercise_attempts'),
    })
    .from(lessons)
    .where(
      and(eq(lessons.userId, userId), eq(lessons.isCompleted, true), sql`${lessons.completedAt} is not null`),
    );
  const assessmentDays = db
    .select({
      day: sql<string>`${day(lessonAssessments.submittedAt)}`,
      lessonsCompleted: sql<number>`0`,
      assessmentsPassed: sql<number>`1`,
      focusSeconds: sql<number>`0`,
      reviewsDone: sql<number>`0`,
      exerciseAttempts: sql<number>`0`,
    })
    .from(lessonAssessments)
    .where(
      and(
        eq(lessonAssessments.userId, userId),
        sql`${lessonAssessments.submittedAt} is not null`,
        sql`(${lessonAssessments.submission} ->> 'passed')::boolean`,
      ),
    );
  const focusDays = db
    .select({
      day: sql<string>`${day(pomodoroSessions.completedAt)}`,
      lessonsCompleted: sql<number>`0`,
      assessmentsPassed: sql<number>`0`,
      focusSeconds: sql<number>`${pomodoroSessions.duration}`,
      reviewsDone: sql<number>`0`,
      exerciseAttempts: sql<number>`0`,
    })
    .from(pomodoroSessions)
    .where(eq(pomodoroSessions.userId, userId));
  // a grade the learner gave on /review (it has a review key; a missed assessment question's has none), not undone
  const reviewDays = db
    .select({
      day: sql<string>`${day(reviewLogs.reviewedAt)}`,
      lessonsCompleted: sql<number>`0`,
      assessmentsPassed: sql<number>`0`,
      focusSeconds: sql<number>`0`,
      reviewsDone: sql<number>`1`,
      exerciseAttempts: sql<number>`0`,
    })
    .from(reviewLogs)
    .where(
      and(
        eq(reviewLogs.userId, userId),
        sql`${reviewLogs.reviewKey} is not null`,
        sql`${reviewLogs.undoneAt} is null`,
      ),
    );
  const practiceDays = db
    .select({
      day: sql<string>`${day(exerciseAttempts.createdAt)}`,
      lessonsCompleted: sql<number>`0`,
      assessmentsPassed: sql<number>`0`,
      focusSeconds: sql<number>`0`,
      reviewsDone: sql<number>`0`,
      exerciseAttempts: sql<number>`1`,
    })
    .from(exerciseAttempts)
    .where(eq(exerciseAttempts.userId, userId));
  const events = lessonDays
    .unionAll(assessmentDays)
    .unionAll(focusDays)
    .unionAll(reviewDays)
    .unionAll(practiceDays)
    .as('events');
  const rows = await db
    .select({
      day: events.day,
      lessonsCompleted: sql<number>`sum(${events.lessonsCompleted})::int`,
      assessmentsPassed: sql<number>`sum(${events.assessmentsPassed})::int`,
      focusSeconds: sql<number>`sum(${events.focusSeconds})::int`,
      reviewsDone: sql<number>`sum(${events.reviewsDone})::int`,
      exerciseAttempts: sql<number>`sum(${events.exerciseAttempts})::int`,
    })
    .from(events)
    .groupBy(events.day)
    .orderBy(events.day);
  return rows.map((r) => ({
    day: r.day,
    lessonsCompleted: Number(r.lessonsCompleted),
    assessmentsPassed: Number(r.assessmentsPassed),
    focusSeconds: Number(r.focusSeconds),
    reviewsDone: Number(r.reviewsDone),
    exerciseAttempts: Number(r.exerciseAttempts),
  }));
}

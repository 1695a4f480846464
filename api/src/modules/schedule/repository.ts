// The queries of schedules: a goal's schedule, its lessons in plan order, when its plan last changed shape,
// and the learner's calendar feed.
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, goals, lessons, planEdits, planSchedules, roadmaps } from '../../db/schema.ts';

export type ScheduleRow = typeof planSchedules.$inferSelect;
export type NewSchedule = Omit<typeof planSchedules.$inferInsert, 'updatedAt'>;

/** The learner's goal (its title) and its schedule; undefined when the goal is not theirs. */
export async function findOwnGoalSchedule(db: Db, userId: string, goalId: string) {
  const [row] = await db
    .select({ description: goals.description, schedule: planSchedules })
    .from(goals)
    .leftJoin(planSchedules, eq(planSchedules.goalId, goals.id))
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)));
  return row;
}

/** Every schedule of the learner with its goal's title: what the calendar feed shows. */
export function schedulesOfUser(db: Db, userId: string) {
  return db
    .select({ description: goals.description, schedule: planSchedules })
    .from(planSchedules)
    .innerJoin(goals, eq(goals.id, planSchedules.goalId))
    .where(eq(planSchedules.userId, userId));
}

/** The learner's active goal's id, title and schedule, if it has one. */
export async function activeGoalSchedule(db: Db, userId: string) {
  const [row] = await db
    .select({ goalId: goals.id, description: goals.description, schedule: planSchedules })
    .from(goals)
    .innerJoin(planSchedules, eq(planSchedules.goalId, goals.id))
    .where(and(eq(goals.userId, userId), eq(goals.isActive, true)))
    .limit(1);
  return row;
}

export async function upsertSchedule(db: Db, values: NewSchedule): Promise<ScheduleRow> {
  const { goalId: _, userId: __, ...set } = values;
  const [row] = await db
    .insert(planSchedules)
    .values(values)
    .onConflictDoUpdate({ target: planSchedules.goalId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteSchedule(db: Db, goalId: string): Promise<void> {
  await db.delete(planSchedules).where(eq(planSchedules.goalId, goalId));
}

/** The goal's lessons in plan order: by section, then within it. */
export function lessonsInPlanOrder(db: Db, goalId: string) {
  return db
    .select({
      id: lessons.id,
      title: lessons.title,
      minutes: lessons.estimatedTimeInMinutes,
      isCompleted: lessons.isCompleted,
      completedAt: lessons.completedAt,
    })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(lessons.position));
}

/** When the goal's plan last changed shape: its newest edit or its newest section (a new roadmap). */
export async function planShapeChangedAt(db: Db, goalId: string): Promise<Date | null> {
  const [[edit], [section]] = await Promise.all([
    db
      .select({ at: max(planEdits.createdAt) })
      .from(planEdits)
      .where(eq(planEdits.goalId, goalId)),
    db
      .select({ at: max(roadmaps.createdAt) })
      .from(roadmaps)
      .where(eq(roadmaps.goalId, goalId)),
  ]);
  const times = [edit?.at, section?.at].filter((t) => t != null).map((t) => new Date(t).getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

export async function findFeed(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.token;
}

export async function findFeedOwner(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.userId;
}

/** Turns the feed on with a new secret, replacing the old one (whose URL stops working). */
export async function replaceFeed(db: Db, userId: string, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

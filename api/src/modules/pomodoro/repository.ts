import type { PomodoroSettings } from '@mindpath/contracts/pomodoro';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goals, lessons, pomodoroSessions, pomodoroSettings, roadmaps } from '../../db/schema.ts';

export type SessionRow = typeof pomodoroSessions.$inferSelect;
export type NewSession = Pick<
  typeof pomodoroSessions.$inferInsert,
  'userId' | 'clientId' | 'completedAt' | 'duration' | 'notes' | 'lessonId' | 'goalId'
>;

export async function findSettings(db: Db, userId: string): Promise<PomodoroSettings | undefined> {
  const [row] = await db
    .select({
      focusDuration: pomodoroSettings.focusDuration,
      shortBreakDuration: pomodoroSettings.shortBreakDuration,
      longBreakDuration: pomodoroSettings.longBreakDuration,
      sessionsBeforeLongBreak: pomodoroSettings.sessionsBeforeLongBreak,
    })
    .from(pomodoroSettings)
    .where(eq(pomodoroSettings.userId, userId))
    .limit(1);
  return row;
}

export async function upsertSettings(db: Db, userId: string, values: PomodoroSettings): Promise<void> {
  await db
    .insert(pomodoroSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pomodoroSettings.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** The learner's lesson and the goal of its section, or undefined when the lesson is not theirs. */
export async function findOwnLessonGoal(
  db: Db,
  userId: string,
  lessonId: string,
): Promise<{ lessonId: string; goalId: string | null } | undefined> {
  const [row] = await db
    .select({ lessonId: lessons.id, goalId: roadmaps.goalId })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.userId, userId)))
    .limit(1);
  return row;
}

/** Inserts the session unless the learner already recorded one under its clientId; answers the stored one. */
export async function insertSessionOnce(
  db: Db,
  values: NewSession,
): Promise<{ row: SessionRow; created: boolean }> {
  const [inserted] = await db
    .insert(pomodoroSessions)
    .values(values)
    .onConflictDoNothing({ target: [pomodoroSessions.userId, pomodoroSessions.clientId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(pomodoroSessions)
    .where(and(eq(pomodoroSessions.userId, values.userId), eq(pomodoroSessions.clientId, values.clientId)))
    .limit(1);
  if (!existing) throw new Error('pomodoro session vanished');
  return { row: existing, created: false };
}

export interface DayTotal {
  /** YYYY-MM-DD in the asked time zone */
  date: string;
  seconds: number;
  sessions: number;
}

/** Focus seconds and sessions per day of the learner's time zone, every day with a session, newest first. */
export async function focusByDay(db: Db, userId: string, timeZone: string): Promise<DayTotal[]> {
  const date = sql<string>`to_char(${pomodoroSessions.completedAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({
      date,
      seconds: sql<number>`sum(${pomodoroSessions.duration})::int`,
      sessions: sql<number>`count(*)::int`,
    })
    .from(pomodoroSessions)
    .where(eq(pomodoroSessions.userId, userId))
    .groupBy(sql`1`)
    .orderBy(desc(sql`1`));
}

const totals = {
  seconds: sql<number>`sum(${pomodoroSessions.duration})::int`,
  sessions: sql<number>`count(*)::int`,
};

/** Focus per goal, most first; sessions without a goal are not counted here. */
export async function focusByGoal(db: Db, userId: string) {
  return db
    .select({ goalId: goals.id, description: goals.description, ...totals })
    .from(pomodoroSessions)
    .innerJoin(goals, eq(goals.id, pomodoroSessions.goalId))
    .where(and(eq(pomodoroSessions.userId, userId), isNotNull(pomodoroSessions.goalId)))
    .groupBy(goals.id, goals.description)
    .orderBy(desc(totals.seconds), goals.id);
}

/** Focus per lesson, most first; sessions without a lesson are not counted here. */
export async function focusByLesson(db: Db, userId: string) {
  return db
    .select({ lessonId: lessons.id, title: lessons.title, goalId: roadmaps.goalId, ...totals })
    .from(pomodoroSessions)
    .innerJoin(lessons, eq(lessons.id, pomodoroSessions.lessonId))
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(and(eq(pomodoroSessions.userId, userId), isNotNull(pomodoroSessions.lessonId)))
    .groupBy(lessons.id, lessons.title, roadmaps.goalId)
    .orderBy(desc(totals.seconds), lessons.id);
}

// The focus timer's server side (spec 2 §7 Pomodoro calls): settings with the spec's defaults, sessions
// recorded once per client id with the lesson and goal they were spent on, and statistics per day, goal
// and lesson in the learner's time zone.
import {
  POMODORO_DEFAULTS,
  type PomodoroSession,
  type PomodoroSettings,
  type PomodoroStats,
  type RecordPomodoroSessionSchema,
  toMinutes,
} from '@mindpath/contracts/pomodoro';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dayIn } from '../../lib/calendar-days.ts';
import {
  findOwnLessonGoal,
  findSettings,
  focusByDay,
  focusByGoal,
  focusByLesson,
  insertSessionOnce,
  type SessionRow,
  upsertSettings,
} from './repository.ts';
import { dayStats } from './stats.ts';

export async function getSettings(db: Db, userId: string): Promise<PomodoroSettings> {
  return (await findSettings(db, userId)) ?? { ...POMODORO_DEFAULTS };
}

export async function saveSettings(
  db: Db,
  userId: string,
  values: PomodoroSettings,
): Promise<PomodoroSettings> {
  await upsertSettings(db, userId, values);
  return values;
}

function toSession(row: SessionRow): PomodoroSession {
  return {
    id: row.id,
    clientId: row.clientId,
    completedAt: row.completedAt.toISOString(),
    duration: row.duration,
    notes: row.notes,
    lessonId: row.lessonId,
    goalId: row.goalId,
  };
}

/**
 * Records a focus session once per clientId: a repeat answers the session first stored, unchanged. A lesson
 * that is not the learner's (or was deleted while the session waited offline) is left out, not refused, so
 * a queued session is never stuck.
 */
export async function recordSession(
  db: Db,
  userId: string,
  body: z.output<typeof RecordPomodoroSessionSchema>,
): Promise<{ session: PomodoroSession; created: boolean }> {
  const place = body.lessonId ? await findOwnLessonGoal(db, userId, body.lessonId) : undefined;
  const { row, created } = await insertSessionOnce(db, {
    userId,
    clientId: body.clientId,
    completedAt: new Date(body.completedAt),
    duration: body.duration,
    notes: body.notes,
    lessonId: place?.lessonId ?? null,
    goalId: place?.goalId ?? null,
  });
  return { session: toSession(row), created };
}

export async function getStats(db: Db, userId: string, timeZone: string, now: Date): Promise<PomodoroStats> {
  const [byDay, byGoal, byLesson] = await Promise.all([
    focusByDay(db, userId, timeZone),
    focusByGoal(db, userId),
    focusByLesson(db, userId),
  ]);
  return {
    ...dayStats(byDay, dayIn(now, timeZone), timeZone),
    goals: byGoal.map(({ seconds, ...g }) => ({ ...g, minutes: toMinutes(seconds) })),
    lessons: byLesson.map(({ seconds, ...l }) => ({ ...l, minutes: toMinutes(seconds) })),
  };
}

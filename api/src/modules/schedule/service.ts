// A goal's schedule: set, read with each lesson's planned day, cleared; today's lessons for home; the
// calendar of planned study sessions (a download, or the learner's feed behind its secret URL).
import { randomBytes } from 'node:crypto';
import type { CalendarFeed, PlanSchedule, ScheduleSettings, TodayPlan } from '@mindpath/contracts/schedule';
import { SCHEDULE_MESSAGES } from '@mindpath/contracts/schedule-constants';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CalendarGoal, studyCalendar } from './calendar.ts';
import { civilDay, fromBits, planLessons, toBits } from './planner.ts';
import {
  activeGoalSchedule,
  deleteFeed,
  deleteSchedule,
  findFeed,
  findFeedOwner,
  findOwnGoalSchedule,
  lessonsInPlanOrder,
  planShapeChangedAt,
  replaceFeed,
  type ScheduleRow,
  schedulesOfUser,
  upsertSchedule,
} from './repository.ts';

function toSettings(row: ScheduleRow): ScheduleSettings {
  return {
    hoursPerWeek: row.minutesPerWeek === null ? null : row.minutesPerWeek / 60,
    targetDate: row.targetDate,
    studyDays: fromBits(row.studyDays),
    sessionTime: row.sessionTime,
    timeZone: row.timeZone,
  };
}

/** The goal's lessons on the schedule's days, planned again from the plan's last change of shape. */
async function plan(db: Db, goalId: string, row: ScheduleRow, now: Date) {
  const today = civilDay(now, row.timeZone);
  const [rows, changedAt] = await Promise.all([
    lessonsInPlanOrder(db, goalId),
    planShapeChangedAt(db, goalId),
  ]);
  const changedOn = changedAt ? civilDay(changedAt, row.timeZone) : row.plannedFrom;
  // the later day (dates as YYYY-MM-DD sort as text)
  const plannedFrom = [changedOn, row.plannedFrom].sort()[1]!;
  const lessons = rows.map((l) => ({
    ...l,
    completedOn: l.completedAt ? civilDay(new Date(l.completedAt), row.timeZone) : null,
  }));
  return { today, ...planLessons({ ...row, plannedFrom }, lessons, today) };
}

async function ownGoal(db: Db, userId: string, goalId: string) {
  const goal = await findOwnGoalSchedule(db, userId, goalId);
  if (!goal) throw notFound('Goal not found');
  return goal;
}

export async function getPlanSchedule(
  db: Db,
  userId: string,
  goalId: string,
  now: Date,
): Promise<PlanSchedule> {
  const { schedule } = await ownGoal(db, userId, goalId);
  if (!schedule)
    return { goalId, settings: null, today: civilDay(now, 'UTC'), lessons: [], behind: 0, finishDate: null };
  return { goalId, settings: toSettings(schedule), ...(await plan(db, goalId, schedule, now)) };
}

/** Sets the goal's schedule; the rest of the plan is planned from today. */
export async function saveSchedule(
  db: Db,
  userId: string,
  goalId: string,
  settings: ScheduleSettings,
  now: Date,
): Promise<PlanSchedule> {
  await ownGoal(db, userId, goalId);
  const today = civilDay(now, settings.timeZone);
  if (settings.targetDate !== null && settings.targetDate < today)
    throw new AppError(400, 'VALIDATION_ERROR', SCHEDULE_MESSAGES.pastDate);
  await upsertSchedule(db, {
    goalId,
    userId,
    minutesPerWeek: settings.hoursPerWeek === null ? null : Math.round(settings.hoursPerWeek * 60),
    targetDate: settings.targetDate,
    studyDays: toBits(settings.studyDays),
    sessionTime: settings.sessionTime,
    timeZone: settings.timeZone,
    plannedFrom: today,
  });
  return getPlanSchedule(db, userId, goalId, now);
}

export async function clearSchedule(db: Db, userId: string, goalId: string): Promise<void> {
  await ownGoal(db, userId, goalId);
  await deleteSchedule(db, goalId);
}

/** What the active goal's schedule plans for today (nothing when it has none). */
export async function todayPlan(db: Db, userId: string, now: Date): Promise<TodayPlan> {
  const active = await activeGoalSchedule(db, userId);
  if (!active?.schedule) return { goalId: null, lessons: [], behind: 0 };
  const planned = await plan(db, active.goalId, active.schedule, now);
  return {
    goalId: active.goalId,
    lessons: planned.lessons.filter((l) => l.date === planned.today && !l.isCompleted),
    behind: planned.behind,
  };
}

async function calendarGoal(db: Db, goalId: string, title: string, row: ScheduleRow, now: Date) {
  const planned = await plan(db, goalId, row, now);
  return { goalId, title, sessionTime: row.sessionTime, lessons: planned.lessons } satisfies CalendarGoal;
}

/** One goal's planned study sessions as an .ics file. */
export async function goalCalendar(db: Db, userId: string, goalId: string, now: Date, appUrl: string) {
  const { description, schedule } = await ownGoal(db, userId, goalId);
  if (!schedule) throw new AppError(404, 'NO_SCHEDULE', SCHEDULE_MESSAGES.notSet);
  const goal = await calendarGoal(db, goalId, description, schedule, now);
  return studyCalendar(`Mindpath: ${description}`, [goal], appUrl);
}

/** The feed behind a secret: every scheduled goal of its learner; a revoked or unknown secret is a 404. */
export async function feedCalendar(db: Db, token: string, now: Date, appUrl: string) {
  const userId = await findFeedOwner(db, token);
  if (!userId) throw new AppError(404, 'NO_FEED', SCHEDULE_MESSAGES.noFeed);
  const rows = await schedulesOfUser(db, userId);
  const goals = await Promise.all(
    rows.map((r) => calendarGoal(db, r.schedule.goalId, r.description, r.schedule, now)),
  );
  return studyCalendar('Mindpath study plan', goals, appUrl);
}

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

export async function getFeed(db: Db, userId: string, appUrl: string): Promise<CalendarFeed> {
  const token = await findFeed(db, userId);
  return { url: token ? feedUrl(appUrl, token) : null };
}

/** Turns the feed on, or gives it a new secret: the old URL stops working at once. */
export async function renewFeed(db: Db, userId: string, appUrl: string): Promise<CalendarFeed> {
  const token = randomBytes(24).toString('base64url');
  await replaceFeed(db, userId, token);
  return { url: feedUrl(appUrl, token) };
}

export async function revokeFeed(db: Db, userId: string): Promise<CalendarFeed> {
  await deleteFeed(db, userId);
  return { url: null };
}

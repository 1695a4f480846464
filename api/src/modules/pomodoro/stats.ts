// The statistics' arithmetic over the per-day totals of the learner's time zone: pure, so the rules (which
// days count as this week, when a streak holds) are tested without a database.
import { POMODORO_STATS_DAYS, type PomodoroStats, toMinutes } from '@mindpath/contracts/pomodoro';
import { addDays, streaks } from '../../lib/calendar-days.ts';
import type { DayTotal } from './repository.ts';

/** Monday of the week of a date. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

export type DayStats = Omit<PomodoroStats, 'goals' | 'lessons'>;

/** Today, this week, the last 84 days, totals and the streak, from every day that had a session. */
export function dayStats(byDay: DayTotal[], today: string, timeZone: string): DayStats {
  const seconds = new Map<string, DayTotal>(byDay.map((d) => [d.date, d]));
  const secondsFrom = (first: string) =>
    byDay.filter((d) => d.date >= first && d.date <= today).reduce((sum, d) => sum + d.seconds, 0);

  const days = Array.from({ length: POMODORO_STATS_DAYS }, (_, i) => {
    const date = addDays(today, i - POMODORO_STATS_DAYS + 1);
    const day = seconds.get(date);
    return { date, minutes: toMinutes(day?.seconds ?? 0), sessions: day?.sessions ?? 0 };
  });

  // a day without focus yet does not break the streak before it is over
  const streak = streaks(new Set(seconds.keys()), today).current;

  return {
    timeZone,
    today,
    todayMinutes: toMinutes(seconds.get(today)?.seconds ?? 0),
    weekMinutes: toMinutes(secondsFrom(mondayOf(today))),
    totalMinutes: toMinutes(byDay.reduce((sum, d) => sum + d.seconds, 0)),
    totalSessions: byDay.reduce((sum, d) => sum + d.sessions, 0),
    currentStreak: streak,
    days,
  };
}

// How the plan's schedule reads: planned days, the pace, how far along the learner is.
import type { PlanSchedule, ScheduleSettings } from '@mindpath/contracts/schedule';
import { WEEKDAYS } from '@mindpath/contracts/schedule-constants';
import { countOf } from '@mindpath/ui/plural';

/** A calendar day (YYYY-MM-DD) as the learner's locale writes it: "Wed, Dec 2". */
export function dayText(day: string, locale?: string): string {
  // the day's own date at UTC midnight, written in UTC: no time zone can move it to another day
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A lesson's planned day beside its title. */
export function plannedText(day: string, today: string, locale?: string): string {
  return day === today ? 'Planned for today' : `Planned ${dayText(day, locale)}`;
}

/** "Mon, Wed, Fri", or "Every day" / "Weekdays". */
export function studyDaysText(days: number[]): string {
  const sorted = [...days].sort();
  if (sorted.length === 7) return 'Every day';
  if (sorted.join() === '0,1,2,3,4') return 'Weekdays';
  return sorted.map((d) => WEEKDAYS[d]!.slice(0, 3)).join(', ');
}

/** "3 h a week, Mon, Wed, Fri at 18:30" or "to Dec 24, weekdays at 18:30". */
export function paceText(s: ScheduleSettings, locale?: string): string {
  const days = studyDaysText(s.studyDays);
  const pace =
    s.hoursPerWeek !== null
      ? `${s.hoursPerWeek} h a week`
      : `Finish by ${dayText(s.targetDate ?? '', locale)}`;
  return `${pace} · ${days} at ${s.sessionTime}`;
}

/** On track, or how many lessons behind. */
export function statusText(schedule: PlanSchedule): string {
  if (schedule.finishDate === null) return 'Every planned lesson is done';
  return schedule.behind > 0 ? `${countOf(schedule.behind, 'lesson', 'lessons')} behind` : 'On track';
}

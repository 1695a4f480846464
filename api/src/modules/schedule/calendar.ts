// A schedule's study sessions in iCalendar (RFC 5545), made with ical-generator. Sessions are at floating
// local times ("18:00", no zone): a calendar shows them at that hour wherever the learner is, and a
// daylight-saving change moves none of them.
import ical from 'ical-generator';
import type { PlannedDay } from './planner.ts';

export interface CalendarGoal {
  goalId: string;
  /** the goal's title */
  title: string;
  sessionTime: string;
  lessons: PlannedDay[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DDTHH:MM:00' plus `minutes`, as floating local time (no zone, so no server clock involved). */
function localTime(day: string, time: string, minutes = 0): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMinutes(total);
  return `${date.toISOString().slice(0, 10)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
}

/**
 * One event per goal and study day: the lessons planned that day, as long as their estimates add up to.
 * An event's UID is its goal and day, so a calendar that subscribes updates it when the plan changes.
 */
export function studyCalendar(name: string, goals: CalendarGoal[], appUrl: string): string {
  const calendar = ical({ name, prodId: { company: 'Mindpath', product: 'Study plan', language: 'EN' } });
  for (const goal of goals) {
    const byDay = new Map<string, PlannedDay[]>();
    for (const l of goal.lessons) byDay.set(l.date, [...(byDay.get(l.date) ?? []), l]);
    for (const [day, lessons] of byDay) {
      const minutes = lessons.reduce((sum, l) => sum + l.minutes, 0);
      calendar.createEvent({
        id: `${goal.goalId}-${day}@mindpath`,
        start: localTime(day, goal.sessionTime),
        end: localTime(day, goal.sessionTime, minutes),
        floating: true,
        summary: `Study: ${goal.title}`,
        description: lessons
          .map((l) => `${l.isCompleted ? '✓' : '•'} ${l.title} (${l.minutes} min)`)
          .join('\n'),
        url: `${appUrl}/learning-plan/${goal.goalId}`,
      });
    }
  }
  return calendar.toString();
}

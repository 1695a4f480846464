import type { CalendarFeed, PlanSchedule, ScheduleSettings, TodayPlan } from '@mindpath/contracts/schedule';
import { authorizedFetch, fetchJson } from './http.ts';

/** A goal's schedule, home's plan for today, the .ics download and the learner's calendar feed. */
export const scheduleApi = {
  ofGoal: (goalId: string) => fetchJson<PlanSchedule>('GET', `/schedule/goal/${goalId}`),
  save: (goalId: string, settings: ScheduleSettings) =>
    fetchJson<PlanSchedule>('PUT', `/schedule/goal/${goalId}`, settings),
  clear: (goalId: string) => fetchJson<null>('DELETE', `/schedule/goal/${goalId}`),
  today: () => fetchJson<TodayPlan>('GET', '/schedule/today'),
  /** The goal's study sessions as an iCalendar file (a Blob to save: the call needs the bearer token). */
  calendar: async (goalId: string) =>
    (
      await authorizedFetch('GET', `/schedule/goal/${goalId}/calendar.ics`, undefined, {
        accept: 'text/calendar',
      })
    ).blob(),
  feed: () => fetchJson<CalendarFeed>('GET', '/schedule/feed'),
  renewFeed: () => fetchJson<CalendarFeed>('POST', '/schedule/feed'),
  revokeFeed: () => fetchJson<CalendarFeed>('DELETE', '/schedule/feed'),
};

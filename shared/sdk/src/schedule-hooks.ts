import type { ScheduleSettings } from '@mindpath/contracts/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsAuthenticated } from './hooks.ts';
import { queryKeys } from './query-keys.ts';
import { scheduleApi } from './schedule-api.ts';

/** A goal's schedule and each lesson's planned day; read again after any plan change (its key is a plan's). */
export function usePlanSchedule(goalId: string) {
  return useQuery({ queryKey: queryKeys.planSchedule(goalId), queryFn: () => scheduleApi.ofGoal(goalId) });
}

/** Sets or clears a goal's schedule; the plan's days and home's today follow. */
export function useSaveSchedule(goalId: string) {
  const client = useQueryClient();
  const settled = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.planSchedule(goalId) }),
      client.invalidateQueries({ queryKey: queryKeys.todayPlan }),
    ]);
  const save = useMutation({
    mutationFn: (settings: ScheduleSettings) => scheduleApi.save(goalId, settings),
    onSuccess: (schedule) => client.setQueryData(queryKeys.planSchedule(goalId), schedule),
    onSettled: settled,
  });
  const clear = useMutation({ mutationFn: () => scheduleApi.clear(goalId), onSettled: settled });
  return { save, clear };
}

/** What the active goal's schedule plans for today (home's Current Lesson panel). */
export function useTodayPlan() {
  const authenticated = useIsAuthenticated();
  return useQuery({ queryKey: queryKeys.todayPlan, queryFn: scheduleApi.today, enabled: authenticated });
}

/** The learner's calendar feed (Settings): its secret URL, turned on, renewed or off. */
export function useCalendarFeed() {
  const client = useQueryClient();
  const feed = useQuery({ queryKey: queryKeys.calendarFeed, queryFn: scheduleApi.feed });
  const change = useMutation({
    mutationFn: (action: 'renew' | 'revoke') =>
      action === 'renew' ? scheduleApi.renewFeed() : scheduleApi.revokeFeed(),
    onSuccess: (answer) => client.setQueryData(queryKeys.calendarFeed, answer),
  });
  return { feed, change };
}

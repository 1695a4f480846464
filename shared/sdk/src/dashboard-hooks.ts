import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from './dashboard-api.ts';
import { localTimeZone } from './pomodoro-api.ts';
import { queryKeys } from './query-keys.ts';

// Home is where a learner returns after a lesson or a focus session: it reads afresh on every visit.
const FRESH = { staleTime: 0 } as const;

export function useDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: dashboardApi.get, ...FRESH });
}

/** Days and streaks in the browser's time zone: a day is the learner's own calendar day. */
export function useActivity() {
  const timeZone = localTimeZone();
  return useQuery({
    queryKey: queryKeys.activity(timeZone),
    queryFn: () => dashboardApi.activity(timeZone),
    ...FRESH,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useIsAuthenticated } from './hooks.ts';
import { pomodoroApi } from './pomodoro-api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Focus statistics (minutes today, this week, per day, per goal, per lesson) in the browser's time zone:
 * the home dashboard and the learning plan read them; the timer invalidates them when a session is recorded.
 */
export function usePomodoroStats() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.pomodoroStats,
    queryFn: () => pomodoroApi.stats(),
    enabled: authenticated,
  });
}

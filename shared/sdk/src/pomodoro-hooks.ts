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

/** Whole minutes of focus spent with the lesson open (0 while the statistics are unknown). */
export function useLessonFocusMinutes(lessonId: string): number {
  const { data } = usePomodoroStats();
  return data?.lessons.find((l) => l.lessonId === lessonId)?.minutes ?? 0;
}

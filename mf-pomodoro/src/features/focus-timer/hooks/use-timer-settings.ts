// Settings (spec 2 §8 Pomodoro): loaded from the server, the local copy or the defaults when that fails;
// saved to the server and locally, locally only when the server fails.
import type { PomodoroSettings } from '@mindpath/contracts/pomodoro';
import { useIsAuthenticated } from '@mindpath/sdk/hooks';
import { localStore } from '@mindpath/sdk/local-store';
import { pomodoroApi } from '@mindpath/sdk/pomodoro-api';
import { queryKeys } from '@mindpath/sdk/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { validSettings } from '../utils/settings.ts';

const localSettings = () => validSettings(localStore.get('pomodoroSettings'));

async function loadSettings(): Promise<PomodoroSettings> {
  try {
    const settings = await pomodoroApi.settings();
    localStore.set('pomodoroSettings', settings);
    return settings;
  } catch {
    return localSettings();
  }
}

export type SaveOutcome = 'saved' | 'local';

export function useTimerSettings() {
  const authenticated = useIsAuthenticated();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.pomodoroSettings,
    queryFn: loadSettings,
    enabled: authenticated,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({
    mutationFn: async (next: PomodoroSettings): Promise<SaveOutcome> => {
      localStore.set('pomodoroSettings', next);
      try {
        await pomodoroApi.saveSettings(next);
        return 'saved';
      } catch {
        return 'local';
      }
    },
    onMutate: (next) => client.setQueryData(queryKeys.pomodoroSettings, next),
  });
  return { settings: query.data ?? localSettings(), save };
}

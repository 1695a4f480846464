import type { Activity, Dashboard } from '@mindpath/contracts/dashboard';
import { fetchJson } from './http.ts';

export const dashboardApi = {
  get: () => fetchJson<Dashboard>('GET', '/dashboard'),
  activity: (timeZone: string) =>
    fetchJson<Activity>('GET', `/activity?timeZone=${encodeURIComponent(timeZone)}`),
};

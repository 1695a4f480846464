import { ActivitySchema, DashboardSchema } from '@mindpath/contracts/dashboard';
import { request } from './http.ts';

export const dashboardApi = {
  get: () => request('GET', '/dashboard', DashboardSchema),
  activity: (timeZone: string) =>
    request('GET', `/activity?timeZone=${encodeURIComponent(timeZone)}`, ActivitySchema),
};

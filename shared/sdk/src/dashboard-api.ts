import { ActivitySchema, DashboardSchema } from '@mindpath/contracts/dashboard';
import { request } from './http.ts';

/** The learner's time zone as the browser knows it ('UTC' when it cannot tell). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const dashboardApi = {
  get: () => request('GET', '/dashboard', DashboardSchema),
  activity: (timeZone: string) =>
    request('GET', `/activity?timeZone=${encodeURIComponent(timeZone)}`, ActivitySchema),
};

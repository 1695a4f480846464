import type { DataExport } from '@mindpath/contracts/data-export';
import { ApiRequestError } from './errors.ts';
import { fetchJson } from './http.ts';

/**
 * "Download my data": ask for a zip of everything (built in the background; asking while one is built answers
 * that one) and read the newest one's progress, with its signed download link once ready.
 */
export const dataExportApi = {
  start: () => fetchJson<DataExport>('POST', '/account/exports'),
  /** the newest export, or null when the learner never asked for one */
  latest: async (): Promise<DataExport | null> => {
    try {
      return await fetchJson<DataExport>('GET', '/account/exports/latest');
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return null;
      throw err;
    }
  },
};

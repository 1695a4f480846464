import type { DataExport } from '@mindpath/contracts/data-export';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataExportApi } from './data-export-api.ts';
import { useIsAuthenticated } from './hooks.ts';

/** How often the export is read again while it is being built. */
export const DATA_EXPORT_POLL_MS = 1_500;

export const dataExportKey = ['data-export', 'latest'] as const;

const building = (e: DataExport | null | undefined) => e?.status === 'queued' || e?.status === 'running';

/** The newest download of the learner's data; read again while it is being built, so progress moves. */
export function useLatestDataExport() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: dataExportKey,
    queryFn: dataExportApi.latest,
    enabled: authenticated,
    retry: 1,
    refetchInterval: (query) => (building(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

/** Asks for a new download (or joins the one being built); the answer shows at once. */
export function useStartDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dataExportApi.start,
    onSuccess: (started) => {
      client.setQueryData<DataExport | null>(dataExportKey, started);
    },
  });
}

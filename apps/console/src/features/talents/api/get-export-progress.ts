import { apiPaths, type ExportProgress } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const EXPORT_POLL_MS = 800;

export function getExportProgress(exportId: string, signal?: AbortSignal): Promise<ExportProgress> {
  return request<ExportProgress>(apiPaths.talents.exportProgress(exportId), { signal });
}

const finished = (progress: ExportProgress | undefined) =>
  progress?.state === 'done' || progress?.state === 'failed';

/** Polls an export until it is done or failed. */
export function useExportProgress(exportId: string | null) {
  return useQuery({
    queryKey: ['talents-export', exportId],
    queryFn: ({ signal }) => getExportProgress(exportId ?? '', signal),
    enabled: exportId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : EXPORT_POLL_MS),
  });
}

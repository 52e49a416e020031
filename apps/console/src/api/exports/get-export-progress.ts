import type { ExportProgress } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const EXPORT_POLL_MS = 800;

export function getExportProgress(path: string, signal?: AbortSignal): Promise<ExportProgress> {
  return request<ExportProgress>(path, { signal });
}

const finished = (progress: ExportProgress | undefined) =>
  progress?.state === 'done' || progress?.state === 'failed';

/** Polls an export (at its progress path) until it is done or failed. */
export function useExportProgress(path: string | null) {
  return useQuery({
    queryKey: ['export-progress', path],
    queryFn: ({ signal }) => getExportProgress(path ?? '', signal),
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : EXPORT_POLL_MS),
  });
}

import { apiPaths, type SendStats } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function getStats(days: number, signal?: AbortSignal): Promise<SendStats> {
  return request<SendStats>(apiPaths.sendRecords.stats, { query: { days }, signal });
}

/** The workplace's numbers; read again whenever the page is opened. */
export function statsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['workplace', 'stats', days],
    queryFn: ({ signal }) => getStats(days, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useStats(days: number) {
  return useQuery(statsQueryOptions(days));
}

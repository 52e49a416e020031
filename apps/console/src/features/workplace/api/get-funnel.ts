import { apiPaths, type FunnelData, type FunnelGrouping } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** The funnel's filters as the card holds them (times: the tasks' creation, both included). */
export interface FunnelFilters {
  groupBy: FunnelGrouping;
  shopId?: number | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

export function getFunnel(filters: FunnelFilters, signal?: AbortSignal): Promise<FunnelData> {
  const query: Record<string, string | number> = { groupBy: filters.groupBy };
  if (filters.shopId !== undefined) query.shopId = filters.shopId;
  if (filters.createdFrom && filters.createdTo) {
    query.createdFrom = filters.createdFrom;
    query.createdTo = filters.createdTo;
  }
  return request<FunnelData>(apiPaths.sendRecords.funnel, { query, signal });
}

/** The workplace funnel (issue 19); read again whenever the page is opened. */
export function funnelQueryOptions(filters: FunnelFilters) {
  return queryOptions({
    queryKey: ['workplace', 'funnel', filters],
    queryFn: ({ signal }) => getFunnel(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useFunnel(filters: FunnelFilters) {
  return useQuery(funnelQueryOptions(filters));
}

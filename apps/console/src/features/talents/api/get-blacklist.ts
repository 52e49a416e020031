import { apiPaths, type BlacklistEntry, type Page } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/crud/use-list-state.ts';
import { request } from '@/lib/request.ts';

/** The contract's `blacklistQuery`: page, page size and the talent name (or ID) searched. */
export type BlacklistListQuery = ListQuery;

export function getBlacklist(
  query: BlacklistListQuery,
  signal?: AbortSignal,
): Promise<Page<BlacklistEntry>> {
  return request<Page<BlacklistEntry>>(apiPaths.blacklist.list, { query: { ...query }, signal });
}

/** The key every blacklist change invalidates; each page and search lives below it. */
export const blacklistQueryKey = ['blacklist'] as const;

export function blacklistQueryOptions(query: BlacklistListQuery) {
  return queryOptions({
    queryKey: [...blacklistQueryKey, query],
    queryFn: ({ signal }) => getBlacklist(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBlacklist(query: BlacklistListQuery) {
  return useQuery(blacklistQueryOptions(query));
}

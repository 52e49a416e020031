import { apiPaths, type PlatformConnectionList } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { shopsQueryKey } from './get-shops.ts';

export function getConnections(signal?: AbortSignal): Promise<PlatformConnectionList> {
  return request<PlatformConnectionList>(apiPaths.platforms.connections, { signal });
}

/** Under the shops' key: every shop change (a bind, an unbind) refreshes the connections too. */
export const connectionsQueryKey = [...shopsQueryKey, 'connections'] as const;

export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: connectionsQueryKey,
    queryFn: ({ signal }) => getConnections(signal),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

import { apiPaths, type ConnectedBrowserList } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** GET user/browsers: the account's connected browsers (the extension's own sessions). */
export function getBrowsers(): Promise<ConnectedBrowserList> {
  return request<ConnectedBrowserList>(apiPaths.user.browsers);
}

export const browsersQueryKey = ['user', 'browsers'] as const;

export function browsersQueryOptions() {
  return queryOptions({ queryKey: browsersQueryKey, queryFn: getBrowsers });
}

export function useBrowsers() {
  return useQuery(browsersQueryOptions());
}

import { apiPaths, type TalentCountData, type TalentFilters } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

/** The total of a filter; `exact: false` when the server could only estimate it. */
export function getTalentCount(
  filters: Partial<TalentFilters>,
  signal?: AbortSignal,
): Promise<TalentCountData> {
  return request<TalentCountData>(apiPaths.talents.count, { query: filters, signal });
}

/** The total of a filter: asked beside the page, never before it. */
export function talentCountQueryOptions(filters: Partial<TalentFilters>, run = 0) {
  return queryOptions({
    queryKey: [...talentsQueryKey, 'count', filters, run],
    queryFn: ({ signal }) => getTalentCount(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTalentCount(filters: Partial<TalentFilters>, run = 0) {
  return useQuery(talentCountQueryOptions(filters, run));
}

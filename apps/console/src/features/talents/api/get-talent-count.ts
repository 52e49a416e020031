import { apiPaths, type TalentFilters } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function getTalentCount(
  filters: Partial<TalentFilters>,
  signal?: AbortSignal,
): Promise<number> {
  return request<{ total: number }>(apiPaths.talents.count, { query: filters, signal }).then(
    (data) => data.total,
  );
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

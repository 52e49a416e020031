import {
  apiPaths,
  type TalentFilters,
  type TalentPage,
  type TalentSortField,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** The contract's list query (`talentListQuery`) as the console sends it. */
export type TalentsQuery = Partial<TalentFilters> & {
  sort: TalentSortField;
  order: 'asc' | 'desc';
  pageSize: number;
  cursor?: string;
  offset?: number;
  fromEnd?: 'true';
};

export function getTalents(query: TalentsQuery, signal?: AbortSignal): Promise<TalentPage> {
  return request<TalentPage>(apiPaths.talents.list, { query, signal });
}

/**
 * The root of every talent query (pages, counts, facets, follow-ups): a change to talents
 * invalidates it as a whole.
 */
export const talentsQueryKey = ['talents'] as const;

/** `run` counts the searches: a new search asks again instead of showing a cached page. */
export function talentsQueryOptions(query: TalentsQuery, run = 0) {
  return queryOptions({
    queryKey: [...talentsQueryKey, 'list', query, run],
    queryFn: ({ signal }) => getTalents(query, signal),
    // Keep the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useTalents(query: TalentsQuery, run = 0) {
  return useQuery(talentsQueryOptions(query, run));
}

import { apiPaths, type TalentFacets } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function getTalentFacets(signal?: AbortSignal): Promise<TalentFacets> {
  return request<TalentFacets>(apiPaths.talents.facets, { signal });
}

/** The seller's shop names and own labels, for the filters and the label pickers. */
export function talentFacetsQueryOptions() {
  return queryOptions({
    queryKey: [...talentsQueryKey, 'facets'],
    queryFn: ({ signal }) => getTalentFacets(signal),
  });
}

export function useTalentFacets() {
  return useQuery(talentFacetsQueryOptions());
}

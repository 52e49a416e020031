import { apiPaths, type FollowUp, type Page } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export const FOLLOW_UPS_PAGE_SIZE = 10;

export function getFollowUps(
  talentId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<FollowUp>> {
  return request<Page<FollowUp>>(apiPaths.talents.followUps(talentId), {
    query: { page, pageSize: FOLLOW_UPS_PAGE_SIZE },
    signal,
  });
}

export interface FollowUpHistory {
  list: FollowUp[];
  total: number;
  hasMore: boolean;
}

/**
 * The first `pages` pages of a talent's history, newest first. "Load more" asks one page
 * more; a refresh (after a new record) reads them all again, so nothing is shown twice.
 */
export async function getFollowUpHistory(
  talentId: number,
  pages: number,
  signal?: AbortSignal,
): Promise<FollowUpHistory> {
  const results = await Promise.all(
    Array.from({ length: pages }, (_, index) => getFollowUps(talentId, index + 1, signal)),
  );
  const seen = new Set<number>();
  const list = results
    .flatMap((page) => page.list)
    .filter((record) => (seen.has(record.id) ? false : (seen.add(record.id), true)));
  const total = results.at(-1)?.total ?? 0;
  return { list, total, hasMore: pages * FOLLOW_UPS_PAGE_SIZE < total };
}

export function followUpsQueryKey(talentId: number) {
  return [...talentsQueryKey, 'follow-ups', talentId] as const;
}

export function followUpsQueryOptions(talentId: number, pages: number) {
  return queryOptions({
    queryKey: [...followUpsQueryKey(talentId), pages],
    queryFn: ({ signal }) => getFollowUpHistory(talentId, pages, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFollowUps(talentId: number | null, pages: number) {
  return useQuery({ ...followUpsQueryOptions(talentId ?? 0, pages), enabled: talentId !== null });
}

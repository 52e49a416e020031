import { apiPaths, type DoudianActivityPage } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * The 团长 activities a 抖店 shop connected by authorization may apply to, read by the server
 * from 抖店开放平台 (buyin.ShopActivityList), first page, optionally by 团长 or activity name.
 */
export function getDoudianActivities(
  shopId: number,
  keyword: string,
  signal?: AbortSignal,
): Promise<DoudianActivityPage> {
  // Its failure (authorization to renew, 抖店 out of reach) is shown in the form, not a toast.
  return request<DoudianActivityPage>(apiPaths.platforms.doudianActivities(shopId), {
    signal,
    query: { keyword: keyword.trim() || undefined },
    quiet: true,
  });
}

export function useDoudianActivities(shopId: number | null, keyword: string) {
  return useQuery({
    queryKey: ['doudian-activities', shopId, keyword.trim()],
    queryFn: ({ signal }) => getDoudianActivities(shopId ?? 0, keyword, signal),
    enabled: shopId !== null,
    staleTime: 60_000,
    retry: false,
  });
}

import { apiPaths } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { browsersQueryKey } from './get-browsers.ts';

/** DELETE user/browsers/:id: its tokens stop working at once. */
export function revokeBrowser(id: string): Promise<null> {
  return request<null>(apiPaths.user.browser(id), { method: 'DELETE' });
}

export function useRevokeBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeBrowser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: browsersQueryKey }),
  });
}

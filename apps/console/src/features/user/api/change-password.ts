import { apiPaths, type ChangePasswordBody } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST auth/change-password. The server ends the other sessions; this one stays signed in. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return request<null>(apiPaths.auth.changePassword, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

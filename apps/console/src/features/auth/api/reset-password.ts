import { apiPaths, type ResetPasswordBody } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return request<null>(apiPaths.auth.resetPassword, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

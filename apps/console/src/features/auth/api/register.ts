import { apiPaths, type RegisterBody, type RegisterData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST auth/register. It answers `{ id, username, phoneNumber, createdAt }`, the `me` shape. */
export function register(body: RegisterBody): Promise<RegisterData> {
  return request<RegisterData>(apiPaths.auth.register, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

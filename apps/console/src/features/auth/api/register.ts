import { apiPaths, type MeData, type RegisterBody } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST auth/register. It answers `{ id, username, phoneNumber, createdAt }`, the `me` shape. */
export function register(body: RegisterBody): Promise<MeData> {
  return request<MeData>(apiPaths.auth.register, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

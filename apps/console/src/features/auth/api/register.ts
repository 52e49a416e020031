import { apiPaths, type RegisterBody, type RegisterData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';

/**
 * POST auth/register, with the browser's zone as the account's. It answers the `me` shape
 * (`{ id, username, phoneNumber, createdAt, timeZone }`).
 */
export function register(body: RegisterBody): Promise<RegisterData> {
  return request<RegisterData>(apiPaths.auth.register, {
    method: 'POST',
    body: { timeZone: browserTimeZone(), ...body },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { apiPaths } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

/** POST auth/logout: revokes the session on the server; never fails locally. */
export function logout(): Promise<null> {
  return request<null>(apiPaths.auth.logout, { method: 'POST' });
}

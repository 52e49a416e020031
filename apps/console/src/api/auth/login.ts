import { apiPaths, type LoginBody, type LoginData } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

/** POST auth/login. Quiet: the sign-in flow shows the server's message or its own fallback. */
export function login(body: LoginBody): Promise<LoginData | null> {
  return request<LoginData | null>(apiPaths.auth.login, { method: 'POST', body, quiet: true });
}

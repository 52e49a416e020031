import { apiPaths, type LoginBody, type LoginData } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';

/**
 * POST auth/login. Quiet: the sign-in flow shows the server's message or its own fallback.
 * The browser's zone goes along: an account without one takes it.
 */
export function login(body: LoginBody): Promise<LoginData | null> {
  return request<LoginData | null>(apiPaths.auth.login, {
    method: 'POST',
    body: { timeZone: browserTimeZone(), ...body },
    quiet: true,
  });
}

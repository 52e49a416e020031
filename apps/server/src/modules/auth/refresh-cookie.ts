import { apiPaths, REFRESH_COOKIE_NAME, REFRESH_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser's refresh token: an `HttpOnly` cookie, so no script of the page (nor an
 * injected one) can read it, `SameSite=Strict`, so no other site's page can make the
 * browser send it, and scoped to the refresh call, so no other request carries it.
 * `Secure` (and the `__Secure-` prefix) when the product is served over HTTPS.
 *
 * The value records the sign-in's "remember" choice beside the token (`p.` persistent,
 * `s.` for the browser's session), so each rotation sets the new token the way the first
 * was set. It is only ever read back by this server; a changed prefix only changes how
 * long the user's own browser keeps the cookie.
 */
export class RefreshCookie {
  readonly name: string;
  private readonly secure: boolean;

  constructor(publicUrl: string) {
    this.secure = new URL(publicUrl).protocol === 'https:';
    this.name = this.secure ? `__Secure-${REFRESH_COOKIE_NAME}` : REFRESH_COOKIE_NAME;
  }

  /** The refresh token the request's cookie carries, and whether it was a remembered sign-in. */
  read(request: FastifyRequest): { token: string; remember: boolean } | null {
    const header = request.headers.cookie;
    if (!header) return null;
    const value = parseCookie(header)[this.name];
    const match = value ? /^([ps])\.([A-Za-z0-9_-]{1,512})$/.exec(value) : null;
    return match ? { token: match[2]!, remember: match[1] === 'p' } : null;
  }

  /**
   * Sets the token: a persistent cookie that lives as long as the session may
   * (`sessionExpiresAt`) for a remembered sign-in, else a cookie for the browser's session.
   */
  set(
    reply: FastifyReply,
    token: string,
    remember: boolean,
    sessionExpiresAt: Date = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  ): void {
    const maxAge = Math.max(0, Math.floor((sessionExpiresAt.getTime() - Date.now()) / 1000));
    this.append(reply, {
      value: `${remember ? 'p' : 's'}.${token}`,
      ...(remember ? { maxAge } : {}),
    });
  }

  /** Tells the browser to drop the cookie (logout, a refused refresh token). */
  clear(reply: FastifyReply): void {
    this.append(reply, { value: '', maxAge: 0, expires: new Date(0) });
  }

  private append(reply: FastifyReply, cookie: Pick<SetCookie, 'value' | 'maxAge' | 'expires'>) {
    reply.header(
      'set-cookie',
      stringifySetCookie({
        name: this.name,
        ...cookie,
        path: apiPaths.auth.refresh,
        httpOnly: true,
        secure: this.secure,
        sameSite: 'strict',
      }),
    );
  }
}

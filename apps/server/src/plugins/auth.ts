import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../lib/errors.ts';
import type { AccessClaims } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say so: nothing can forget to require a login. */
    public?: boolean;
    /**
     * The extension's scoped token is accepted here too (shop report, claim, record
     * report, the extension summary). Everywhere else it is refused with 403.
     */
    extension?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every non-public route. */
    auth: AccessClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Declares one route public (for routes whose options we do not write ourselves). */
export function markPublic(route: RouteOptions): void {
  route.config = { ...route.config, public: true };
}

/**
 * Declares every route registered in this (encapsulated) scope public: for plugins that
 * are not ours (the API document's UI, the console's files), whose routes take no config.
 */
export function publicScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', markPublic);
}

/**
 * Every route requires a valid access token of a live session unless it is declared
 * public (`config: { public: true }`, `markPublic`, `publicScope`); unknown paths answer
 * 404. The decision is the matched route's, never the raw URL's: the router decodes the
 * path (`/api/%761/...` and `/%61pi/v1/...` are `/api/v1/...`), ignores a trailing slash
 * and takes `;x` into a parameter, so any test of `request.url` can be spelled around.
 * The extension's scoped token (same session, scope `extension`) passes only on
 * routes marked `config: { extension: true }`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as AccessClaims);
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    // Most requests carry a token verified before: answered without a wait.
    const known = app.tokens.verifiedBefore(token);
    const claims = known === undefined ? await app.tokens.verifyBearer(token) : known;
    if (!claims) throw unauthenticated();
    if (request.routeOptions.config.listCache) {
      // The data version comes with the revocation check: one Redis command for both.
      const session = await app.listCache.checkSession(
        app.revocations,
        claims.sessionId,
        claims.userId,
      );
      if (session.revoked) throw unauthenticated();
      request.dataVersion = session.version;
    } else if (await app.revocations.isRevoked(claims.sessionId)) throw unauthenticated();
    if (claims.scope !== 'full' && !request.routeOptions.config.extension) {
      throw new AppError(403, 'error.extensionTokenScope');
    }
    request.auth = claims;
  };
  // Not async itself: public routes and files pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 || request.routeOptions.config.public) return done();
    authenticate(request).then(() => done(), done);
  });
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Every /api/v1 route requires a valid access token of a live session, except
 * routes marked `config: { public: true }` and unknown paths (which answer 404).
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
    // Only the versioned API is private; /api/health and /api/docs are public by design.
    if (request.is404 || request.routeOptions.config.public || !request.url.startsWith('/api/v1/'))
      return done();
    authenticate(request).then(() => done(), done);
  });
});

import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markPublic } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of every answer (also set on answers made outside the hooks). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * The Content-Security-Policy of every answer the server makes (the API document's UI
 * sets its own). Directives in the order helmet 8 wrote them, so the header is the same
 * byte for byte as before the map replaced it.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  // helmet's default: no inline event handlers (onclick="…").
  "script-src-attr 'none'",
  // Arco sets theme colours and positions through inline styles.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

/**
 * The security headers, as a literal map: the set helmet 8.3 emitted with this server's
 * options (its defaults, https://github.com/helmetjs/helmet#reference, with the CSP
 * above, no Cross-Origin-Embedder-Policy, HSTS only over HTTPS), written out so that
 * what goes on the wire is readable here and costs nothing per request. Every value is
 * a constant. test/security/headers.test.ts checks each is on every kind of answer.
 */
export function securityHeaders(opts: { publicUrl: string }): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy,
    // A window of another origin that opens ours, or that ours opens, gets no handle on it.
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites cannot embed the server's answers (scripts, images, JSON) in theirs.
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'no-referrer',
    // HSTS only when users reach the product over HTTPS (PUBLIC_URL): 180 days with the
    // subdomains. The embedded default is plain HTTP on 127.0.0.1, where it would mean
    // nothing (browsers ignore it over HTTP, RFC 6797 section 8.1).
    ...(opts.publicUrl.startsWith('https://')
      ? { 'Strict-Transport-Security': `max-age=${180 * 24 * 3600}; includeSubDomains` }
      : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    // Older browsers that do not read frame-ancestors.
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    // "0" turns off the legacy XSS auditors, which could be abused to leak page content
    // (https://owasp.org/www-project-secure-headers/#x-xss-protection).
    'X-XSS-Protection': '0',
  };
}

/**
 * Security headers for API and console alike, and CORS only for the origins
 * listed in CORS_ORIGINS (the console itself is same-origin and needs none).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { corsOrigins: string[]; publicUrl: string }) => {
    const headers = securityHeaders(opts);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    const allowed = new Set(opts.corsOrigins);
    // The preflight route @fastify/cors adds (`OPTIONS *`) is asked by browsers before any
    // credential is sent (Fetch standard, CORS-preflight request): public by declaration.
    app.addHook('onRoute', (route) => {
      if (route.method === 'OPTIONS' && route.url === '*') markPublic(route);
    });
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      maxAge: 600,
    });
  },
);

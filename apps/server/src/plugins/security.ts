import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets the security headers on a raw response (for answers made outside the hooks). */
    securityHeaders: (
      req: IncomingMessage,
      res: ServerResponse,
      next: (error?: unknown) => void,
    ) => void;
  }
}

/**
 * Security headers for API and console alike, and CORS only for the origins
 * listed in CORS_ORIGINS (the console itself is same-origin and needs none).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { corsOrigins: string[]; publicUrl: string }) => {
    // Built once: @fastify/helmet rebuilt the middleware (and parsed the CSP) on every
    // request, a few percent of each API call's CPU.
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Arco sets theme colours and positions through inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only when users reach the product over HTTPS (PUBLIC_URL); the embedded
      // default is plain HTTP on 127.0.0.1, where it would mean nothing.
      strictTransportSecurity: opts.publicUrl.startsWith('https://')
        ? { maxAge: 180 * 24 * 3600, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
    });
    app.decorate('securityHeaders', setHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    const allowed = new Set(opts.corsOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      maxAge: 600,
    });
  },
);

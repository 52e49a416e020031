import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markPublic } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of every answer (also set on answers made outside the hooks). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The headers helmet sets, taken once: every directive here is a constant, so each answer
 * gets the same set, and running helmet's chain of middlewares (each header checked as
 * Node sets it) on every request cost several percent of a cached list's time.
 */
function constantHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: () => undefined,
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
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
    const headers = constantHeaders(setHeaders);
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

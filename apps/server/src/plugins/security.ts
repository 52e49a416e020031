import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for API and console alike, and CORS only for the origins
 * listed in CORS_ORIGINS (the console itself is same-origin and needs none).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { corsOrigins: string[] }) => {
  await app.register(helmet, {
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
    // The console is served over plain HTTP on 127.0.0.1 by default; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const allowed = new Set(opts.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
    maxAge: 600,
  });
});

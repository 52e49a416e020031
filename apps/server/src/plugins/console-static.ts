import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failureFor } from '../lib/envelope.ts';

/**
 * Serves the built console and falls back to index.html for client routes
 * (history mode). Unknown /api paths still answer the JSON 404.
 */
export const consoleStaticPlugin = fp(
  async (app: FastifyInstance, opts: { consoleDir: string }) => {
    const indexFile = path.join(opts.consoleDir, 'index.html');
    const hasConsole = existsSync(indexFile);
    if (!hasConsole) {
      app.log.warn(
        { consoleDir: opts.consoleDir },
        'console build not found: serving the API only',
      );
    } else {
      await app.register(fastifyStatic, {
        root: opts.consoleDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset: sent when the browser accepts them.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Hashed assets never change; everything else is revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasConsole && !isApi && wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(failureFor(request.locale, 404, 'error.apiNotFound'));
    });
  },
);

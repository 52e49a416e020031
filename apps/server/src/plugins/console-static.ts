import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { failureFor } from '../lib/envelope.ts';
import { publicScope } from './auth.ts';

/** The path of a request URL, percent-decoded where it can be (as the router does). */
function decodedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

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
      const files = {
        root: opts.consoleDir,
        // The build writes .br and .gz beside each asset: sent when the browser accepts them.
        preCompressed: true,
        setHeaders(reply: FastifyReply, filePath: string) {
          // Hashed assets never change; everything else is revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      };
      // Here only `reply.sendFile` (the history fallback below); the files' own routes are
      // declared public in a scope of their own, since @fastify/static takes no route config.
      await app.register(fastifyStatic, { ...files, serve: false });
      await app.register(async (scope) => {
        publicScope(scope);
        await scope.register(fastifyStatic, {
          ...files,
          wildcard: false,
          index: false,
          decorateReply: false,
        });
      });
    }

    app.setNotFoundHandler((request, reply) => {
      // Decided on the path as the router reads it (`/%61pi/...` is `/api/...`).
      const pathname = decodedPath(request.url);
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasConsole && !isApi && wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(failureFor(request.locale, 404, 'error.apiNotFound'));
    });
  },
);

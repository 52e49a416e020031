import type { FastifyInstance, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ListCache } from '../lib/list-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read whose answer follows only from the caller's own data, the URL and the
     * language (a list, a count): answered from the list cache while that data is
     * unchanged. Every write by the account (any other method) changes its version.
     */
    listCache?: boolean;
  }
  interface FastifyInstance {
    listCache: ListCache;
  }
  interface FastifyRequest {
    /** The caller's data version, read by the auth hook with the revocation check. */
    dataVersion: string | null;
    /** Where this answer is filed once made; null when it is not to be cached. */
    listCacheKey: string | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = 'application/json; charset=utf-8';

function hooks<T>(existing: T | T[] | undefined): T[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing : [existing];
}

/**
 * Serves the routes marked `listCache` from `app.listCache`, and changes an account's
 * data version after each of its writes: any authenticated request that is not a read,
 * whatever its outcome, since a failed request may have written part of its work.
 * Writes outside requests (background jobs) call `app.listCache.changed` themselves.
 */
export const listCachePlugin = fp(async (app: FastifyInstance, opts: { cache: ListCache }) => {
  const cache = opts.cache;
  app.decorate('listCache', cache);
  app.decorateRequest('dataVersion', null);
  app.decorateRequest('listCacheKey', null);

  const lookup: onRequestHookHandler = (request, reply, done) => {
    const version = request.dataVersion;
    if (version === null) return done();
    const key = cache.key(request.auth.userId, version, request.locale, request.url);
    const hit = cache.get(key);
    if (hit) {
      // A callback hook that answers sends and does not call done
      // (https://fastify.dev/docs/latest/Reference/Hooks/#respond-to-a-request-from-a-hook);
      // the reply is a thenable nobody needs to wait for, hence `void`.
      void reply.header('content-type', JSON_TYPE).send(hit);
      return;
    }
    request.listCacheKey = key;
    done();
  };

  const store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    if (request.listCacheKey === null || reply.statusCode !== 200 || typeof payload !== 'string')
      return done(null, payload);
    // Kept as bytes: a hit then skips encoding the text again, as well as making it.
    const body = Buffer.from(payload);
    cache.set(request.listCacheKey, body);
    done(null, body);
  };

  if (cache.enabled) {
    app.addHook('onRoute', (route) => {
      if (!route.config?.listCache) return;
      route.onRequest = [...hooks(route.onRequest), lookup];
      route.onSend = [...hooks(route.onSend), store];
    });
  }

  // Not async: reads, most requests, pass straight through.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.auth || READS.has(request.method)) return done(null, payload);
    void cache.changed([request.auth.userId]).then(() => done(null, payload));
  });
});

import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
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
    /** The caller's data version, started by the auth hook beside the revocation check. */
    dataVersion: Promise<string | null> | null;
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

  const lookup: onRequestAsyncHookHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const version = await request.dataVersion;
    if (version === null || version === undefined) return;
    const key = cache.key(request.auth.userId, version, request.locale, request.url);
    const hit = cache.get(key);
    if (hit) return reply.header('content-type', JSON_TYPE).send(hit);
    request.listCacheKey = key;
  };

  const store: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    if (request.listCacheKey === null || reply.statusCode !== 200 || typeof payload !== 'string')
      return payload;
    // Kept as bytes: a hit then skips encoding the text again, as well as making it.
    const body = Buffer.from(payload);
    cache.set(request.listCacheKey, body);
    return body;
  };

  if (cache.enabled) {
    app.addHook('onRoute', (route) => {
      if (!route.config?.listCache) return;
      route.onRequest = [...hooks(route.onRequest), lookup];
      route.onSend = [...hooks(route.onSend), store];
    });
  }

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.auth && !READS.has(request.method)) await cache.changed([request.auth.userId]);
    return payload;
  });
});

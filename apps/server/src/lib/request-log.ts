import type { FastifyRequest } from 'fastify';

/** What stands in a log line for a secret taken out of it. */
export const REDACTED = '[redacted]';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Query parameters whose values are credentials: an OAuth authorization's `code` and `state`
 * (the platform's redirect to our callback), and the tokens and app secret of the platform's
 * token calls (served by the embedded sandboxes), and 抖店's `param_json`. Their values never reach a log line.
 */
const secretQueryKeys = new Set([
  'code',
  'state',
  'auth_code',
  'access_token',
  'refresh_token',
  'app_secret',
  // 抖店's gateway carries the business parameters in the query too: token.create's `code`
  // and token.refresh's `refresh_token` travel inside it.
  'param_json',
]);

function loggableQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const key = decoded(pair.slice(0, equals).replace(/\+/g, ' ')).toLowerCase();
      return secretQueryKeys.has(key) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A URL fit for a log line: the segment after a `download` segment is the one-time token
 * of an export link (`/api/v1/talents/exports/download/<token>`, whoever holds it gets
 * the file), so it is replaced, and so are the values of credential query parameters
 * (`code`, `state`, tokens: `secretQueryKeys`); the rest of the URL, query included, is kept
 * as sent. Decided on each segment decoded and in any case, so `downloa%64` or `DOWNLOAD`
 * (which the router may match, or a HEAD or a typo that it does not, with a token still
 * valid) cannot carry a token past it.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (segments[i] && decoded(segments[i - 1]!).toLowerCase() === 'download') {
      segments[i] = REDACTED;
    }
  }
  return segments.join('/') + (queryAt === -1 ? '' : `?${loggableQuery(url.slice(queryAt + 1))}`);
}

/** Fastify's request serializer (the same fields), with the URL made fit for a log line. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

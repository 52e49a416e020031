import { issueMessage, pickLocale, translate, waitText, type Locale } from '@inviteflow/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failure, failureFor } from '../lib/envelope.ts';
import { AppError, isDatabaseUnavailable } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language (zh-CN by default). */
    locale: Locale;
  }
}

type ZodValidationItem = {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
};

/** Rebuilds the zod issue that fastify-type-provider-zod flattened into `error.validation`. */
function toIssue(item: ZodValidationItem): z.core.$ZodIssue {
  return {
    ...item.params,
    code: item.keyword,
    path: item.instancePath.split('/').filter(Boolean),
    message: item.message,
  } as unknown as z.core.$ZodIssue;
}

/**
 * One error policy: every failure becomes the envelope with a message in the
 * caller's language; validation names the field; a 5xx never shows internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = pickLocale(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const localized = Object.entries(error.localizedParams ?? {}).map(([name, param]) => [
        name,
        typeof param === 'function' ? param(locale) : translate(locale, param),
      ]);
      const params = { ...error.params, ...Object.fromEntries(localized) };
      return reply
        .status(error.status)
        .send(failureFor(locale, error.status, error.messageKey, params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as unknown as ZodValidationItem;
      return reply.status(400).send(failure(locale, 400, issueMessage(locale, toIssue(first))));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(failureFor(locale, 413, 'error.payloadTooLarge'));
    if (status === 415)
      return reply.status(415).send(failureFor(locale, 415, 'error.unsupportedMediaType'));
    if (status === 429)
      return reply
        .status(429)
        .send(failureFor(locale, 429, 'error.tooManyRequests', { wait: waitText(locale, 60) }));
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty bodies and the like.
      return reply.status(status).send(failureFor(locale, status, 'error.badRequest'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(failureFor(locale, 503, 'error.unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failureFor(locale, 500, 'error.internal'));
  });
});

/**
 * Errors the router raises before any hook runs (a path that is not valid percent-encoding,
 * a path parameter over the length limit): the same envelope as every other failure,
 * instead of Fastify's own `{ error, code, message, statusCode }`.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const locale = pickLocale(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  // No hook ran for this request: the security headers are set here.
  if (request.server.securityHeaders) reply.headers(request.server.securityHeaders);
  // Fastify ignores this handler's return value; a reply is a thenable
  // (https://fastify.dev/docs/latest/Reference/Reply/#then), so it is sent and `void`ed.
  void reply
    .status(status)
    .send(
      failureFor(locale, status, status === 414 ? 'error.payloadTooLarge' : 'error.badRequest'),
    );
}

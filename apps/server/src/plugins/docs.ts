import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  CLAIM_LEASE_SECONDS,
  CLAIM_LIMIT_MAX,
  apiPaths,
  sendErrorCodes,
  translate,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicScope } from './auth.ts';

/**
 * What the task API is for and how an extension uses it, as a whole (each call describes
 * itself). The numbers and the error codes come from the contract.
 */
const taskApiDescription =
  'The calls the companion extension makes while it carries out invitations in the seller ' +
  'center, with its scoped `extensionToken` (or a console token). Its loop: **report the shop** ' +
  `in view (\`POST ${apiPaths.shops.report}\`: bound, or a 422/409 refusal whose message is shown ` +
  `as it is); **claim** up to ${CLAIM_LIMIT_MAX} pending records of that shop ` +
  `(\`POST ${apiPaths.sendRecords.claim}\`), each leased for ${CLAIM_LEASE_SECONDS} s, so the work ` +
  'of a crashed extension returns to the pool, and two extensions never get the same record; ' +
  'execute each and **report** it before its lease ends (`POST /api/v1/send-records/{id}/report`: ' +
  '`success`, or `failed` with a standard error code; the first result wins and a repeat changes ' +
  'nothing); claim again until `records` is empty. A record whose talent was blacklisted after ' +
  'its task was made is never handed out: the claim fails it as `blacklisted` and lists it in ' +
  '`skipped`. When a task ends with failures the seller gets a message. Standard error codes: ' +
  sendErrorCodes
    .map((code) => `\`${code}\` (${translate('en-US', `enum.sendErrorCode.${code}`)})`)
    .join(', ') +
  '.';

/** The OpenAPI document, generated from the contract's zod schemas, and its UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'InviteFlow API',
        description:
          'The API behind the InviteFlow console and extension. Every response is the envelope ' +
          '`{ success, code, message, data, timestamp }`; `message` follows `Accept-Language` (zh-CN or en-US).',
        version: '1.0.0',
      },
      servers: [{ url: opts.publicUrl }],
      tags: [{ name: 'task API', description: taskApiDescription }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          extensionToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "The companion extension's token (`POST /api/v1/auth/extension-token`): scope " +
              '`extension`, 10 minutes, ends with the session. Accepted only by the calls that list it.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Routes that take the extension's token say so in the document, from the same flag the
  // auth plugin enforces: the two cannot disagree.
  app.addHook('onRoute', (route) => {
    if (!route.config?.extension) return;
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }, { extensionToken: [] }] };
  });
  // The document and its UI are public; their routes are swagger-ui's, declared so by scope.
  await app.register(async (scope) => {
    publicScope(scope);
    await scope.register(swaggerUi, {
      routePrefix: apiPaths.docs,
      staticCSP: true,
      // Swagger UI sets a few inline styles: allow them on the docs pages only. No
      // external validator badge, and no https upgrade for a plain-HTTP local server.
      transformStaticCSP: (header) =>
        header
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
          .replace(/ validator\.swagger\.io/, '')
          .replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    });
  });
});

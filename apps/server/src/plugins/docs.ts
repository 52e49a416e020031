import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiPaths } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
  await app.register(swaggerUi, {
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

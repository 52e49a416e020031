import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  BROWSER_LEASE_SECONDS,
  apiPaths,
  browserRecordErrorCodes,
  translate,
} from '@inviteflow/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { failure, failureMeanings, type FailureStatus } from '../lib/route-schemas.ts';
import { publicScope } from './auth.ts';

/**
 * What the task API is for and how an extension uses it, as a whole (each call describes
 * itself). The numbers and the error codes come from the contract.
 */
const taskApiDescription =
  "The calls the companion extension makes with its own session's `extensionToken` (or a " +
  `console token). **Report a shop** the seller binds from the extension (\`POST ${apiPaths.shops.report}\`: ` +
  "bound, or a 422/409 refusal whose message is shown as it is). The browser channel's loop: " +
  `**claim** a browser action (\`POST ${apiPaths.extension.claim}\`), leased for ` +
  `${BROWSER_LEASE_SECONDS} s to the calling session, within the plan's daily allowance counted ` +
  'by the server; mark its send **started** before the page sends (write-ahead: a lease that ' +
  'lapses after it leaves the action in doubt, never handed out again before a **reconcile**); ' +
  "**report** each record's outcome or a run-level stop (quota, captcha, platform login, rate " +
  'limit, page changed) that fails no record. A record fails only for an answer about its ' +
  'talent: ' +
  browserRecordErrorCodes
    .map((code) => `\`${code}\` (${translate('en-US', `enum.sendErrorCode.${code}`)})`)
    .join(', ') +
  '. The record-by-record claim of the extension before issue 17 is retired.';

/** Methods whose body Fastify reads (and may refuse as malformed, too large or of an unknown type). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Needs a session: the rule the auth plugin enforces (every route unless declared public).
 * Routes declared public by scope (swagger-ui's, the console's files) are marked after this
 * hook runs, but none of them is in the document. The extension's token passes only where
 * the route says so, else 403.
 */
function sessionRoute(route: RouteOptions): boolean {
  return route.config?.public !== true;
}

/**
 * The failures a route answers whatever its handler does, from its configuration alone:
 * a session route 401 (and 403 to the extension's token, where that is not accepted); a
 * route that reads input 400, one that reads a body 413 and 415 too; a route with ids in
 * its path 404; every route 500 and 503. Its own (409, 422, 429, ...) the route names.
 */
function impliedFailures(route: RouteOptions): FailureStatus[] {
  const schema = route.schema ?? {};
  const methods = [route.method].flat().map((method) => method.toUpperCase());
  const readsBody = methods.some((method) => bodyMethods.has(method));
  const statuses: FailureStatus[] = [];
  if (readsBody || schema.body || schema.querystring || schema.params) statuses.push(400);
  if (sessionRoute(route)) statuses.push(401);
  if (sessionRoute(route) && !route.config?.extension) statuses.push(403);
  if (schema.params) statuses.push(404);
  if (readsBody) statuses.push(413, 415);
  statuses.push(500, 503);
  return statuses;
}

/** Adds the implied failures a route does not document itself, each with its general meaning. */
function documentImpliedFailures(route: RouteOptions) {
  const schema = route.schema;
  if (!schema || (schema as { hide?: boolean }).hide) return;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of impliedFailures(route)) {
    response[status] ??= failure(failureMeanings[status]);
  }
  route.schema = { ...schema, response };
}

type OpenApiObject = ReturnType<SwaggerTransformObject>;

/** Drops the components no operation refers to (the zod registry names every schema it knows). */
function withReferencedComponents(document: OpenApiObject): OpenApiObject {
  const components = (document as { components?: { schemas?: Record<string, unknown> } })
    .components;
  const schemas = components?.schemas ?? {};
  const referenced = new Set<string>();
  const visit = (node: unknown) => {
    for (const [, name] of JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (referenced.has(name!) || !(name! in schemas)) continue;
      referenced.add(name!);
      visit(schemas[name!]);
    }
  };
  visit({ ...document, components: { ...components, schemas: {} } });
  const kept = Object.entries(schemas).filter(([name]) => referenced.has(name));
  const pruned = { ...components, schemas: Object.fromEntries(kept) };
  return { ...document, components: pruned } as OpenApiObject;
}
const transformObject = createJsonSchemaTransformObject({});

/** The OpenAPI document, generated from the contract's zod schemas, and its UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'InviteFlow API',
        description:
          'The API behind the InviteFlow console and extension. Every JSON response is the envelope ' +
          '`{ success, code, message, data, timestamp }`; `message` follows `Accept-Language` (zh-CN or en-US). ' +
          'Each operation lists every status it answers; a failure is the envelope with `success` false ' +
          'and `code` the status. Files, the payment notification (plain text) and the sandbox ' +
          "gateway's pages answer as their operation says.",
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
    // Schemas named in the zod registry (a recursive one, the failure envelope) become
    // components that the operations refer to.
    transformObject: (document) => withReferencedComponents(transformObject(document)),
  });
  // Routes that take the extension's token say so in the document, from the same flag the
  // auth plugin enforces: the two cannot disagree.
  app.addHook('onRoute', (route) => {
    if (!route.config?.extension) return;
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }, { extensionToken: [] }] };
  });
  // Every status a route answers is documented by its number: the implied ones here, from
  // the same configuration the auth plugin and Fastify act on.
  app.addHook('onRoute', documentImpliedFailures);
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

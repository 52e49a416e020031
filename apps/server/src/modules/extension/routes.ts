import {
  CONNECTED_BROWSERS_MAX,
  EXTENSION_TOKEN_TTL_SECONDS,
  apiPaths,
  connectedBrowserList,
  connectedBrowserParams,
  extensionRenewBody,
  extensionSessionBody,
  extensionSessionData,
  extensionSummary,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { extensionSummaryFor } from './summary.ts';

/**
 * What the companion extension reads with its scoped token besides the task API, and its own
 * session (issue 17): made by the console, renewed by the extension alone, listed and revoked
 * in User Settings ("Connected browsers").
 */
export async function extensionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sessions = app.authService.sessions;

  app.get(
    apiPaths.extension.summary,
    {
      config: { extension: true },
      schema: {
        tags: ['task API'],
        summary: "Extension: the caller's account, plan, bound shops and today's work",
        description:
          'Accepts the console access token or the extension token. `counts.pending` and ' +
          '`counts.running` are the queue as it stands; `done` (succeeded + failed) counts ' +
          'records finished today in `timeZone`.',
        response: responses(extensionSummary, { 404: 'The account no longer exists' }),
      },
    },
    async (request) =>
      ok(request, await extensionSummaryFor(app.db, request.auth.userId, app.clock.now())),
  );

  app.post(
    apiPaths.extension.sessions,
    {
      schema: {
        tags: ['auth'],
        summary: 'Connect this browser: the extension gets a session of its own',
        description:
          'Called by the signed-in console (its access token; the extension token is refused ' +
          'with 403), which hands the answer to the extension. `token` works only on the ' +
          `extension's routes and lives ${EXTENSION_TOKEN_TTL_SECONDS / 60} minutes; ` +
          "`renewToken` renews it (used once, rotated) without the console. The console's " +
          'logout, a password change or a revocation in User Settings ends it.',
        body: extensionSessionBody,
        response: responses(extensionSessionData, {
          422: `The account has ${CONNECTED_BROWSERS_MAX} connected browsers already`,
        }),
      },
    },
    async (request) => {
      // Not marked `extension`: the auth plugin refuses an extension token here (403).
      if ((await sessions.browsersOf(request.auth.userId)).length >= CONNECTED_BROWSERS_MAX) {
        throw new AppError(422, 'error.tooManyBrowsers', { max: CONNECTED_BROWSERS_MAX });
      }
      const made = await sessions.startExtension(
        { id: request.auth.userId, role: request.auth.role },
        request.auth.sessionId,
        {
          name: request.body.name,
          browser: request.body.browser,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
      );
      return ok(
        request,
        {
          sessionId: made.sessionId,
          token: made.token,
          expiresAt: made.expiresAt.toISOString(),
          renewToken: made.renewToken,
          renewExpiresAt: made.renewExpiresAt.toISOString(),
        },
        'success.browserConnected',
      );
    },
  );

  app.post(
    apiPaths.extension.renew,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The extension renews its own session',
        description:
          'Public: the renew token decides. Answers a new token and a new renew token (the old ' +
          'one is used up; presented again after a short grace it ends the session). 401 once ' +
          'the session ended (logout, password change, revocation).',
        body: extensionRenewBody,
        response: responses(extensionSessionData, {
          401: 'The renew token is unknown, used up, or its session ended',
        }),
      },
    },
    async (request) => {
      const rotated = await app.authService.renewExtension(request.body.renewToken);
      const expiresAt = new Date(Date.now() + EXTENSION_TOKEN_TTL_SECONDS * 1000);
      return ok(request, {
        sessionId: rotated.sessionId,
        token: rotated.access_token,
        expiresAt: expiresAt.toISOString(),
        renewToken: rotated.refresh_token,
        renewExpiresAt: rotated.sessionExpiresAt.toISOString(),
      });
    },
  );

  app.post(
    apiPaths.extension.end,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The extension ends a session it no longer holds',
        description:
          'Public: the renew token decides (the current one of the session). The extension ' +
          'calls it when a new sign-in on the console hands it another session, so that the ' +
          'one it replaced stops working at once instead of living until its renewal lapses ' +
          'and filling Connected browsers. Answers `ended: false` for a token that names no ' +
          'live browser session (already ended, used up, unknown): nothing to say to a prober.',
        body: extensionRenewBody,
        response: responses(z.object({ ended: z.boolean() })),
      },
    },
    async (request) => {
      const ended = await sessions.endBrowserByRenewToken(request.body.renewToken);
      return ok(request, { ended });
    },
  );

  app.get(
    apiPaths.user.browsers,
    {
      schema: {
        tags: ['user'],
        summary: 'Connected browsers: the extension sessions of the account',
        response: responses(connectedBrowserList),
      },
    },
    async (request) => {
      const rows = await sessions.browsersOf(request.auth.userId);
      return ok(request, {
        list: rows.map((row) => ({
          id: row.id,
          name: row.name ?? '',
          browser: row.browser ?? '',
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        })),
      });
    },
  );

  app.delete(
    apiPaths.user.browser(':id'),
    {
      schema: {
        tags: ['user'],
        summary: 'Revoke a connected browser',
        description: "Its tokens stop working at once; another account's id answers 404.",
        params: connectedBrowserParams,
        response: responses(z.null(), { 404: 'No such connected browser of the caller' }),
      },
    },
    async (request) => {
      if (!(await sessions.revokeBrowser(request.auth.userId, request.params.id))) {
        throw new AppError(404, 'error.browserNotFound');
      }
      return ok(request, null, 'success.browserRevoked');
    },
  );
}

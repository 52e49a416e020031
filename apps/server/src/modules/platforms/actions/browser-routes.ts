import {
  apiPaths,
  browserActionReport,
  browserActionStarted,
  browserClaimBody,
  browserClaimData,
  browserReconcileReport,
  browserReportData,
  browserResumeBody,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { responses } from '../../../lib/route-schemas.ts';
import {
  claimBrowserAction,
  markBrowserSendStarted,
  reconcileBrowserAction,
  reportBrowserAction,
  resumeBrowserShop,
} from './browser-service.ts';

const idParams = z.object({
  id: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 53 - 1, { error: 'validation.invalidField' }),
});
const shopParams = z.object({
  shopId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 31 - 1, { error: 'validation.invalidField' }),
});
const tags = ['task API'];

/** The browser channel's routes (issue 17): the extension's token works on each of them. */
export async function browserActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every call of the extension here says its browser is alive ("last seen" under Connected
  // browsers): marked once for all of this scope's routes, after the token and the request
  // were accepted, before the handler runs (a refused lease is still a live browser).
  app.addHook('preHandler', async (request) => {
    await app.authService.sessions.touch(request.auth.sessionId, app.clock.now());
  });

  app.post(
    apiPaths.extension.claim,
    {
      config: { extension: true },
      schema: {
        tags,
        summary: "Extension: claim the account's next browser action",
        description:
          'Browser actions only (never an action of the `api` channel), oldest first, of BOUND ' +
          'shops without a stop and of packs not stopped, under a lease held by the calling ' +
          "session. The plan's daily allowance is counted here for the account, in the shop's " +
          'time zone, across every browser: the batch is cut to what is left, and nothing is ' +
          'handed out once it is used (`waiting: daily_allowance`).',
        body: browserClaimBody,
        response: responses(browserClaimData, { 404: 'The shop is not the caller’s' }),
      },
    },
    async (request) => {
      const data = await claimBrowserAction(
        app.db,
        { userId: request.auth.userId, sessionId: request.auth.sessionId },
        request.body,
        app.config.pagePacks,
        app.clock.now(),
        request.locale,
      );
      return ok(request, data);
    },
  );

  app.post(
    apiPaths.extension.started(':id'),
    {
      config: { extension: true },
      schema: {
        tags,
        summary: "Extension: the page's send is about to be made (write-ahead)",
        description:
          'After this mark, a lapsed lease leaves the action `unknown` (never handed out again) ' +
          "until a reconcile report. 409 when the lease is no longer the caller's.",
        params: idParams,
        body: browserActionStarted,
        response: responses(z.null(), { 409: 'The lease is no longer held' }),
      },
    },
    async (request) => {
      await markBrowserSendStarted(
        app.db,
        request.auth.userId,
        request.params.id,
        request.body.leaseId,
        app.clock.now(),
      );
      return ok(request, null);
    },
  );

  app.post(
    apiPaths.extension.report(':id'),
    {
      config: { extension: true },
      schema: {
        tags,
        summary: "Extension: report a browser action's run",
        description:
          'Per-record outcomes (sent, or failed for the talent only), a run-level `stop` ' +
          '(page changed, login, quota, captcha, rate limit: the records not attempted go back ' +
          'to pending, none fails), and `unknown` records (the action waits for a reconcile). ' +
          "409 when the lease is no longer the caller's.",
        params: idParams,
        body: browserActionReport,
        response: responses(browserReportData, { 409: 'The lease is no longer held' }),
      },
    },
    async (request) => {
      const data = await reportBrowserAction(
        app.db,
        request.auth.userId,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return ok(request, data, 'success.browserActionReported');
    },
  );

  app.post(
    apiPaths.extension.reconcile(':id'),
    {
      config: { extension: true },
      schema: {
        tags,
        summary: 'Extension: reconcile an action whose outcome was unknown',
        description:
          'What the journal and the page show of each record in doubt: sent, failed, or ' +
          '`not_sent` (back to pending). Only an `unknown` action (409 otherwise).',
        params: idParams,
        body: browserReconcileReport,
        response: responses(browserReportData, {
          409: 'The action is not waiting to be reconciled',
        }),
      },
    },
    async (request) => {
      const data = await reconcileBrowserAction(
        app.db,
        request.auth.userId,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return ok(request, data, 'success.browserActionReported');
    },
  );

  app.post(
    apiPaths.extension.resumeShop(':shopId'),
    {
      config: { extension: true },
      schema: {
        tags,
        summary: 'Extension: the seller signed in again / the captcha is gone',
        description:
          "Lifts the shop's browser stop of that reason (a quota stop ends at its reset).",
        params: shopParams,
        body: browserResumeBody,
        response: responses(z.object({ resumed: z.boolean() }), {
          404: 'The shop is not the caller’s',
        }),
      },
    },
    async (request) => {
      const resumed = await resumeBrowserShop(
        app.db,
        request.auth.userId,
        request.params.shopId,
        request.body.reason,
      );
      return ok(request, { resumed }, 'success.shopResumed');
    },
  );
}

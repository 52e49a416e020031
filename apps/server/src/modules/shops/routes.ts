import {
  apiPaths,
  idParams,
  shop,
  shopChangeData,
  shopIdentityBody,
  shopListQuery,
  shopPage,
  shopReportData,
  type Locale,
  type ShopPause,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { timeZoneOf } from '../user/index.ts';
import { findShop, listShops, shopCounts, toShop } from './repository.ts';
import {
  bindShop,
  type BindResult,
  ensureShopsWithinLimit,
  messageTime,
  rebindShop,
  slotsOf,
  unbindShop,
} from './service.ts';

/**
 * The pauses in force of the account's shops, by shop id: why a shop's platform actions wait
 * (quota, rate limit, authorization, the browser's stop). Platforms knows (its actions'
 * shopPauses); app.ts passes it in, because platforms uses shops (a shop's authorization) and
 * shops imports nothing of platforms.
 */
export type ShopPausesOf = (
  db: Executor,
  userId: number,
  shopIds: readonly number[],
  now: Date,
) => Promise<Map<number, ShopPause>>;

const tags = ['shops'];
const paths = apiPaths.shops;
const byId = `${paths.list}/:id`;

/** What a bind says: bound now, or already bound (its names brought up to date). */
const bindMessage = (outcome: BindResult['outcome']) =>
  outcome === 'bound' ? 'success.shopBound' : 'success.shopAlreadyBound';

/** The console's answer to a bind: the shop, what happened, and the slots now. */
const bindAnswer = (request: { locale: Locale }, result: BindResult) =>
  ok(
    request,
    { shop: toShop(result.shop), outcome: result.outcome, slots: result.slots },
    bindMessage(result.outcome),
  );

const limitRules =
  'Refused with 422 when every slot of the plan is in use (the message names the plan, the ' +
  'limit and how to raise it), when the shop was unbound less than 24 hours ago, or 409 when ' +
  'another account has the shop bound (never saying which).';

const bindRefusals = {
  409: 'Another account has the shop bound',
  422: 'Every slot of the plan is in use, or the shop was unbound less than 24 hours ago',
} as const;

/** My Shops: the tabs, binding by hand, unbinding. The caller's own shops only. */
export async function shopRoutes(
  fastify: FastifyInstance,
  opts: {
    /** platforms' shopPauses, passed in by app.ts (see ShopPausesOf). */
    pauses: ShopPausesOf;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.list,
    {
      schema: {
        tags,
        summary: 'List shops of a tab, with the count of each tab and the slots in use',
        description:
          'Shops of a lapsed membership (or beyond a smaller plan) are turned EXPIRED first.',
        querystring: shopListQuery,
        response: responses(shopPage),
      },
    },
    async (request) => {
      const { userId } = request.auth;
      const now = app.clock.now();
      const state = await ensureShopsWithinLimit(app.db, userId, now);
      const [page, counts, slots] = await Promise.all([
        listShops(app.db, userId, request.query),
        shopCounts(app.db, userId),
        slotsOf(app.db, userId, now, state),
      ]);
      const all = counts.BOUND + counts.UNBOUND + counts.EXPIRED;
      // Shops whose platform actions wait (quota, rate limit, authorization) say why.
      const pauses = await opts.pauses(
        app.db,
        userId,
        page.list.map((row) => row.id),
        now,
      );
      return ok(request, {
        ...page,
        list: page.list.map((row) => toShop(row, pauses.get(row.id) ?? null)),
        counts: { all, ...counts },
        slots,
      });
    },
  );

  app.get(
    byId,
    { schema: { tags, summary: 'Read a shop', params: idParams, response: responses(shop) } },
    async (request) => {
      const row = await findShop(app.db, request.auth.userId, request.params.id);
      if (!row) throw notFound();
      const pauses = await opts.pauses(app.db, row.userId, [row.id], app.clock.now());
      return ok(request, toShop(row, pauses.get(row.id) ?? null));
    },
  );

  app.post(
    paths.list,
    {
      schema: {
        tags,
        summary: 'Bind a shop by hand',
        description:
          'Creates the shop, or binds the caller’s shop of the same platform and shop code ' +
          `again; an already bound shop answers as it is (names updated). ${limitRules}`,
        body: shopIdentityBody,
        response: responses(shopChangeData, bindRefusals),
      },
    },
    async (request) => {
      const result = await bindShop(
        app.db,
        request.auth.userId,
        request.body,
        'manual',
        app.clock.now(),
      );
      return bindAnswer(request, result);
    },
  );

  app.post(
    `${byId}/bind`,
    {
      schema: {
        tags,
        summary: 'Bind one of the caller’s shops again',
        description: `An UNBOUND shop after its next bind time, or an EXPIRED one (no wait). ${limitRules}`,
        params: idParams,
        response: responses(shopChangeData, bindRefusals),
      },
    },
    async (request) => {
      const result = await rebindShop(
        app.db,
        request.auth.userId,
        request.params.id,
        app.clock.now(),
      );
      return bindAnswer(request, result);
    },
  );

  app.post(
    `${byId}/unbind`,
    {
      schema: {
        tags,
        summary: 'Unbind a shop',
        description:
          'Only a BOUND shop. It keeps its slot, and cannot be bound again, for 24 hours ' +
          '(`nextBindAt`). Its pending records wait until it is bound again.',
        params: idParams,
        response: responses(shopChangeData, { 422: 'The shop is not bound' }),
      },
    },
    async (request) => {
      const { shop: row, slots } = await unbindShop(
        app.db,
        request.auth.userId,
        request.params.id,
        app.clock.now(),
      );
      return ok(
        request,
        { shop: toShop(row), outcome: 'unbound' as const, slots },
        'success.shopUnbound',
        {
          time: messageTime(row.nextBindAt!, await timeZoneOf(app.db, request.auth.userId)),
        },
      );
    },
  );

  app.post(
    paths.report,
    {
      // The extension's scoped token works here (plugins/auth.ts).
      config: { extension: true },
      schema: {
        tags: ['task API'],
        summary: 'Extension: report the shop seen in the seller center',
        description:
          'Binds the shop the extension sees (name, platform, site, shop code) to the caller. ' +
          'Idempotent: a shop already bound answers `outcome: alreadyBound` with its names ' +
          `brought up to date. ${limitRules} A shop another account bound by hand is taken over ` +
          '(its binding ends, with a message to that account): a shop seen from inside its ' +
          'seller center wins over a typed shop code. A shop another account saw there first ' +
          "answers 409. The refusal's message is meant to be shown as it is.",
        body: shopIdentityBody,
        response: responses(shopReportData, bindRefusals),
      },
    },
    async (request) => {
      const result = await bindShop(
        app.db,
        request.auth.userId,
        request.body,
        'extension',
        app.clock.now(),
      );
      // The account whose hand binding ended sees it at its next read, on any replica.
      if (result.displacedUserId) await app.listCache.changed([result.displacedUserId]);
      return ok(
        request,
        { shop: toShop(result.shop), outcome: result.outcome },
        bindMessage(result.outcome),
      );
    },
  );
}

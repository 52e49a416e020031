import { creatorByOpenId, currencyOf, type SandboxCreator } from './creators.ts';
import {
  planCreator,
  planReply,
  SAMPLE_TIMES,
  seededId,
  type CollaborationFacts,
  type CreatorPlan,
} from './behaviour.ts';
import { invalidParam } from './errors.ts';
import type { ApiContext } from './gateway.ts';
import * as repo from './repository.ts';
import type { TikTokShopSandbox } from './sandbox.ts';
import {
  integerIn,
  nextPageToken,
  objectBody,
  optionalString,
  pageOffset,
  pageSize,
  requiredString,
  type Body,
} from './validate.ts';

/**
 * What happens after an invitation, as the seller reads it: sample applications and their
 * review, their fulfilment, and affiliate orders. Written from the reference pages mirrored
 * in github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/:
 * seller-search-sample-applications.spec.json (202508), seller-review-sample-applications
 * .spec.json (202507), seller-search-sample-applications-fulfillments.spec.json (202409),
 * search-seller-affiliate-orders.spec.json (202410). The creators' behaviour: behaviour.ts.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// --- planning, when a collaboration is created ---------------------------------------------

/** The rows a new collaboration's creators will produce over sandbox time. */
export function planCollaboration(
  facts: CollaborationFacts,
  creators: SandboxCreator[],
  approvalExempt: boolean,
): Pick<repo.NewCollaboration, 'creators' | 'samples' | 'orders'> {
  const out: Pick<repo.NewCollaboration, 'creators' | 'samples' | 'orders'> = {
    creators: [],
    samples: [],
    orders: [],
  };
  for (const creator of creators) {
    const plan = planCreator(facts, creator);
    out.creators.push({
      openId: creator.openId,
      answer: plan.answer,
      answeredAt: plan.answeredAt,
      contentAt: plan.content?.at ?? null,
    });
    if (plan.sample) {
      out.samples.push({
        id: plan.sample.id,
        shopId: facts.shopId,
        collaborationId: facts.collaborationId,
        creatorOpenId: creator.openId,
        productId: plan.sample.productId,
        commissionRate: facts.products.find((p) => p.id === plan.sample!.productId)!
          .targetCommissionRate,
        approvalExempt,
        createdAt: plan.sample.at,
        contentAt: plan.content?.at ?? null,
        contentFormat: plan.content?.format ?? 'VIDEO',
      });
    }
    for (const o of plan.orders) {
      out.orders.push({
        id: o.id,
        shopId: facts.shopId,
        collaborationId: facts.collaborationId,
        creatorOpenId: creator.openId,
        creatorUsername: creator.username,
        productId: o.productId,
        quantity: o.quantity,
        price: o.price,
        currency: o.currency,
        commissionRate: o.commissionRate,
        shopAdsCommissionRate: o.shopAdsCommissionRate,
        contentType: o.contentType,
        contentId: o.contentId,
        cancelled: o.cancelled,
        createTime: o.at,
      });
    }
  }
  return out;
}

/** The plan of a creator in a collaboration, drawn again from its seed (control, tests). */
export async function creatorPlanOf(
  sandbox: TikTokShopSandbox,
  collaborationId: string,
  creatorOpenId: string,
): Promise<CreatorPlan | undefined> {
  const row = await repo.collaborationById(sandbox.db, collaborationId);
  const creator = creatorByOpenId(creatorOpenId);
  if (!row || !creator) return undefined;
  const members = await repo.collaborationMembers(sandbox.db, [row.id]);
  if (!members.creators.some((c) => c.creatorOpenId === creatorOpenId)) return undefined;
  return planCreator(
    {
      shopId: row.shopId,
      collaborationId: row.id,
      startTime: row.startTime,
      endTime: row.endTime,
      hasFreeSample: row.hasFreeSample,
      products: members.products.map(({ link, product }) => ({
        id: link.productId,
        targetCommissionRate: link.targetCommissionRate,
        shopAdsCommissionRate: link.shopAdsCommissionRate,
        price: product?.minPrice ?? '0.00',
        currency: product?.currency ?? currencyOf(creator.region),
      })),
    },
    creator,
  );
}

/** The reply coming in a conversation (if any), and the rule's draw for the next message. */
export async function replyPlanOf(sandbox: TikTokShopSandbox, conversationId: string) {
  const row = await repo.conversationById(sandbox.db, conversationId);
  const creator = row ? creatorByOpenId(row.creatorOpenId) : undefined;
  if (!row || !creator) return undefined;
  const sent = await repo.sellerMessageCount(sandbox.db, row.id);
  const next = planReply(row.shopId, row.id, creator, sent, sandbox.now());
  return {
    replyDueAt: row.replyDueAt,
    /** If the seller wrote now, a reply would come after this long (null: none would). */
    nextReplyAfterSeconds: next
      ? Math.round((next.at.getTime() - sandbox.now().getTime()) / 1000)
      : null,
  };
}

// --- sample applications ---------------------------------------------------------------------

export const sampleStatuses = [
  'PENDING',
  'AWAITING_SHIPMENT',
  'SHIPPED',
  'CONTENT_PENDING',
  'REJECT_CANCELLED',
  'OVERDUE_CANCELLED',
  'UNFULFILL_CANCELLED',
  'DEL_OPEN_COLLAB',
  'SELLER_NOT_SHIP_CANCELLED',
  'WITHDRAW_CANCELLED',
  'UNFULFILLABLE_CANCELLED',
  'OPS_CANCELLED',
  'OPS_FAILED',
  'OPS_COMPLETED',
  'COMPLETED',
] as const;
type SampleStatus = (typeof sampleStatuses)[number];

export interface SampleState {
  status: SampleStatus;
  fulfillmentStatus: 'PENDING' | 'ONGOING' | 'SUCCEED' | 'OVERDUE' | 'CANCELLED' | null;
  approvedAt: Date | null;
  approveExpiresAt: Date;
  /** When the content counts as posted (approved samples only). */
  contentAt: Date | null;
}

/**
 * A sample application's status at `now`, from when it was made, the seller's review (or the
 * collaboration's approval exemption) and the creator's plan (README.md, "Samples"):
 * PENDING for 3 days, then OVERDUE_CANCELLED unless reviewed; approved: AWAITING_SHIPMENT a
 * day, SHIPPED three days, CONTENT_PENDING until the creator posts (COMPLETED) or 30 days
 * pass (UNFULFILL_CANCELLED); rejected: REJECT_CANCELLED.
 */
export function sampleState(a: repo.SandboxSampleApplication, now: Date): SampleState {
  const t = now.getTime();
  const approveExpiresAt = new Date(a.createdAt.getTime() + SAMPLE_TIMES.reviewWithin);
  const approvedAt = a.approvalExempt
    ? a.createdAt
    : a.reviewResult === 'APPROVE'
      ? a.reviewedAt
      : null;
  const base = { approvedAt, approveExpiresAt, contentAt: null, fulfillmentStatus: null };
  if (!approvedAt) {
    if (a.reviewResult === 'REJECT') return { ...base, status: 'REJECT_CANCELLED' };
    if (t >= approveExpiresAt.getTime()) return { ...base, status: 'OVERDUE_CANCELLED' };
    return { ...base, status: 'PENDING' };
  }
  const shipped = approvedAt.getTime() + SAMPLE_TIMES.shipsAfter;
  const delivered = approvedAt.getTime() + SAMPLE_TIMES.deliveredAfter;
  // Content planned before the sample arrived (a late approval) counts when it arrives.
  const contentAt = a.contentAt ? new Date(Math.max(a.contentAt.getTime(), delivered)) : null;
  const withContent = { ...base, contentAt };
  if (t < shipped)
    return { ...withContent, status: 'AWAITING_SHIPMENT', fulfillmentStatus: 'PENDING' };
  if (t < delivered) return { ...withContent, status: 'SHIPPED', fulfillmentStatus: 'PENDING' };
  if (contentAt && t >= contentAt.getTime())
    return { ...withContent, status: 'COMPLETED', fulfillmentStatus: 'SUCCEED' };
  if (t >= delivered + SAMPLE_TIMES.fulfilWithin)
    return { ...withContent, status: 'UNFULFILL_CANCELLED', fulfillmentStatus: 'OVERDUE' };
  return { ...withContent, status: 'CONTENT_PENDING', fulfillmentStatus: 'PENDING' };
}

function shopOf(ctx: ApiContext): repo.SandboxShop {
  return ctx.shop!;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], field: string) {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw invalidParam(`${field} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/** Rates in hundredths of a percent as the sample page writes them: 1000 → "0.1". */
function rateText(rate: number): string {
  return String(rate / 10_000);
}

/**
 * Seller Search Sample Applications (202508): the shop's applications made by now, newest
 * first, `page_size` ≤ 50 (default 20), offset page tokens. The body's documented spellings
 * `creator_user_oepn_id` and `target_collabration_id` are read, and the plain ones too.
 */
export async function searchSampleApplications(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const size = pageSize(ctx.query, { max: 50 }, 20);
  const offset = pageOffset(ctx.query);
  const body: Body = ctx.body === undefined ? {} : objectBody(ctx.body);
  const either = (a: string, b: string) => optionalString(body, a) ?? optionalString(body, b);
  const status = oneOf(optionalString(body, 'status'), sampleStatuses, 'status');
  const title = optionalString(body, 'title')?.toLowerCase();
  const username = optionalString(body, 'username')?.toLowerCase();
  const orderId = optionalString(body, 'order_id');
  const rows = await repo.sampleApplicationsOfShop(sandbox.db, shopOf(ctx).id, ctx.now, {
    productId: optionalString(body, 'product_id'),
    creatorOpenId: either('creator_user_oepn_id', 'creator_user_open_id'),
    collaborationId: either('target_collabration_id', 'target_collaboration_id'),
  });
  const products = new Map(
    (await repo.productsOfShop(sandbox.db, shopOf(ctx).id)).map((p) => [p.id, p]),
  );
  const matching = rows
    .map((row) => ({ row, state: sampleState(row, ctx.now) }))
    .filter(({ row, state }) => {
      if (status && state.status !== status) return false;
      if (title && !(products.get(row.productId)?.title.toLowerCase().includes(title) ?? false))
        return false;
      const creator = creatorByOpenId(row.creatorOpenId);
      if (username && !(creator?.username.toLowerCase().includes(username) ?? false)) return false;
      if (orderId && (!state.approvedAt || sampleOrderId(row) !== orderId)) return false;
      return true;
    });
  const page = matching.slice(offset, offset + size);
  return {
    ...(offset + size < matching.length ? { next_page_token: nextPageToken(offset + size) } : {}),
    total_count: matching.length,
    sample_applications: page.map(({ row, state }) => {
      const creator = creatorByOpenId(row.creatorOpenId);
      const product = products.get(row.productId);
      const shipped = state.approvedAt
        ? state.approvedAt.getTime() + SAMPLE_TIMES.shipsAfter <= ctx.now.getTime()
        : false;
      const approvable = state.status === 'PENDING' && product?.status === 'LIVE';
      return {
        id: row.id,
        commission_rate: rateText(row.commissionRate),
        status: state.status,
        ...(state.approvedAt ? { order_id: sampleOrderId(row) } : {}),
        available_quantity: 50,
        approve_expiration_time: seconds(state.approveExpiresAt),
        ...(state.approvedAt
          ? {
              shipment_expiration_time: seconds(
                new Date(state.approvedAt.getTime() + SAMPLE_TIMES.shipWithin),
              ),
            }
          : {}),
        ...(shipped ? { tracking_number: `SBX${row.id.slice(-12)}` } : {}),
        ...(state.fulfillmentStatus ? { fulfillment_status: state.fulfillmentStatus } : {}),
        is_approvable: approvable,
        disapprovable_reasons:
          state.status !== 'PENDING'
            ? ['The application is not waiting for review']
            : product?.status === 'LIVE'
              ? []
              : ['Product is not available'],
        creator: {
          creator_open_id: row.creatorOpenId,
          username: creator?.username ?? '',
          nickname: creator?.nickname ?? '',
          follower_count: creator?.followerCount ?? 0,
          avatar_url: '',
          gmv: {
            amount: (creator?.gmv ?? 0).toFixed(2),
            currency: currencyOf(creator?.region ?? shopOf(ctx).region),
          },
          content_count: creator ? 1 + (creator.n % 9) : 0,
          fulfillment_percentage: creator ? (50 + (creator.n % 50)).toFixed(2) : '',
          ec_video_view: creator?.avgVideoViews ?? 0,
        },
        product: {
          id: row.productId,
          title: product?.title ?? '',
          sku_id: `${row.productId.slice(0, -2)}01`,
          sku_image_url: '',
          sku_name: 'Default',
        },
      };
    }),
  };
}

/** The sample order made when an application is approved. */
function sampleOrderId(row: repo.SandboxSampleApplication): string {
  return seededId(`${row.id}:sample-order`, 18, '5');
}

async function ownSampleApplication(sandbox: TikTokShopSandbox, ctx: ApiContext, id: string) {
  const row = /^\d{1,30}$/.test(id) ? await repo.sampleApplicationById(sandbox.db, id) : undefined;
  if (!row || row.shopId !== shopOf(ctx).id || row.createdAt > ctx.now)
    throw invalidParam(`application_id ${id} does not exist in this shop.`);
  return row;
}

const rejectReasons = ['NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER'] as const;

/**
 * Seller Review Sample Applications (202507): APPROVE or REJECT (with `reject_reason`) an
 * application waiting for review. Anything else answers 36009004 (README.md, "Choices").
 */
export async function reviewSampleApplication(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  id: string,
) {
  const row = await ownSampleApplication(sandbox, ctx, id);
  const body = objectBody(ctx.body);
  const result = oneOf(
    requiredString(body, 'review_result'),
    ['APPROVE', 'REJECT'] as const,
    'review_result',
  )!;
  const reason = oneOf(optionalString(body, 'reject_reason'), rejectReasons, 'reject_reason');
  if (result === 'REJECT' && !reason)
    throw invalidParam('reject_reason is required when review_result is REJECT.');
  if (sampleState(row, ctx.now).status !== 'PENDING')
    throw invalidParam(`application_id ${id} is not waiting for review.`);
  const done = await repo.reviewSampleApplication(sandbox.db, row.id, {
    result,
    reason: result === 'REJECT' ? reason! : null,
    at: ctx.now,
  });
  if (!done) throw invalidParam(`application_id ${id} is not waiting for review.`);
  return {};
}

/**
 * Seller Search Sample Applications Fulfillments (202409): the creator's content with the
 * sample once posted (an approved application), growing views and the orders it brought.
 */
export async function searchSampleFulfillments(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  id: string,
) {
  const row = await ownSampleApplication(sandbox, ctx, id);
  const body: Body = ctx.body === undefined ? {} : objectBody(ctx.body);
  const format = oneOf(
    optionalString(body, 'content_format'),
    ['LIVE', 'VIDEO'] as const,
    'content_format',
  );
  const state = sampleState(row, ctx.now);
  if (!state.contentAt || state.contentAt > ctx.now || (format && format !== row.contentFormat))
    return { fulfillments: [] };
  const creator = creatorByOpenId(row.creatorOpenId);
  const contentId = seededId(`${row.shopId}:${row.collaborationId}:${row.creatorOpenId}:content`);
  // Views grow over the first three days after posting.
  const age = Math.min(1, (ctx.now.getTime() - state.contentAt.getTime()) / (3 * 86_400_000));
  const views = Math.round((creator?.avgVideoViews ?? 1000) * (0.2 + 0.8 * age));
  const live = row.contentFormat === 'LIVE';
  return {
    fulfillments: [
      {
        product: { id: row.productId, main_image_url: '' },
        content: {
          id: contentId,
          format: row.contentFormat,
          url: `https://www.tiktok.com/@${creator?.username ?? 'creator'}/${live ? 'live' : 'video'}/${contentId}`,
          view_count: views,
          like_count: Math.round(views * 0.06),
          comment_count: Math.round(views * 0.004),
          paid_order_count: await repo.paidOrdersOfContent(
            sandbox.db,
            row.collaborationId,
            contentId,
            ctx.now,
          ),
          page_link: `https://www.tiktok.com/@${creator?.username ?? 'creator'}`,
          description: `${creator?.nickname ?? 'Creator'} tries it out`,
          create_time: seconds(state.contentAt),
          ...(live ? { live_end_time: seconds(state.contentAt) + 2 * 3600 } : {}),
        },
      },
    ],
  };
}

// --- affiliate orders ----------------------------------------------------------------------

/**
 * Page tokens of the orders search: base64 of `[create_time_ms, order_id]` of the page's
 * last order, as the reference's sample `WzE2OTUxMTY2NTQ2OTMsNTc2NDczNDg5ODYxNDEyMDI1XQ==`
 * decodes (`[1695116654693,576473489861412025]`).
 */
function orderCursor(token: string | undefined): { time: Date; id: string } | undefined {
  if (!token) return undefined;
  // Read as text: order ids of 18 digits are beyond a JavaScript number.
  const m = /^\[(\d{1,15}),"?(\d{1,30})"?\]$/.exec(Buffer.from(token, 'base64').toString('utf8'));
  if (!m) throw invalidParam('page_token is invalid.');
  return { time: new Date(Number(m[1])), id: m[2]! };
}

function money(amount: number, currency: string) {
  return { amount: amount.toFixed(2), currency };
}

/**
 * Search Seller Affiliate Orders (202410): the shop's affiliate orders created in
 * [`create_time_ge`, `create_time_lt`) (the latter at most now, its default), optionally of
 * one program (`program_id`: a target collaboration), newest first, `page_size` 1–100
 * (default 20), keyset page tokens.
 */
export async function searchOrders(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const size = pageSize(ctx.query, { max: 100 }, 20);
  const after = orderCursor(ctx.query.get('page_token'));
  const body: Body = ctx.body === undefined ? {} : objectBody(ctx.body);
  const range = { min: 0, max: 99_999_999_999 };
  const ge = integerIn(body, 'create_time_ge', range, 'create_time_ge', false);
  const ltGiven = integerIn(body, 'create_time_lt', range, 'create_time_lt', false);
  const programId = optionalString(body, 'program_id');
  const nowMs = ctx.now.getTime();
  // "If create_time_ge is filled but create_time_lt is empty, create_time_lt will default to
  // the current time": and nothing later than now exists yet.
  const to = new Date(Math.min(ltGiven !== undefined ? ltGiven * 1000 : nowMs, nowMs + 1));
  const from = ge !== undefined ? new Date(ge * 1000) : null;
  if (ge !== undefined && ltGiven !== undefined && ge >= ltGiven)
    throw invalidParam('create_time_ge must be earlier than create_time_lt.');
  const { total, rows } = await repo.searchOrders(sandbox.db, {
    shopId: shopOf(ctx).id,
    from,
    to,
    ...(programId !== undefined ? { collaborationId: programId } : {}),
    after,
    limit: size + 1,
  });
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    orders: page.map((o) => {
      const delivered = o.createTime.getTime() + 4 * 86_400_000;
      const status = o.cancelled ? 'CANCELLED' : delivered <= nowMs ? 'COMPLETED' : 'PROCESSING';
      const base = Number(o.price) * o.quantity;
      const refunded = o.cancelled ? o.quantity : 0;
      const actual = Number(o.price) * (o.quantity - refunded);
      const rate = o.commissionRate / 10_000;
      return {
        id: o.id,
        ...(status === 'COMPLETED' ? { delivery_time: Math.floor(delivered / 1000) } : {}),
        create_time: seconds(o.createTime),
        status,
        skus: [
          {
            target_collaboration_id: o.collaborationId,
            creator_username: o.creatorUsername,
            price: { amount: o.price, currency: o.currency },
            quantity: o.quantity,
            content_type: o.contentType,
            content_id: o.contentId,
            product_id: o.productId,
            commission_model: 'Fixed commission',
            commission_rate: String(o.commissionRate),
            ...(o.shopAdsCommissionRate !== null
              ? { shop_ads_commission_rate: String(o.shopAdsCommissionRate) }
              : {}),
            estimated_commission_base: money(base, o.currency),
            estimated_paid_commission: money(base * rate, o.currency),
            estimated_paid_shop_ads_commission: money(0, o.currency),
            actual_commission_base: money(actual, o.currency),
            actual_paid_commission: money(actual * rate, o.currency),
            // No sandbox order comes from Shop Ads.
            actual_paid_shop_ads_commission: money(0, o.currency),
            refunded_quantity: refunded,
            returned_quantity: 0,
          },
        ],
      };
    }),
    ...(rows.length > size && last
      ? {
          next_page_token: Buffer.from(`[${last.createTime.getTime()},${last.id}]`).toString(
            'base64',
          ),
        }
      : {}),
    total_count: total,
  };
}

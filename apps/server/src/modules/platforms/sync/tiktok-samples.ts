import type { SampleStatus } from '@inviteflow/contract';
import { AppError } from '../../../lib/errors.ts';
import {
  requestsOfApplications,
  upsertRequests,
  type SampleDecision,
  type SampleRequestInput,
  type SampleRequestRow,
  type SampleReviewPort,
  type StoredFulfilment,
} from '../../samples/index.ts';
import { applyCreatorEvents, type CreatorEvent } from '../../send-records/index.ts';
import { findByOpenIds, findByPlatformIds } from '../../talents/index.ts';
import { ShopNotConnectedError, type PlatformConnections } from '../connections/index.ts';
import {
  TikTokShopError,
  type SampleApplication,
  type SampleFulfillment,
} from '../tiktok-shop/index.ts';
import type { SyncKind, SyncShop } from './kind.ts';
import type { SyncKindDeps } from './kinds.ts';

const READ_SCOPE = 'seller.affiliate_collaboration.read';
const WRITE_SCOPE = 'seller.affiliate_collaboration.write';

/**
 * Our status of a TikTok sample application. The statuses as Seller Search Sample Applications
 * 202508 documents them (affiliate-seller/seller-search-sample-applications; mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * seller-search-sample-applications.doc.json): PENDING "waiting for the seller's review";
 * AWAITING_SHIPMENT "approved, and the seller needs to ship the sample"; SHIPPED; CONTENT_PENDING
 * "received the sample package and is expected to create content"; COMPLETED "the creator has
 * posted the content" (OPS_COMPLETED: marked completed by operations); REJECT_CANCELLED
 * "rejected by the seller"; the other *_CANCELLED, DEL_OPEN_COLLAB and OPS_FAILED end it
 * without content. A word the page does not list yet is kept as sent, and counted as it was
 * before (or cancelled when new and not approvable).
 */
export function sampleStatusOf(
  platformStatus: string,
  known: SampleStatus | null,
  approvable: boolean | null,
): SampleStatus {
  switch (platformStatus) {
    case 'PENDING':
      return 'pending';
    case 'AWAITING_SHIPMENT':
      return 'approved';
    case 'SHIPPED':
      return 'shipped';
    case 'CONTENT_PENDING':
      return 'content_pending';
    case 'COMPLETED':
    case 'OPS_COMPLETED':
      return 'completed';
    case 'REJECT_CANCELLED':
      return 'rejected';
    case 'OVERDUE_CANCELLED':
    case 'UNFULFILL_CANCELLED':
    case 'DEL_OPEN_COLLAB':
    case 'SELLER_NOT_SHIP_CANCELLED':
    case 'WITHDRAW_CANCELLED':
    case 'UNFULFILLABLE_CANCELLED':
    case 'OPS_CANCELLED':
    case 'OPS_FAILED':
      return 'cancelled';
    default:
      return known ?? (approvable ? 'pending' : 'cancelled');
  }
}

/**
 * When the fulfilment page is worth reading: the application reached content (COMPLETED,
 * OPS_COMPLETED), or its `fulfillment_status` says content exists (ONGOING "content has been
 * created and is being evaluated", SUCCEED, FAILED), and what we hold has no content yet or
 * the application moved since.
 */
function readsFulfilment(app: SampleApplication, known: SampleRequestRow | undefined): boolean {
  const contentStage =
    app.status === 'COMPLETED' ||
    app.status === 'OPS_COMPLETED' ||
    ['ONGOING', 'SUCCEED', 'FAILED'].includes(app.fulfillmentStatus ?? '');
  if (!contentStage) return false;
  const held = known?.fulfilment as Partial<StoredFulfilment> | null | undefined;
  return (
    !known ||
    known.platformStatus !== app.status ||
    held?.status !== app.fulfillmentStatus ||
    !(held?.contents ?? []).length
  );
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

type Cursor = { pageToken: string };

/**
 * tiktok.samples: the shop's sample applications, read a page (50, the page's maximum) a step
 * from Seller Search Sample Applications 202508, each with the content of its fulfilment when
 * it has some (Seller Search Sample Applications Fulfillments 202409). A pass reads every
 * page: the search has no time filter, and an application's status moves for weeks (approved,
 * shipped, content pending, completed). Each application is upserted by its id; a new one is
 * the creator event `sample_requested` (key: the application id), content on its fulfilment
 * `content_posted` (key `sample:<application id>`). The events are applied before the rows are
 * written, so a step repeated after a crash writes nothing twice (creator_events is unique
 * by key) and loses nothing. The page has no application time: a request's `appliedAt` is
 * when the sync first read it.
 */
export function tiktokSamples(deps: SyncKindDeps): SyncKind<Cursor> {
  return {
    name: 'tiktok.samples',
    platform: 'tiktok',
    // As often as the collaborations: a new request has 3 days for its review, and the seller
    // should see it within a minute or so (one page of 50 a step; more pages in a row).
    everyMs: 60_000,
    async step(shop, cursor, now) {
      const options = { now: () => now, requiredScopes: [READ_SCOPE] };
      const page = await deps.connections.withShopApi(
        shop.userId,
        shop.shopId,
        (api) =>
          api.client.searchSampleApplications(api.access, {
            ...(cursor?.pageToken ? { pageToken: cursor.pageToken } : {}),
          }),
        options,
      );
      const known = new Map(
        (
          await requestsOfApplications(
            deps.db,
            shop.shopId,
            page.applications.map((a) => a.id),
          )
        ).map((row) => [row.platformApplicationId, row]),
      );
      const openIds = page.applications.flatMap((a) =>
        a.creator.openId ? [a.creator.openId] : [],
      );
      const handles = page.applications.flatMap((a) =>
        a.creator.username ? [a.creator.username] : [],
      );
      // The library's talent: by the creator's open id, else by the handle (its talent ID).
      const talents = new Map<string | null, number>();
      for (const t of await findByPlatformIds(deps.db, shop.userId, handles))
        if (t.platform === 'tiktok') talents.set(`@${t.platformTalentId.toLowerCase()}`, t.id);
      for (const t of await findByOpenIds(deps.db, shop.userId, openIds))
        talents.set(t.creatorOpenId, t.id);
      const inputs: SampleRequestInput[] = [];
      const events: CreatorEvent[] = [];
      for (const app of page.applications) {
        const held = known.get(app.id);
        const heldFulfilment = held?.fulfilment as Partial<StoredFulfilment> | null | undefined;
        let contents = heldFulfilment?.contents ?? [];
        if (readsFulfilment(app, held)) {
          const fulfilments = await deps.connections.withShopApi(
            shop.userId,
            shop.shopId,
            (api) => api.client.searchSampleFulfillments(api.access, app.id),
            options,
          );
          contents = contentsOf(fulfilments);
        }
        const input = inputOf(shop, app, held, contents, talents, now);
        inputs.push(input);
        events.push(...sampleEvents(shop, input, !held, now));
      }
      const result = await applyCreatorEvents(deps.db, events);
      const written = await upsertRequests(deps.db, inputs);
      if (result.accounts.length || written) await deps.changed([shop.userId]);
      const next = page.nextPageToken;
      return {
        cursor: next ? { pageToken: next } : null,
        applied: Math.max(result.applied, written),
        more: next !== null,
      };
    },
  };
}

function contentsOf(fulfilments: readonly SampleFulfillment[]): StoredFulfilment['contents'] {
  return fulfilments.flatMap((f) =>
    f.content
      ? [
          {
            format: f.content.format,
            url: f.content.url ?? f.content.pageLink,
            viewCount: f.content.viewCount,
            paidOrderCount: f.content.paidOrderCount,
            postedAt: iso(f.content.createTime),
          },
        ]
      : [],
  );
}

function inputOf(
  shop: SyncShop,
  app: SampleApplication,
  held: SampleRequestRow | undefined,
  contents: StoredFulfilment['contents'],
  talents: Map<string | null, number>,
  now: Date,
): SampleRequestInput {
  return {
    userId: shop.userId,
    shopId: shop.shopId,
    platform: 'tiktok',
    platformApplicationId: app.id,
    talentId:
      (app.creator.openId && talents.get(app.creator.openId)) ||
      (app.creator.username && talents.get(`@${app.creator.username.toLowerCase()}`)) ||
      held?.talentId ||
      null,
    creatorOpenId: app.creator.openId,
    creatorUsername: app.creator.username,
    creatorName: app.creator.nickname ?? app.creator.username ?? '',
    productId: app.product.id,
    productTitle: app.product.title ?? '',
    status: sampleStatusOf(
      app.status,
      (held?.status as SampleStatus | undefined) ?? null,
      app.isApprovable,
    ),
    platformStatus: app.status,
    commissionRate: app.commissionRate,
    approveExpiresAt: app.approveExpiresAt,
    fulfilment: {
      status: app.fulfillmentStatus,
      trackingNumber: app.trackingNumber,
      shipmentExpiresAt: iso(app.shipmentExpiresAt),
      contents,
      approvable: app.isApprovable,
      disapprovableReasons: app.disapprovableReasons,
      partnerName: app.partnerName,
    },
    appliedAt: held?.appliedAt ?? now,
  };
}

/** The creator facts a request tells: asked for a sample (new), posted content with it. */
function sampleEvents(
  shop: SyncShop,
  input: SampleRequestInput,
  fresh: boolean,
  now: Date,
): CreatorEvent[] {
  const base = {
    userId: shop.userId,
    shopId: shop.shopId,
    shopName: shop.shopName,
    creator: { openId: input.creatorOpenId, username: input.creatorUsername },
  };
  const events: CreatorEvent[] = [];
  if (fresh)
    events.push({
      ...base,
      stage: 'sample_requested',
      key: input.platformApplicationId,
      at: input.appliedAt,
    });
  const posted = input.fulfilment.contents.find((c) => c.postedAt) ?? input.fulfilment.contents[0];
  if (posted)
    events.push({
      ...base,
      stage: 'content_posted',
      key: `sample:${input.platformApplicationId}`,
      at: posted.postedAt ? new Date(posted.postedAt) : now,
    });
  return events;
}

/**
 * The platforms' side of the samples module's review (its SampleReviewPort, filled in app.ts):
 * TikTok Seller Review Sample Applications 202507 (affiliate-seller/
 * seller-review-sample-applications; review_result APPROVE or REJECT with reject_reason;
 * scope seller.affiliate_collaboration.write). An approved application awaits shipment
 * (AWAITING_SHIPMENT), a rejected one is REJECT_CANCELLED (Search Sample Applications' words).
 * 抖店's open platform has no sample-request API (its buyin.orienPlanAudit reviews a 达人's
 * application to a 定向计划's commission, not a sample): a 抖店 request is refused.
 * The platform's refusals are told in the caller's words (AppError).
 */
export function sampleReviewer(
  connections: PlatformConnections,
  now: () => Date,
): SampleReviewPort {
  return {
    async review(request, decision: SampleDecision) {
      if (request.platform !== 'tiktok') throw new AppError(422, 'error.sampleReviewUnsupported');
      try {
        await connections.withShopApi(
          request.userId,
          request.shopId,
          (api) =>
            api.client.reviewSampleApplication(
              api.access,
              request.platformApplicationId,
              decision.result === 'approve'
                ? { result: 'APPROVE' }
                : { result: 'REJECT', reason: decision.reason },
            ),
          { now, requiredScopes: [WRITE_SCOPE] },
        );
      } catch (error) {
        if (error instanceof ShopNotConnectedError) {
          if (error.why === 'not_found') throw new AppError(404, 'error.notFound');
          throw new AppError(422, 'error.sampleNotConnected');
        }
        if (error instanceof TikTokShopError) {
          if (error.platformCode === 16022020) throw new AppError(422, 'error.sampleAgency');
          if (error.next === 'reconnect' || error.next === 'fix_configuration')
            throw new AppError(422, 'error.sampleReconnect');
          if (error.standardCode === 'network' || error.next === 'back_off')
            throw new AppError(503, 'error.sampleUnavailable');
          throw new AppError(422, 'error.sampleRefused', {
            message: error.platformMessage || String(error.platformCode ?? ''),
          });
        }
        throw error;
      }
      return decision.result === 'approve'
        ? { status: 'approved', platformStatus: 'AWAITING_SHIPMENT' }
        : { status: 'rejected', platformStatus: 'REJECT_CANCELLED' };
    },
  };
}

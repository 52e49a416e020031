import { applyCreatorEvents, type CreatorEvent } from '../../send-records/index.ts';
import { createdCollaborations } from '../actions/index.ts';
import type { TargetCollaborationDetail } from '../tiktok-shop/index.ts';
import type { SyncKind } from './kind.ts';
import type { SyncKindDeps } from './kinds.ts';

/** Collaborations created longer ago than this are no longer read (their answers are in). */
const FOLLOWED_FOR_MS = 90 * 86_400_000;
/** Collaborations read per step (one detail call each). */
const PER_STEP = 10;

type Cursor = { afterActionId: number };

/**
 * tiktok.collaborations: what each invited creator did with a target collaboration our
 * actions created, read from Query Target Collaboration Detail 202508
 * (affiliate-seller/query-target-collaboration-detail; scope seller.affiliate_collaboration.read;
 * mirrored in github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * query-target-collaboration-detail.spec.json). The page has no accepted or declined state:
 * - accepted: the creator added the collaboration's products to the showcase
 *   (`showcase_product_count` > 0; Search Target Collaborations calls exactly that "ACCEPT");
 * - content_posted: a video or live with a product (`content_product_count` > 0);
 * - declined: the creator's entry is DELETING or DELETED without having accepted. The page
 *   also uses DELETED for a creator the seller removed; our server never removes one, so here
 *   it is the creator leaving;
 * - expired: the collaboration ended and the creator never accepted.
 * Each is one fact per collaboration and creator (creator_events' key), so reading the same
 * collaboration every pass moves nothing twice. A step reads PER_STEP collaborations in the
 * order they were created; the pass after the last starts from the first again.
 */
export function tiktokCollaborations(deps: SyncKindDeps): SyncKind<Cursor> {
  return {
    name: 'tiktok.collaborations',
    platform: 'tiktok',
    everyMs: 60_000,
    async step(shop, cursor, now) {
      const collaborations = await createdCollaborations(deps.db, shop.shopId, {
        afterActionId: cursor?.afterActionId ?? 0,
        since: new Date(now.getTime() - FOLLOWED_FOR_MS),
        limit: PER_STEP,
      });
      if (!collaborations.length) return { cursor: null, applied: 0, more: false };
      const events: CreatorEvent[] = [];
      for (const collaboration of collaborations) {
        const detail = await deps.connections.withShopApi(
          shop.userId,
          shop.shopId,
          (api) => api.client.getTargetCollaboration(api.access, collaboration.collaborationId),
          { now: () => now, requiredScopes: ['seller.affiliate_collaboration.read'] },
        );
        events.push(...collaborationEvents(shop, detail, now));
      }
      const result = await applyCreatorEvents(deps.db, events);
      if (result.accounts.length) await deps.changed(result.accounts);
      const last = collaborations[collaborations.length - 1]!.actionId;
      const more = collaborations.length === PER_STEP;
      return { cursor: more ? { afterActionId: last } : null, applied: result.applied, more };
    },
  };
}

/** The facts a collaboration's page tells of its creators now. */
export function collaborationEvents(
  shop: { userId: number; shopId: number; shopName: string },
  detail: TargetCollaborationDetail,
  now: Date,
): CreatorEvent[] {
  const events: CreatorEvent[] = [];
  const ended = detail.endTime !== null && detail.endTime.getTime() <= now.getTime();
  for (const creator of detail.creators) {
    if (!creator.openId) continue;
    const base = {
      userId: shop.userId,
      shopId: shop.shopId,
      shopName: shop.shopName,
      at: now,
      key: `${detail.id}:${creator.openId}`,
      creator: { openId: creator.openId, username: creator.username },
      reference: { targetCollaborationId: detail.id },
    };
    const accepted = (creator.showcaseProductCount ?? 0) > 0;
    if (accepted) events.push({ ...base, stage: 'accepted' });
    if ((creator.contentProductCount ?? 0) > 0) events.push({ ...base, stage: 'content_posted' });
    const left = creator.status === 'DELETED' || creator.status === 'DELETING';
    if (!accepted && left) events.push({ ...base, stage: 'declined' });
    else if (!accepted && ended) events.push({ ...base, stage: 'expired', at: detail.endTime! });
  }
  return events;
}

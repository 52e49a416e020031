import type { AffiliateOrder } from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { beginCreatorLoopWrite } from '../../lib/creator-loop-lock.ts';
import { notFound } from '../../lib/errors.ts';
import { findShop } from '../shops/index.ts';
import { findByPlatformIds, setPlatformFigures, talentIdentitiesByIds } from '../talents/index.ts';
import * as repo from './repository.ts';

/**
 * What each creator sold (issue 19). A platform sync reads a shop's affiliate orders and hands
 * them here as lines (platform-neutral); each line is kept once by the shop and the platform's
 * order key, attributed to
 * - the talent the order names (TikTok names the creator by `creator_username` only, the
 *   handle our talents keep as their talent ID),
 * - the shop it was read from,
 * - the invitation: that talent's latest successful record in the shop sent before the order
 *   (the one of the order's target collaboration first).
 *
 * The talent's figures are then the platform's (talents.figures_synced_at):
 * - business amount: the sum of its non-void lines in ONE currency, the currency of its latest
 *   order, named on the talent (figures_currency). Currencies are never added together: a
 *   creator selling in a GB and an ES shop shows the amount of the currency it sold in last;
 *   the other lines stay listed on the talent with their own currency. (The seller's own
 *   figures are CNY fen; a 抖店 talent's synced figure would be CNY fen again.)
 * - deal count: its distinct non-void orders, whatever their currency.
 * - GPM is not touched: an order page gives sales but no views, and GPM is sales per thousand
 *   views; the creator marketplace's GPM (or the seller's own) stays.
 * A talent no order names keeps the seller's own figures.
 */

/** One order line as a sync read it. */
export interface OrderLine {
  /** The platform's order key: the order id, then the line ("<order id>:<line>"). */
  key: string;
  /** The creator as the order names it (TikTok: the username). */
  creatorKey: string;
  targetCollaborationId: string | null;
  productId: string | null;
  quantity: number;
  amountMinor: number;
  currency: string;
  status: string;
  void: boolean;
  orderedAt: Date;
}

/**
 * The invitation an order is attributed to (send-records' invitationOfOrder, which the platform
 * sync passes in: send-records reads this module for the funnel's GMV, so this module does not
 * import send-records back).
 */
export type InvitationOfOrder = (
  db: Database,
  where: {
    userId: number;
    shopId: number;
    platformTalentId: string;
    orderedAt: Date;
    targetCollaborationId?: string | null;
  },
) => Promise<{ recordId: number; taskId: number; firstOrderAt: Date | null } | null>;

/** A talent's first order after an invitation, as the sync hands it on (a creator event). */
export interface FirstOrder {
  userId: number;
  shopId: number;
  shopName: string;
  stage: 'first_order';
  key: string;
  at: Date;
  creator: { openId: string | null; username: string };
  reference?: { targetCollaborationId: string };
}

export interface RecordedOrders {
  /** Lines new or changed (a re-read of unchanged lines counts none). */
  changed: number;
  /** Accounts whose talents' figures changed (their list caches are stale). */
  accounts: number[];
  /** Each talent's first order after an invitation, as a creator event (key: the order key). */
  firstOrders: FirstOrder[];
}

export async function recordOrders(
  db: Database,
  shop: { userId: number; shopId: number; shopName: string; platform: string },
  lines: readonly OrderLine[],
  now: Date,
  invitationOfOrder: InvitationOfOrder,
): Promise<RecordedOrders> {
  if (!lines.length) return { changed: 0, accounts: [], firstOrders: [] };
  const handles = [...new Set(lines.map((line) => line.creatorKey))];
  const talents = (await findByPlatformIds(db, shop.userId, handles)).filter(
    (t) => t.platform === shop.platform,
  );
  const byHandle = new Map(talents.map((t) => [t.platformTalentId.toLowerCase(), t]));
  const rows: repo.NewAffiliateOrder[] = [];
  const firsts = new Map<number, { line: OrderLine; talent: (typeof talents)[number] }>();
  for (const line of [...lines].sort((a, b) => a.orderedAt.getTime() - b.orderedAt.getTime())) {
    const talent = byHandle.get(line.creatorKey.toLowerCase()) ?? null;
    const invitation = talent
      ? await invitationOfOrder(db, {
          userId: shop.userId,
          shopId: shop.shopId,
          platformTalentId: talent.platformTalentId,
          orderedAt: line.orderedAt,
          targetCollaborationId: line.targetCollaborationId,
        })
      : null;
    rows.push({
      userId: shop.userId,
      shopId: shop.shopId,
      platform: shop.platform,
      platformOrderKey: line.key,
      talentId: talent?.id ?? null,
      taskId: invitation?.taskId ?? null,
      recordId: invitation?.recordId ?? null,
      creatorKey: line.creatorKey,
      productId: line.productId,
      quantity: line.quantity,
      amountMinor: line.amountMinor,
      currency: line.currency,
      status: line.status,
      void: line.void ? 1 : 0,
      orderedAt: line.orderedAt,
    });
    // The earliest non-void order of an invitation that has none yet: its first order. Told
    // for every line read (not only changed ones), so a fact lost to a crash is told again;
    // creator_events keeps it once by its key.
    if (talent && invitation && !invitation.firstOrderAt && !line.void) {
      if (!firsts.has(invitation.recordId)) firsts.set(invitation.recordId, { line, talent });
    }
  }
  const changed = await db.transaction(async (tx) => {
    // Talents' figures are written while other syncs of the account move its talents.
    await beginCreatorLoopWrite(tx, [shop.userId]);
    // One shop's lines under one key each: a line read twice in a batch is written once.
    const unique = [...new Map(rows.map((row) => [row.platformOrderKey, row])).values()];
    const written = await repo.upsertOrders(tx, unique, now);
    const touched = new Set(written.flatMap((w) => (w.talentId === null ? [] : [w.talentId])));
    for (const talentId of touched) {
      const figures = await repo.figuresOfTalent(tx, shop.userId, talentId);
      if (!figures) continue;
      await setPlatformFigures(tx, shop.userId, talentId, {
        businessAmountMinor: figures.amountMinor,
        dealCount: figures.deals,
        currency: figures.currency,
        at: now,
      });
    }
    return { lines: written.length, talents: touched.size };
  });
  const firstOrders: FirstOrder[] = [...firsts.values()].map(({ line, talent }) => ({
    userId: shop.userId,
    shopId: shop.shopId,
    shopName: shop.shopName,
    stage: 'first_order',
    key: line.key,
    at: line.orderedAt,
    creator: { openId: talent.creatorOpenId, username: talent.platformTalentId },
    ...(line.targetCollaborationId
      ? { reference: { targetCollaborationId: line.targetCollaborationId } }
      : {}),
  }));
  return {
    changed: changed.lines,
    accounts: changed.talents ? [shop.userId] : [],
    firstOrders,
  };
}

/** A talent's order lines, newest first; another account's talent answers 404. */
export async function talentOrders(
  db: Database,
  userId: number,
  talentId: number,
  page: number,
  pageSize: number,
): Promise<{ list: AffiliateOrder[]; total: number; page: number; pageSize: number }> {
  const [owned] = await talentIdentitiesByIds(db, userId, [talentId]);
  if (!owned) throw notFound();
  const { list, total } = await repo.ordersOfTalent(db, userId, talentId, page, pageSize);
  const names = new Map<number, string>();
  for (const shopId of new Set(list.map((row) => row.shopId))) {
    names.set(shopId, (await findShop(db, userId, shopId))?.shopName ?? '');
  }
  return {
    list: list.map((row) => ({
      id: row.id,
      shopId: row.shopId,
      shopName: names.get(row.shopId) ?? '',
      platform: row.platform,
      orderId: row.platformOrderKey.split(':')[0]!,
      productId: row.productId,
      quantity: row.quantity,
      amountMinor: row.amountMinor,
      currency: row.currency,
      status: row.status,
      void: row.void !== 0,
      taskId: row.taskId,
      recordId: row.recordId,
      orderedAt: row.orderedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

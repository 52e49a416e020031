import { recordStageRank, type RecordStage } from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { lockCreatorLoop } from '../../lib/creator-loop-lock.ts';
import { findByBuyinIds, findByOpenIds, moveTalentOnStage } from '../talents/index.ts';
import {
  countStage,
  insertCreatorEvent,
  lockStageTarget,
  reachStage,
} from './record-stages-repository.ts';

/**
 * A creator's answer to an invitation, as a platform sync read it (issue 19): which stage,
 * when, who (as the platform names the creator), and the platform's ids that make it one fact
 * in its shop (`key`: e.g. the collaboration and the creator's open id).
 */
export interface CreatorEvent {
  userId: number;
  shopId: number;
  shopName: string;
  stage: RecordStage;
  key: string;
  at: Date;
  /** The talent ID the shop's records name (TikTok: the handle), when the platform gives it. */
  creator: { openId?: string | null; username?: string | null; buyinId?: string | null };
  /** The invitation it answers, when the platform says (its target collaboration, its plan). */
  reference?: { targetCollaborationId?: string; planId?: string };
}

export interface AppliedEvents {
  /** Facts new to their shop (a redelivered fact is not counted). */
  applied: number;
  /** Accounts whose records or talents changed (their list caches are stale). */
  accounts: number[];
}

/**
 * Applies creator events, each once (creator_events is unique by shop, kind and key): the
 * record the answer belongs to reaches its stage (its time is the first one; `stage` only moves
 * forward, recordStageRank), the task's funnel counts the first time, and the talent moves with
 * an entry by "system" in its follow-up history (talents/stage-moves.ts). A fact whose creator
 * matches no record of ours is kept (so it is not read as new again) and moves nothing.
 */
export async function applyCreatorEvents(
  db: Database,
  events: readonly CreatorEvent[],
): Promise<AppliedEvents> {
  let applied = 0;
  const accounts = new Set<number>();
  // A page of events in one transaction, their talents read in one statement: a transaction
  // and a talent lookup per event were a third of the round trips of a sync page (issue 19's
  // `npm run bench -- sync`, docs/performance.md). The events still apply one after the
  // other, in order. A failure rolls the page back whole; the sync step fails, keeps its
  // cursor and reads the page again (each fact is written once, creator_events). Two pages
  // about the same account wait for each other (lib/creator-loop-lock.ts): the kinds of a shop are
  // read side by side, and pages locking the same records and talents in another order would
  // deadlock.
  for (let from = 0; from < events.length; from += APPLY_PAGE) {
    const page = events.slice(from, from + APPLY_PAGE);
    const changed = await db.transaction(async (tx) => {
      await lockCreatorLoop(
        tx,
        page.map((event) => event.userId),
      );
      const talents = await talentsOf(tx, page);
      const results: boolean[] = [];
      for (const event of page) results.push(await applyOne(tx, event, talents));
      return results;
    });
    changed.forEach((was, i) => {
      if (!was) return;
      applied++;
      accounts.add(page[i]!.userId);
    });
  }
  return { applied, accounts: [...accounts] };
}

/** Events applied in one transaction (a platform's page is 20 to 100). */
const APPLY_PAGE = 200;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PageTalents = Map<string, { id: number; platformTalentId: string }>;

/** One event, in the page's transaction: see applyCreatorEvents. Answers whether it was new. */
async function applyOne(tx: Tx, event: CreatorEvent, talents: PageTalents): Promise<boolean> {
  const talentId = talentOf(talents, event);
  const platformTalentId = talentId?.platformTalentId ?? event.creator.username ?? null;
  const target = platformTalentId
    ? await lockStageTarget(tx, {
        userId: event.userId,
        shopId: event.shopId,
        platformTalentId,
        stage: event.stage,
        reference: event.reference,
      })
    : null;
  const fresh = await insertCreatorEvent(tx, {
    userId: event.userId,
    shopId: event.shopId,
    kind: event.stage,
    platformKey: event.key,
    recordId: target?.id ?? null,
    taskId: target?.taskId ?? null,
    talentId: talentId?.id ?? target?.talentId ?? null,
    occurredAt: event.at,
  });
  if (!fresh) return false;
  if (target && target.reached === null) {
    const current = target.stage as RecordStage | null;
    const stage =
      current && recordStageRank[current] >= recordStageRank[event.stage] ? current : event.stage;
    await reachStage(tx, target.id, event.stage, stage, event.at);
    await countStage(tx, event.userId, target.taskId, event.stage, 1);
  }
  const talent = talentId?.id ?? target?.talentId ?? null;
  if (talent !== null) {
    await moveTalentOnStage(tx, {
      userId: event.userId,
      talentId: talent,
      stage: event.stage,
      shopName: event.shopName,
      taskId: target?.taskId ?? null,
      at: event.at,
    });
  }
  return true;
}

/** The talents the page's events name, by open id and by 百应ID, per account: one read each. */
async function talentsOf(tx: Tx, page: readonly CreatorEvent[]): Promise<PageTalents> {
  const found: PageTalents = new Map();
  const byUser = new Map<number, { openIds: Set<string>; buyinIds: Set<string> }>();
  for (const event of page) {
    const want = byUser.get(event.userId) ?? { openIds: new Set(), buyinIds: new Set() };
    if (event.creator.openId) want.openIds.add(event.creator.openId);
    if (event.creator.buyinId) want.buyinIds.add(event.creator.buyinId);
    byUser.set(event.userId, want);
  }
  for (const [userId, want] of byUser) {
    for (const row of await findByOpenIds(tx, userId, [...want.openIds]))
      if (row.creatorOpenId) found.set(`${userId}:open:${row.creatorOpenId}`, row);
    for (const row of await findByBuyinIds(tx, userId, [...want.buyinIds]))
      if (row.buyinId) found.set(`${userId}:buyin:${row.buyinId}`, row);
  }
  return found;
}

/** The talent the platform's words name: by open id, then 百应ID (the page's talents). */
function talentOf(
  talents: PageTalents,
  event: CreatorEvent,
): { id: number; platformTalentId: string } | null {
  const { openId, buyinId } = event.creator;
  return (
    (openId ? talents.get(`${event.userId}:open:${openId}`) : undefined) ??
    (buyinId ? talents.get(`${event.userId}:buyin:${buyinId}`) : undefined) ??
    null
  );
}

import { recordStageRank, type RecordStage } from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { beginCreatorLoopWrite } from '../../lib/creator-loop-lock.ts';
import { talentIdentitiesByCreatorIds, moveTalentsOnStages } from '../talents/index.ts';
import {
  factKey,
  lockStageTargets,
  writeStages,
  type NewCreatorEvent,
  type ReachedStages,
  type StageLookup,
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
  /**
   * A fact of a talent that no invitation waits on (a creator's first reply in a conversation
   * the seller opened from the talent library): no record is looked for nor moved; the talent
   * (the caller's, of the event's account) moves by the same rules and gets its entry.
   */
  talentOnly?: { talentId: number };
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
 * an entry by "system" in its follow-up history (talents/stage-moves.ts) — except an order
 * after its record's first: orders are figures (affiliate-orders), only the first is a step of
 * the talent's history. A fact whose creator matches no record of ours is kept (so it is not
 * read as new again) and moves no record.
 */
export async function applyCreatorEvents(
  db: Database,
  events: readonly CreatorEvent[],
): Promise<AppliedEvents> {
  return applyPages(events, (work) => db.transaction(work));
}

/**
 * applyCreatorEvents inside the caller's transaction, for a write whose own rows must commit
 * with the facts drawn from them or not at all: a conversation's new messages and the reply
 * they make (conversations' storeRead). Stored first and applied in a second transaction, a
 * crash between the two (or the loss of the second's asynchronous commit) left the messages
 * stored and their reply never applied: read again, they were no longer new. The caller's
 * transaction takes this write's lock (beginCreatorLoopWrite) before its own rows.
 */
export async function applyCreatorEventsInTransaction(
  tx: Tx,
  events: readonly CreatorEvent[],
): Promise<AppliedEvents> {
  return applyPages(events, (work) => work(tx));
}

async function applyPages(
  events: readonly CreatorEvent[],
  inTransaction: (work: (tx: Tx) => Promise<boolean[]>) => Promise<boolean[]>,
): Promise<AppliedEvents> {
  let applied = 0;
  const accounts = new Set<number>();
  // A page of events in one transaction, applied set-based: a fixed number of statements per
  // page (the page's talents, records, facts, stage times, funnel counts, talent moves and
  // entries), not per event — the round trips were the cost of a sync page (issue 19's
  // `npm run bench -- sync`, docs/performance.md). The events still take effect as if applied
  // one after the other, in order (applyPage). A failure rolls the page back whole; the sync
  // step fails, keeps its cursor and reads the page again (each fact is written once,
  // creator_events). Two pages about the same account wait for each other
  // (lib/creator-loop-lock.ts): the kinds of a shop are read side by side, and pages locking
  // the same records and talents would deadlock or wait on each other's rows.
  for (let from = 0; from < events.length; from += APPLY_PAGE) {
    const page = events.slice(from, from + APPLY_PAGE);
    const changed = await inTransaction(async (tx) => {
      await beginCreatorLoopWrite(
        tx,
        page.map((event) => event.userId),
      );
      return applyPage(tx, page);
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

/**
 * One page, in its transaction: see applyCreatorEvents. The records and talents are locked
 * first (records, then talents, each in id order), then every write is computed here from the
 * locked rows, event after event in the page's order, and written in one statement per
 * table. Answers, per event, whether it was new.
 */
async function applyPage(tx: Tx, page: readonly CreatorEvent[]): Promise<boolean[]> {
  const talents = await talentsOf(tx, page);
  // Where each event's record is looked for (one lookup per distinct place).
  const lookups: StageLookup[] = [];
  const lookupOf = new Map<string, number>();
  const found = page.map((event) => {
    if (event.talentOnly) {
      return { talent: { id: event.talentOnly.talentId, platformTalentId: '' }, lookup: null };
    }
    const talent = talentOf(talents, event);
    const platformTalentId = talent?.platformTalentId ?? event.creator.username ?? null;
    if (!platformTalentId) return { talent, lookup: null };
    const ref = event.reference;
    const place = JSON.stringify([
      event.userId,
      event.shopId,
      platformTalentId,
      ref?.targetCollaborationId ?? null,
      ref?.targetCollaborationId ? null : (ref?.planId ?? null),
    ]);
    let lookup = lookupOf.get(place);
    if (lookup === undefined) {
      lookup = lookups.length;
      lookupOf.set(place, lookup);
      lookups.push({
        userId: event.userId,
        shopId: event.shopId,
        platformTalentId,
        reference: ref,
      });
    }
    return { talent, lookup };
  });
  // The facts, each key once (a fact twice in a page: its first is the one).
  const firstOfKey = new Set<string>();
  const isFirst = page.map((event) => {
    const key = factKey(event.shopId, event.stage, event.key);
    if (firstOfKey.has(key)) return false;
    firstOfKey.add(key);
    return true;
  });
  const { targets, known } = await lockStageTargets(
    tx,
    lookups,
    page.flatMap((event, i) =>
      isFirst[i] ? [{ shopId: event.shopId, kind: event.stage, platformKey: event.key }] : [],
    ),
  );
  const isNew = (event: CreatorEvent, i: number) =>
    isFirst[i]! && !known.has(factKey(event.shopId, event.stage, event.key));
  const targetOf = (i: number) => {
    const lookup = found[i]!.lookup;
    return lookup === null ? null : (targets[lookup] ?? null);
  };

  // The new facts, in order, on the locked records' stages and the talents.
  const records = new Map<
    number,
    Omit<ReachedStages, 'stage'> & { stage: string | null; changed: boolean }
  >();
  const facts: NewCreatorEvent[] = [];
  const counts: Array<{ userId: number; taskId: number; stage: string }> = [];
  const stageMoves: Parameters<typeof moveTalentsOnStages>[1][number][] = [];
  const results = page.map((event, i) => {
    if (!isNew(event, i)) return false;
    const target = targetOf(i);
    facts.push({
      userId: event.userId,
      shopId: event.shopId,
      kind: event.stage,
      platformKey: event.key,
      recordId: target?.id ?? null,
      taskId: target?.taskId ?? null,
      talentId: found[i]!.talent?.id ?? target?.talentId ?? null,
      occurredAt: event.at,
    });
    let reachedNow = false;
    if (target) {
      const record = records.get(target.id) ?? {
        id: target.id,
        stage: target.stage,
        times: { ...target.times },
        updatedAt: event.at,
        changed: false,
      };
      records.set(target.id, record);
      if (record.times[event.stage] === null) {
        const current = record.stage as RecordStage | null;
        record.stage =
          current && recordStageRank[current] >= recordStageRank[event.stage]
            ? current
            : event.stage;
        record.times[event.stage] = event.at;
        record.updatedAt = event.at;
        record.changed = true;
        reachedNow = true;
        counts.push({ userId: event.userId, taskId: target.taskId, stage: event.stage });
      }
    }
    // An order after its record's first moves nothing of the talent and writes no entry.
    const laterOrder = event.stage === 'first_order' && target !== null && !reachedNow;
    const talent = found[i]!.talent?.id ?? target?.talentId ?? null;
    if (talent !== null && !laterOrder) {
      stageMoves.push({
        userId: event.userId,
        talentId: talent,
        stage: event.stage,
        shopName: event.shopName,
        taskId: target?.taskId ?? null,
        at: event.at,
      });
    }
    return true;
  });
  await writeStages(
    tx,
    facts,
    [...records.values()].flatMap(({ changed, stage, ...record }) =>
      changed && stage ? [{ ...record, stage }] : [],
    ),
    counts,
  );
  await moveTalentsOnStages(tx, stageMoves);
  return results;
}

/** The talents the page's events name, by open id and by 百应ID: one read for the page. */
async function talentsOf(tx: Tx, page: readonly CreatorEvent[]): Promise<PageTalents> {
  const openIds = new Map<string, { userId: number; openId: string }>();
  const buyinIds = new Map<string, { userId: number; buyinId: string }>();
  for (const { userId, creator } of page) {
    if (creator.openId)
      openIds.set(`${userId}:${creator.openId}`, { userId, openId: creator.openId });
    if (creator.buyinId)
      buyinIds.set(`${userId}:${creator.buyinId}`, { userId, buyinId: creator.buyinId });
  }
  const found: PageTalents = new Map();
  for (const row of await talentIdentitiesByCreatorIds(
    tx,
    [...openIds.values()],
    [...buyinIds.values()],
  )) {
    if (row.creatorOpenId && openIds.has(`${row.userId}:${row.creatorOpenId}`))
      found.set(`${row.userId}:open:${row.creatorOpenId}`, row);
    if (row.buyinId && buyinIds.has(`${row.userId}:${row.buyinId}`))
      found.set(`${row.userId}:buyin:${row.buyinId}`, row);
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

import { recordStageRank, type RecordStage } from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
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
  for (const event of events) {
    const changed = await db.transaction(async (tx) => {
      const talentId = await talentOf(tx, event);
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
          current && recordStageRank[current] >= recordStageRank[event.stage]
            ? current
            : event.stage;
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
    });
    if (changed) {
      applied++;
      accounts.add(event.userId);
    }
  }
  return { applied, accounts: [...accounts] };
}

/** The talent the platform's words name: by open id, then 百应ID, then talent ID (handle). */
async function talentOf(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  event: CreatorEvent,
): Promise<{ id: number; platformTalentId: string } | null> {
  const { openId, buyinId } = event.creator;
  const [byOpenId] = openId ? await findByOpenIds(tx, event.userId, [openId]) : [];
  if (byOpenId) return byOpenId;
  const [byBuyin] = buyinId ? await findByBuyinIds(tx, event.userId, [buyinId]) : [];
  return byBuyin ?? null;
}

import type { RecordStage, TalentStatus } from '@inviteflow/contract';
import { SYSTEM_AUTHOR, translate } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { insertFollowUp, lockTalent, updateTalent } from './repository.ts';

/**
 * What a creator's answer does to its talent (issue 19, "Know who answered"): a reply moves
 * it to communicating, an acceptance to cooperating; every stage writes an entry in its
 * follow-up history with the author "system". A status the seller set further along is not
 * taken back (a cooperating talent that replies stays cooperating), and a blacklisted talent
 * never moves: its entry is written, its status stays.
 */
const moves: Partial<Record<RecordStage, { to: TalentStatus; from: readonly TalentStatus[] }>> = {
  replied: {
    to: 'communicating',
    from: ['pending_contact', 'pending', 'active', 'inactive', 'rejected'],
  },
  accepted: {
    to: 'cooperating',
    from: [
      'pending_contact',
      'pending',
      'active',
      'inactive',
      'rejected',
      'communicating',
      'cooperation_ended',
    ],
  },
};

export interface StageMove {
  userId: number;
  talentId: number;
  stage: RecordStage;
  shopName: string;
  taskId: number | null;
  at: Date;
}

/** Applies one stage to its talent, in the caller's transaction; answers whether it moved. */
export async function moveTalentOnStage(tx: Executor, move: StageMove): Promise<boolean> {
  const talent = await lockTalent(tx, move.userId, move.talentId);
  if (!talent) return false;
  const current = talent.status as TalentStatus;
  const rule = moves[move.stage];
  const moved = rule !== undefined && rule.from.includes(current);
  const status = moved ? rule.to : current;
  if (moved) await updateTalent(tx, move.userId, move.talentId, { status, updatedAt: move.at });
  await insertFollowUp(tx, {
    userId: move.userId,
    talentId: move.talentId,
    author: SYSTEM_AUTHOR,
    // The zh-CN sentence of the catalogue (the console tells `event` in the reader's language).
    content: translate('zh-CN', `followUp.event.${move.stage}`, { shop: move.shopName }),
    statusAtTime: status,
    event: { stage: move.stage, shopName: move.shopName, taskId: move.taskId },
    createdAt: move.at,
  });
  return moved;
}

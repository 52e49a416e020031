import type { RecordStage, TalentStatus } from '@inviteflow/contract';
import { SYSTEM_AUTHOR } from '@inviteflow/contract';
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

/** The zh-CN sentence kept in `content` (the console tells `event` in the reader's language). */
const sentences: Record<RecordStage, string> = {
  accepted: '接受了合作邀请',
  declined: '拒绝了合作邀请',
  expired: '合作邀请已过期，达人未回应',
  replied: '回复了消息',
  sample_requested: '申请了样品',
  content_posted: '发布了带货内容',
  first_order: '带来了第一笔订单',
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
    content: `店铺「${move.shopName}」：达人${sentences[move.stage]}`,
    statusAtTime: status,
    event: { stage: move.stage, shopName: move.shopName, taskId: move.taskId },
    createdAt: move.at,
  });
  return moved;
}

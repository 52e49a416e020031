import type { RecordStage, TalentStatus } from '@inviteflow/contract';
import { SYSTEM_AUTHOR, translate } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { lockTalentStatuses, setStatusesWithFollowUps } from './repository.ts';

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

/**
 * Applies stages to their talents, in the caller's transaction and in the order given (a
 * page of creator events): the talents locked in one statement (id order), their statuses
 * moved and their entries written in one — each move sees the status the ones before it
 * left. A move of a talent that is gone (or not its account's) does nothing. Answers how
 * many talents' statuses moved.
 */
export async function moveTalentsOnStages(
  tx: Executor,
  stageMoves: readonly StageMove[],
): Promise<number> {
  if (!stageMoves.length) return 0;
  const locked = await lockTalentStatuses(
    tx,
    stageMoves.map((move) => move.talentId),
  );
  const talents = new Map(locked.map((talent) => [talent.id, talent]));
  const moved = new Map<number, { id: number; userId: number; status: string; updatedAt: Date }>();
  const entries: Parameters<typeof setStatusesWithFollowUps>[2][number][] = [];
  for (const move of stageMoves) {
    const talent = talents.get(move.talentId);
    if (!talent || talent.userId !== move.userId) continue;
    const current = talent.status as TalentStatus;
    const rule = moves[move.stage];
    const status = rule !== undefined && rule.from.includes(current) ? rule.to : current;
    if (status !== current) {
      talent.status = status;
      moved.set(talent.id, { id: talent.id, userId: talent.userId, status, updatedAt: move.at });
    }
    entries.push({
      userId: move.userId,
      talentId: move.talentId,
      author: SYSTEM_AUTHOR,
      // The zh-CN sentence of the catalogue (the console tells `event` in the reader's language).
      content: translate('zh-CN', `followUp.event.${move.stage}`, { shop: move.shopName }),
      statusAtTime: status,
      event: { stage: move.stage, shopName: move.shopName, taskId: move.taskId },
      createdAt: move.at,
    });
  }
  await setStatusesWithFollowUps(tx, [...moved.values()], entries);
  return moved.size;
}

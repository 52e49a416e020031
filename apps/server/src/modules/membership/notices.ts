import { MEMBERSHIP_EXPIRING_NOTICE_DAYS, type MessageEventKind } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postMessage } from '../messages/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An expiry older than this when first seen (the job was down) is not announced any more. */
const EXPIRED_LOOKBACK_DAYS = 7;

interface ChainEnd {
  userId: number;
  planId: string;
  endsAt: Date;
}

/**
 * The ends of membership chains (a period no other period continues) in a window:
 * where an account's membership runs out, whatever periods lead up to it.
 */
async function chainEnds(db: Database, from: Date, to: Date): Promise<ChainEnd[]> {
  const result = await db.execute<{ user_id: number; plan_id: string; ends_at: string | Date }>(sql`
    select p.user_id, p.plan_id, p.ends_at
    from membership_periods p
    where p.ends_at > ${from.toISOString()}::timestamptz
      and p.ends_at <= ${to.toISOString()}::timestamptz
      and not exists (
        select 1 from membership_periods q
        where q.user_id = p.user_id
          and q.id <> p.id
          and q.starts_at <= p.ends_at
          and q.ends_at > p.ends_at
      )
    order by p.ends_at
    limit 1000`);
  const rows = (
    result as unknown as {
      rows: Array<{ user_id: number; plan_id: string; ends_at: string | Date }>;
    }
  ).rows;
  return rows.map((row) => ({
    userId: Number(row.user_id),
    planId: row.plan_id,
    endsAt: new Date(row.ends_at),
  }));
}

/**
 * The job: a todo when a membership ends within MEMBERSHIP_EXPIRING_NOTICE_DAYS, a
 * notice when it has ended. Each is keyed by the end it announces, so every pass,
 * replica and restart posts it once; a renewal moves the end and a later end gets
 * its own messages.
 */
export async function postMembershipNotices(db: Database, now: Date): Promise<number> {
  const post = async (kind: MessageEventKind, end: ChainEnd) => {
    const at = end.endsAt.toISOString();
    return kind === 'membershipExpiring'
      ? postMessage(db, {
          userId: end.userId,
          kind,
          params: { planId: end.planId, validTo: at },
          dedupeKey: `membershipExpiring:${at}`,
        })
      : postMessage(db, {
          userId: end.userId,
          kind: 'membershipExpired',
          params: { planId: end.planId, expiredAt: at },
          dedupeKey: `membershipExpired:${at}`,
        });
  };
  let posted = 0;
  const soon = new Date(now.getTime() + MEMBERSHIP_EXPIRING_NOTICE_DAYS * DAY_MS);
  for (const end of await chainEnds(db, now, soon)) {
    if (await post('membershipExpiring', end)) posted += 1;
  }
  const since = new Date(now.getTime() - EXPIRED_LOOKBACK_DAYS * DAY_MS);
  for (const end of await chainEnds(db, since, now)) {
    if (await post('membershipExpired', end)) posted += 1;
  }
  return posted;
}

import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { platformConnections, platformOauthStates } from './schema.ts';

/**
 * The connections' tables, queried only here. Connection reads take the owner's id; the
 * refresh job's scan is the one query across accounts (it claims rows, it shows none).
 */

export type ConnectionRow = typeof platformConnections.$inferSelect;
export type OauthStateRow = typeof platformOauthStates.$inferSelect;

// ---------------------------------------------------------------------------
// Authorization states
// ---------------------------------------------------------------------------

export async function insertOauthState(
  db: Executor,
  row: Omit<OauthStateRow, 'createdAt'> & { createdAt: Date },
): Promise<void> {
  await db.insert(platformOauthStates).values(row);
}

/**
 * Takes a state: deletes it and answers what it held, in one statement, so of two callbacks
 * with the same state (a replay, two replicas) exactly one gets it.
 */
export async function takeOauthState(
  db: Executor,
  stateHash: string,
): Promise<OauthStateRow | undefined> {
  const [row] = await db
    .delete(platformOauthStates)
    .where(eq(platformOauthStates.stateHash, stateHash))
    .returning();
  return row;
}

/** Forgets states past their expiry (the job), answering how many. */
export async function deleteExpiredOauthStates(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(platformOauthStates)
    .where(lt(platformOauthStates.expiresAt, now))
    .returning({ stateHash: platformOauthStates.stateHash });
  return rows.length;
}

// ---------------------------------------------------------------------------
// Connections
// ---------------------------------------------------------------------------

const owned = (userId: number, id: number) =>
  and(eq(platformConnections.userId, userId), eq(platformConnections.id, id));

export async function findConnection(
  db: Executor,
  userId: number,
  id: number,
): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(platformConnections).where(owned(userId, id)).limit(1);
  return row;
}

export async function listConnections(db: Executor, userId: number): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.userId, userId))
    .orderBy(asc(platformConnections.id));
}

export type ConnectionTokens = Pick<
  ConnectionRow,
  | 'accessTokenSealed'
  | 'refreshTokenSealed'
  | 'accessTokenExpiresAt'
  | 'refreshTokenExpiresAt'
  | 'grantedScopes'
>;

/**
 * Creates the account's connection of this platform seller, or renews it (a reconnect):
 * new tokens, active again, errors cleared.
 */
export async function upsertConnection(
  db: Executor,
  row: {
    userId: number;
    platform: string;
    openId: string;
    sellerName: string;
    sellerBaseRegion: string;
  } & ConnectionTokens,
  now: Date,
): Promise<ConnectionRow> {
  const renewed = {
    sellerName: row.sellerName,
    sellerBaseRegion: row.sellerBaseRegion,
    accessTokenSealed: row.accessTokenSealed,
    refreshTokenSealed: row.refreshTokenSealed,
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    grantedScopes: row.grantedScopes,
    status: 'active',
    errorCode: null,
    errorMessage: null,
    refreshClaimedUntil: null,
    lastRefreshedAt: now,
    updatedAt: now,
  };
  const [saved] = await db
    .insert(platformConnections)
    .values({
      userId: row.userId,
      platform: row.platform,
      openId: row.openId,
      ...renewed,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [
        platformConnections.userId,
        platformConnections.platform,
        platformConnections.openId,
      ],
      set: renewed,
    })
    .returning();
  return saved!;
}

/**
 * Claims a connection's refresh for `leaseMs`: answers the row if no other replica holds the
 * claim (a lease that lapsed is free), else undefined. No lock is held while the platform is
 * called; the claim itself keeps two replicas from spending the same refresh token.
 */
export async function claimRefresh(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
  leaseMs: number,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(platformConnections)
    .set({ refreshClaimedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        owned(userId, id),
        eq(platformConnections.status, 'active'),
        or(
          isNull(platformConnections.refreshClaimedUntil),
          lte(platformConnections.refreshClaimedUntil, now),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * The job's claim: up to `limit` active connections whose access token expires before
 * `dueBefore`, none claimed by another replica; each claimed for `leaseMs`.
 */
export async function claimDueRefreshes(
  db: Executor,
  now: Date,
  dueBefore: Date,
  leaseMs: number,
  limit: number,
): Promise<ConnectionRow[]> {
  const due = db
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.status, 'active'),
        lt(platformConnections.accessTokenExpiresAt, dueBefore),
        or(
          isNull(platformConnections.refreshClaimedUntil),
          lte(platformConnections.refreshClaimedUntil, now),
        ),
      ),
    )
    .orderBy(asc(platformConnections.accessTokenExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(platformConnections)
    .set({ refreshClaimedUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(platformConnections.id, due))
    .returning();
}

/** A refresh that worked: the new tokens, the claim released. */
export async function saveRefreshed(
  db: Executor,
  userId: number,
  id: number,
  tokens: ConnectionTokens,
  now: Date,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(platformConnections)
    .set({
      ...tokens,
      errorCode: null,
      errorMessage: null,
      refreshClaimedUntil: null,
      lastRefreshedAt: now,
      updatedAt: now,
    })
    .where(owned(userId, id))
    .returning();
  return row;
}

/** A refresh that did not work this time: the claim released, the reason kept. */
export async function releaseRefresh(
  db: Executor,
  userId: number,
  id: number,
  error: { code: string; message: string } | null,
  now: Date,
): Promise<void> {
  await db
    .update(platformConnections)
    .set({
      refreshClaimedUntil: null,
      ...(error ? { errorCode: error.code, errorMessage: error.message } : {}),
      updatedAt: now,
    })
    .where(owned(userId, id));
}

/** The connection stopped working: expired or revoked, with why; its shops need a reconnect. */
export async function markConnection(
  db: Executor,
  userId: number,
  id: number,
  status: 'expired' | 'revoked',
  error: { code: string; message: string },
  now: Date,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(platformConnections)
    .set({
      status,
      errorCode: error.code,
      errorMessage: error.message,
      refreshClaimedUntil: null,
      updatedAt: now,
    })
    .where(owned(userId, id))
    .returning();
  return row;
}

/** Records the scopes an answer showed missing (a 105005), so the row shows "Reconnect". */
export async function noteMissingScope(
  db: Executor,
  userId: number,
  id: number,
  error: { code: string; message: string },
  now: Date,
): Promise<void> {
  await db
    .update(platformConnections)
    .set({ errorCode: error.code, errorMessage: error.message, updatedAt: now })
    .where(owned(userId, id));
}

/** Connections whose refresh token has run out while still marked active (the job expires them). */
export async function lapsedConnections(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: platformConnections.id, userId: platformConnections.userId })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.status, 'active'),
        lte(platformConnections.refreshTokenExpiresAt, now),
      ),
    )
    .limit(limit);
}

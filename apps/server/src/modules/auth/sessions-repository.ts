import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, sessions } from './schema.ts';

/** The sessions' and refresh tokens' queries (their rules: sessions.ts, lib/revocations.ts). */

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** A connected browser as User Settings lists it. */
export interface BrowserSessionRow {
  id: string;
  name: string | null;
  browser: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

export async function insertSession(
  tx: Executor,
  values: typeof sessions.$inferInsert,
): Promise<void> {
  await tx.insert(sessions).values(values);
}

export async function insertRefreshToken(
  tx: Executor,
  values: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

/** The refresh token with this hash and its session (used, expired or revoked included). */
export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<{ token: RefreshTokenRow; session: SessionRow } | undefined> {
  const [found] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return found;
}

/** Marks the token used at `now` unless it already was: true for the one call that did. */
export async function claimRefreshToken(tx: Executor, id: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}

/** When the token was used (null: not yet, or no such token). */
export async function refreshTokenUsedAt(db: Executor, id: number): Promise<Date | null> {
  const [settled] = await db
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id))
    .limit(1);
  return settled?.usedAt ?? null;
}

/** Records a rotation on its session (and, for a connected browser, its sliding life). */
export async function markRefreshed(
  tx: Executor,
  sessionId: string,
  values: { lastRefreshedAt: Date; lastSeenAt?: Date; expiresAt?: Date },
): Promise<void> {
  await tx.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

/** The account's connected browsers not revoked and not expired at `now`, most recently seen first. */
export async function liveBrowsersOf(
  db: Executor,
  userId: number,
  now: Date,
): Promise<BrowserSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      name: sessions.name,
      browser: sessions.browser,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.kind, 'extension'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** The id when it names an unrevoked connected browser of the account; null otherwise. */
export async function unrevokedBrowserOf(
  db: Executor,
  userId: number,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        eq(sessions.kind, 'extension'),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The unrevoked connected browser whose unused refresh (renew) token has this hash; null if none. */
export async function browserByUnusedToken(
  db: Executor,
  tokenHash: string,
): Promise<string | null> {
  const [found] = await db
    .select({ sessionId: sessions.id })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        eq(sessions.kind, 'extension'),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return found?.sessionId ?? null;
}

/** The unrevoked sessions a session made (the browsers a console session connected). */
export async function unrevokedChildrenOf(db: Executor, sessionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.parentSessionId, sessionId), isNull(sessions.revokedAt)));
  return rows.map((row) => row.id);
}

/** Sets a connected browser's `lastSeenAt` to `now` unless it was seen at or after `seenSince`. */
export async function touchBrowser(
  db: Executor,
  sessionId: string,
  now: Date,
  seenSince: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.kind, 'extension'),
        or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, seenSince)),
      ),
    );
}

/** Marks the sessions not yet revoked as revoked at `now`, for `reason`. */
export async function markRevoked(
  db: Executor,
  sessionIds: string[],
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
}

/** The user's unrevoked sessions, but `keepSessionId`. */
export async function unrevokedSessionsOf(
  db: Executor,
  userId: number,
  keepSessionId?: string,
): Promise<string[]> {
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
  return live.map((row) => row.id);
}

/** A session's revocation by primary key: undefined when there is no such session. */
export async function sessionRevocation(
  db: Executor,
  sessionId: string,
): Promise<{ revokedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}

import { randomUUID } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';
import type { RevocationStore } from '../../lib/revocations.ts';
import type { TokenService } from '../../lib/tokens.ts';

export type RevokeReason =
  'logout' | 'password-changed' | 'password-reset' | 'phone-changed' | 'refresh-reuse';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

/** A rotation's pair, and when its session ends (the refresh cookie lives no longer). */
export interface RotatedTokens extends IssuedTokens {
  sessionExpiresAt: Date;
}

/**
 * Sessions and their refresh-token families. A refresh token is used once; presenting
 * a used one after the grace window means it was stolen or replayed, so the whole
 * session (every token it issued) ends.
 */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly revocations: RevocationStore,
  ) {}

  async start(
    tx: Executor,
    user: { id: number; role: string },
    meta: { ip: string; userAgent: string },
  ): Promise<IssuedTokens> {
    const sessionId = randomUUID();
    const now = Date.now();
    await tx.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
    });
    const refresh = await this.issueRefresh(tx, sessionId);
    const access = await this.tokens.signAccess({ userId: user.id, sessionId, role: user.role });
    return { access_token: access, refresh_token: refresh };
  }

  private async issueRefresh(tx: Executor, sessionId: string): Promise<string> {
    const token = this.tokens.newRefreshToken();
    await this.storeRefresh(tx, sessionId, token, new Date());
    return token;
  }

  private async storeRefresh(tx: Executor, sessionId: string, token: string, now: Date) {
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: this.tokens.hashRefreshToken(token),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
  }

  /**
   * New access and refresh tokens for a valid refresh token; null otherwise.
   *
   * A token is rotated once. Presented again within `REFRESH_REUSE_GRACE_SECONDS` of its
   * rotation (two tabs refreshing at once, an answer lost on the way), it answers the same
   * pair that rotation answered: the successor is derived from the token itself and the
   * access token is signed at the rotation's time, so nothing secret is stored. Presented
   * later, it was stolen or replayed, and the whole session (every token it issued) ends.
   */
  async rotate(
    refreshToken: string,
    role: (userId: number) => Promise<string | null>,
  ): Promise<RotatedTokens | null> {
    const hash = this.tokens.hashRefreshToken(refreshToken);
    const [found] = await this.db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);
    if (!found) return null;
    const { token, session } = found;
    const now = new Date();
    if (session.revokedAt || session.expiresAt <= now) return null;
    if (token.usedAt) return this.repeat(refreshToken, token.usedAt, session, role, now);
    if (token.expiresAt <= now) return null;
    const userRole = await role(session.userId);
    if (!userRole) return null;

    const successor = this.tokens.successorRefreshToken(refreshToken);
    const rotated = await this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (!claimed.length) return false;
      await tx.update(sessions).set({ lastRefreshedAt: now }).where(eq(sessions.id, session.id));
      await this.storeRefresh(tx, session.id, successor, now);
      return true;
    });
    if (!rotated) {
      // Another request rotated this token a moment ago: answer what it answered.
      const [settled] = await this.db
        .select({ usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, token.id))
        .limit(1);
      if (!settled?.usedAt) return null;
      return this.repeat(refreshToken, settled.usedAt, session, role, new Date());
    }
    return {
      access_token: await this.signFor(session, userRole, now),
      refresh_token: successor,
      sessionExpiresAt: session.expiresAt,
    };
  }

  /** A rotated token presented again: the same pair within the grace window, else reuse. */
  private async repeat(
    refreshToken: string,
    usedAt: Date,
    session: { id: string; userId: number; expiresAt: Date },
    role: (userId: number) => Promise<string | null>,
    now: Date,
  ): Promise<RotatedTokens | null> {
    if (now.getTime() - usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await this.revoke([session.id], 'refresh-reuse');
      return null;
    }
    const userRole = await role(session.userId);
    if (!userRole) return null;
    return {
      access_token: await this.signFor(session, userRole, usedAt),
      refresh_token: this.tokens.successorRefreshToken(refreshToken),
      sessionExpiresAt: session.expiresAt,
    };
  }

  /** The access token of a rotation made at `at`: the same bytes whenever it is signed again. */
  private signFor(session: { id: string; userId: number }, role: string, at: Date) {
    return this.tokens.signAccess(
      { userId: session.userId, sessionId: session.id, role },
      at.getTime(),
    );
  }

  /** Ends sessions: their refresh tokens and access tokens stop working at once. */
  async revoke(sessionIds: string[], reason: RevokeReason): Promise<void> {
    if (!sessionIds.length) return;
    await this.revocations.revoke(sessionIds);
    const now = new Date();
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user, optionally keeping one (the caller's). */
  async revokeAllOf(userId: number, reason: RevokeReason, keepSessionId?: string): Promise<void> {
    const live = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
    await this.revoke(
      live.map((row) => row.id),
      reason,
    );
  }
}

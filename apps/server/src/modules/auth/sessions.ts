import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
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

/**
 * Sessions and their refresh-token families. A refresh token is used once;
 * presenting a used one means it was stolen or replayed, so the whole session
 * (every token it issued) ends.
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
    await tx.insert(refreshTokens).values({
      sessionId,
      tokenHash: this.tokens.hashRefreshToken(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  /** New access and refresh tokens for a valid, unused refresh token; null otherwise. */
  async rotate(
    refreshToken: string,
    role: (userId: number) => Promise<string | null>,
  ): Promise<IssuedTokens | null> {
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
    if (token.usedAt) {
      await this.revoke([session.id], 'refresh-reuse');
      return null;
    }
    if (token.expiresAt <= now) return null;
    const userRole = await role(session.userId);
    if (!userRole) return null;

    const refresh = await this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (!claimed.length) return null;
      await tx.update(sessions).set({ lastRefreshedAt: now }).where(eq(sessions.id, session.id));
      return this.issueRefresh(tx, session.id);
    });
    if (!refresh) {
      // Another request used this token a moment ago: that is reuse too.
      await this.revoke([session.id], 'refresh-reuse');
      return null;
    }
    const access = await this.tokens.signAccess({
      userId: session.userId,
      sessionId: session.id,
      role: userRole,
    });
    return { access_token: access, refresh_token: refresh };
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

import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import {
  EXTENSION_RENEW_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import {
  browserByUnusedToken,
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  liveBrowsersOf,
  markRefreshed,
  markRevoked,
  refreshTokenUsedAt,
  touchBrowser,
  unrevokedBrowserOf,
  unrevokedChildrenOf,
  unrevokedSessionsOf,
  type BrowserSessionRow,
} from './sessions-repository.ts';
import type { RevocationStore } from '../../lib/revocations.ts';
import type { TokenService } from '../../lib/tokens.ts';

/** How often a connected browser's "last seen" is written. */
const SEEN_EVERY_MS = 60_000;

export type RevokeReason =
  | 'logout'
  | 'password-changed'
  | 'password-reset'
  | 'phone-changed'
  | 'refresh-reuse'
  | 'browser-revoked'
  | 'browser-replaced';

/** `console`: a sign-in; `extension`: a connected browser's own session (issue 17). */
export type SessionKind = 'console' | 'extension';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

/** A rotation's pair, and when its session ends (the refresh cookie lives no longer). */
export interface RotatedTokens extends IssuedTokens {
  sessionExpiresAt: Date;
  sessionId: string;
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
    await insertSession(tx, {
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
    await insertRefreshToken(tx, {
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
    kind: SessionKind = 'console',
  ): Promise<RotatedTokens | null> {
    const hash = this.tokens.hashRefreshToken(refreshToken);
    const found = await findRefreshToken(this.db, hash);
    if (!found) return null;
    const { token, session } = found;
    const now = new Date();
    // A session's tokens renew only its own kind: the console's refresh never takes a
    // browser's renew token, nor the other way round.
    if (session.kind !== kind) return null;
    if (session.revokedAt || session.expiresAt <= now) return null;
    if (token.usedAt) return this.repeat(refreshToken, token.usedAt, session, role, now);
    if (token.expiresAt <= now) return null;
    const userRole = await role(session.userId);
    if (!userRole) return null;

    const successor = this.tokens.successorRefreshToken(refreshToken);
    const rotated = await this.db.transaction(async (tx) => {
      if (!(await claimRefreshToken(tx, token.id, now))) return false;
      await markRefreshed(tx, session.id, {
        lastRefreshedAt: now,
        // A connected browser's session slides with each renewal (it runs for weeks, alone).
        ...(kind === 'extension'
          ? {
              lastSeenAt: now,
              expiresAt: new Date(now.getTime() + EXTENSION_RENEW_TTL_SECONDS * 1000),
            }
          : {}),
      });
      await this.storeRefresh(tx, session.id, successor, now);
      return true;
    });
    if (!rotated) {
      // Another request rotated this token a moment ago: answer what it answered.
      const usedAt = await refreshTokenUsedAt(this.db, token.id);
      if (!usedAt) return null;
      return this.repeat(refreshToken, usedAt, session, role, new Date());
    }
    return {
      access_token: await this.signFor(session, userRole, now),
      refresh_token: successor,
      sessionId: session.id,
      sessionExpiresAt:
        kind === 'extension'
          ? new Date(now.getTime() + EXTENSION_RENEW_TTL_SECONDS * 1000)
          : session.expiresAt,
    };
  }

  /** A rotated token presented again: the same pair within the grace window, else reuse. */
  private async repeat(
    refreshToken: string,
    usedAt: Date,
    session: { id: string; userId: number; expiresAt: Date; kind: string },
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
      sessionId: session.id,
      sessionExpiresAt: session.expiresAt,
    };
  }

  /** The access token of a rotation made at `at`: the same bytes whenever it is signed again. */
  private async signFor(
    session: { id: string; userId: number; kind: string },
    role: string,
    at: Date,
  ) {
    const claims = { userId: session.userId, sessionId: session.id, role };
    if (session.kind === 'extension') {
      return (await this.tokens.signExtension(claims, at.getTime())).token;
    }
    return this.tokens.signAccess(claims, at.getTime());
  }

  /**
   * A connected browser's own session (issue 17), made by a console session: scoped tokens
   * for the extension's routes, a renew token it rotates by itself. The console's logout
   * (its parent), a password change or a revocation from User Settings ends it.
   */
  async startExtension(
    user: { id: number; role: string },
    parentSessionId: string,
    meta: { name: string; browser: string; ip: string; userAgent: string },
  ): Promise<{
    sessionId: string;
    token: string;
    expiresAt: Date;
    renewToken: string;
    renewExpiresAt: Date;
  }> {
    const sessionId = randomUUID();
    const now = new Date();
    const renewExpiresAt = new Date(now.getTime() + EXTENSION_RENEW_TTL_SECONDS * 1000);
    const renewToken = await this.db.transaction(async (tx) => {
      await insertSession(tx, {
        id: sessionId,
        userId: user.id,
        kind: 'extension',
        parentSessionId,
        name: meta.name,
        browser: meta.browser,
        expiresAt: renewExpiresAt,
        lastSeenAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 500),
      });
      return this.issueRefresh(tx, sessionId);
    });
    const { token, expiresAt } = await this.tokens.signExtension(
      { userId: user.id, sessionId, role: user.role },
      now.getTime(),
    );
    return { sessionId, token, expiresAt, renewToken, renewExpiresAt };
  }

  /** The live connected browsers of an account, most recently seen first. */
  async browsersOf(userId: number): Promise<BrowserSessionRow[]> {
    return liveBrowsersOf(this.db, userId, new Date());
  }

  /** Ends one connected browser of the account; false when it is not one (or already ended). */
  async revokeBrowser(userId: number, id: string): Promise<boolean> {
    const found = await unrevokedBrowserOf(this.db, userId, id);
    if (!found) return false;
    await this.revoke([found], 'browser-revoked');
    return true;
  }

  /**
   * A connected browser ends its own session by its renew token (a current one, unused): the
   * extension does so when a new sign-in hands it another session, so that no session it no
   * longer holds stays alive. False when the token names no live browser session.
   */
  async endBrowserByRenewToken(renewToken: string): Promise<boolean> {
    const found = await browserByUnusedToken(this.db, this.tokens.hashRefreshToken(renewToken));
    if (!found) return false;
    await this.revoke([found], 'browser-replaced');
    return true;
  }

  /** A console session's logout ends the browsers it connected too. */
  async childrenOf(sessionId: string): Promise<string[]> {
    return unrevokedChildrenOf(this.db, sessionId);
  }

  /**
   * A connected browser was seen (a claim, a report): at most once a minute per session. The
   * statement says so itself (other replicas write too); this process also remembers when it
   * last wrote, so that the extension's calls in between cost no round trip (issue 18's bench:
   * one statement of every extension call).
   */
  async touch(sessionId: string, now: Date): Promise<void> {
    const at = now.getTime();
    const last = this.touchedAt.get(sessionId);
    if (last !== undefined && at >= last && at - last < SEEN_EVERY_MS) return;
    await touchBrowser(this.db, sessionId, now, new Date(at - SEEN_EVERY_MS));
    this.touchedAt.set(sessionId, at);
  }

  /** When this process last marked each browser session seen (bounded: the oldest go). */
  private readonly touchedAt = new LRUCache<string, number>({ max: 10_000 });

  /** Ends sessions: their refresh tokens and access tokens stop working at once. */
  async revoke(sessionIds: string[], reason: RevokeReason): Promise<void> {
    if (!sessionIds.length) return;
    await this.revocations.revoke(sessionIds);
    await markRevoked(this.db, sessionIds, reason, new Date());
  }

  /** Ends every live session of a user, optionally keeping one (the caller's). */
  async revokeAllOf(userId: number, reason: RevokeReason, keepSessionId?: string): Promise<void> {
    await this.revoke(await unrevokedSessionsOf(this.db, userId, keepSessionId), reason);
  }
}

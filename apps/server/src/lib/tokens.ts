import {
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EXTENSION_TOKEN_SCOPE,
  EXTENSION_TOKEN_TTL_SECONDS,
} from '@inviteflow/contract';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'inviteflow';
const AUDIENCE = 'inviteflow-api';
/**
 * The extension's tokens have an audience of their own as well as the scope claim: a
 * check that knows nothing of scopes (verifyAccess) refuses them by construction.
 */
const EXTENSION_AUDIENCE = 'inviteflow-extension';
/** The only algorithm accepted: `alg: none` and key-confusion tricks are refused by construction. */
const ALGORITHM = 'HS256';

/** Verified tokens remembered per process: about 3 MB at most. */
const VERIFIED_TOKENS_MAX = 10_000;

/** `full`: the console's access token; `extension`: the extension's scoped token. */
export type TokenScope = 'full' | typeof EXTENSION_TOKEN_SCOPE;

export interface AccessClaims {
  userId: number;
  sessionId: string;
  role: string;
  scope: TokenScope;
}

export type SessionClaims = Omit<AccessClaims, 'scope'>;

function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'inviteflow', purpose, 32));
}

/** Signs and checks access tokens, and hashes refresh tokens and SMS codes, from one master secret. */
export class TokenService {
  /**
   * Imported once: handed raw bytes, jose imports a WebCrypto key on every sign and
   * verify, a measurable share of each authenticated request.
   */
  private readonly jwtKey: Promise<CryptoKey>;
  private readonly codeKey: Buffer;
  private readonly linkKey: Buffer;
  private readonly successorKey: Buffer;
  /** Tokens whose signature and claims were checked, by their exact text. */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.jwtKey = webcrypto.subtle.importKey(
      'raw',
      new Uint8Array(deriveKey(secret, 'access-token')),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.codeKey = deriveKey(secret, 'sms-code');
    this.linkKey = deriveKey(secret, 'download-link');
    this.successorKey = deriveKey(secret, 'refresh-successor');
  }

  async signAccess(claims: SessionClaims, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.jwtKey);
  }

  /**
   * The extension's token for the same session (so logout ends it too): scope
   * `extension`, its own audience, a short life.
   */
  async signExtension(
    claims: SessionClaims,
    now = Date.now(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now / 1000);
    const expiresAtSeconds = issuedAt + EXTENSION_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      sid: claims.sessionId,
      role: claims.role,
      scope: EXTENSION_TOKEN_SCOPE,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(EXTENSION_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(await this.jwtKey);
    return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /** The claims of a valid, unexpired console access token, or null (an extension token is null). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const claims = await this.verifyBearer(token);
    return claims?.scope === 'full' ? claims : null;
  }

  /**
   * The claims of a valid, unexpired bearer token of either kind, or null. The scope is
   * read from the audience and must agree with the scope claim: a token minted for one
   * use never passes for the other.
   */
  async verifyBearer(token: string): Promise<AccessClaims | null> {
    const known = this.verifiedBefore(token);
    if (known !== undefined) return known;
    const claims = await this.verifySignedBearer(token);
    if (claims) this.remember(token, claims.claims, claims.expiresAtMs);
    return claims?.claims ?? null;
  }

  /**
   * `verifyBearer` without waiting, for a token verified before: its claims, or null once
   * it expired; undefined when these bytes were never verified (ask `verifyBearer`).
   */
  verifiedBefore(token: string): AccessClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    // The same bytes were verified before; only time can have changed the answer.
    if (Date.now() < known.expiresAtMs) return known.claims;
    this.verified.delete(token);
    return null;
  }

  /**
   * Remembers a verified token until it expires, so a session's every request after
   * its first skips the signature check (a WebCrypto job each time). Only exact token
   * bytes hit; the oldest entry goes first when the cache is full.
   */
  private remember(token: string, claims: AccessClaims, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims: Object.freeze(claims), expiresAtMs });
  }

  private async verifySignedBearer(
    token: string,
  ): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.jwtKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: [AUDIENCE, EXTENSION_AUDIENCE],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      const role = payload.role;
      if (
        !Number.isSafeInteger(userId) ||
        typeof sessionId !== 'string' ||
        typeof role !== 'string'
      ) {
        return null;
      }
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audiences.length !== 1) return null;
      const extension = audiences[0] === EXTENSION_AUDIENCE;
      if (extension !== (payload.scope === EXTENSION_TOKEN_SCOPE)) return null;
      return {
        claims: { userId, sessionId, role, scope: extension ? EXTENSION_TOKEN_SCOPE : 'full' },
        // jwtVerify required exp; the token is valid while now < exp.
        expiresAtMs: Number(payload.exp) * 1000,
      };
    } catch {
      return null;
    }
  }

  /** A new opaque refresh token; only its hash is stored. */
  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /**
   * The refresh token that rotating `token` issues: a keyed hash of it, so the server can
   * answer a repeat of the same rotation (within the grace window) with the same token
   * without storing it. Only the server, holding the key, can compute it.
   */
  successorRefreshToken(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  hashRefreshToken(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** Keyed hash of an SMS code, bound to the phone and purpose it was sent for. */
  hashCode(phoneNumber: string, purpose: string, code: string): string {
    return createHmac('sha256', this.codeKey)
      .update(`${phoneNumber}|${purpose}|${code}`)
      .digest('hex');
  }

  codeMatches(storedHash: string, phoneNumber: string, purpose: string, code: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hashCode(phoneNumber, purpose, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /**
   * A download link token: `<id>.<expiry in Unix seconds>.<HMAC>`. It proves the
   * server issued the link for this id until then; single use is enforced by the caller.
   */
  signDownload(id: string, expiresAtSeconds: number): string {
    const body = `${id}.${expiresAtSeconds}`;
    return `${body}.${createHmac('sha256', this.linkKey).update(body).digest('base64url')}`;
  }

  /** The id of a well-signed, unexpired download token, or null. */
  verifyDownload(token: string, nowMs = Date.now()): string | null {
    const match = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, expiry, signature] = match as unknown as [string, string, string, string];
    const expected = createHmac('sha256', this.linkKey).update(`${id}.${expiry}`).digest();
    const actual = Buffer.from(signature, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    return Number(expiry) * 1000 > nowMs ? id : null;
  }
}

import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'inviteflow';
const AUDIENCE = 'inviteflow-api';
/** The only algorithm accepted: `alg: none` and key-confusion tricks are refused by construction. */
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  role: string;
}

function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'inviteflow', purpose, 32));
}

/** Signs and checks access tokens, and hashes refresh tokens and SMS codes, from one master secret. */
export class TokenService {
  private readonly jwtKey: Uint8Array;
  private readonly codeKey: Buffer;
  private readonly linkKey: Buffer;

  constructor(secret: string) {
    this.jwtKey = new Uint8Array(deriveKey(secret, 'access-token'));
    this.codeKey = deriveKey(secret, 'sms-code');
    this.linkKey = deriveKey(secret, 'download-link');
  }

  async signAccess(claims: AccessClaims, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.jwtKey);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.jwtKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
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
      return { userId, sessionId, role };
    } catch {
      return null;
    }
  }

  /** A new opaque refresh token; only its hash is stored. */
  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
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

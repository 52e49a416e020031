import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (a platform's access and refresh tokens): AES-256-GCM under a key
 * derived from APP_SECRET with HKDF-SHA256 and a purpose label, so a key of one use never
 * opens another's data (tokens.ts derives its keys the same way, with other labels).
 *
 * Sealed text: `v1.` + base64url(iv ‖ ciphertext ‖ tag). The version names the algorithm and
 * the derivation, so a later key or algorithm gets `v2.` and both can be read during a change.
 * Each seal binds a context (which row, which column) as associated data: a ciphertext copied
 * into another row or column no longer opens, even with the right key.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's salt for every key of this server (tokens.ts uses the same). */
const SALT = 'inviteflow';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  private readonly key: Buffer;

  /**
   * @param appSecret the server's master secret (config.appSecret)
   * @param purpose what the key is for (e.g. `platform-tokens`): one key per purpose
   */
  constructor(appSecret: string, purpose: string) {
    if (!purpose) throw new Error('SecretBox needs a purpose label');
    this.key = Buffer.from(hkdfSync('sha256', appSecret, SALT, `secret-box:${purpose}`, 32));
  }

  /** Encrypts `plaintext`, bound to `context`. Two seals of the same text differ (random IV). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(`${VERSION}:${context}`, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]);
    return `${VERSION}.${sealed.toString('base64url')}`;
  }

  /**
   * Decrypts a sealed text of the same key and context. A changed byte, another key, another
   * context or an unknown version is refused (SecretBoxError), never answered with garbage.
   */
  open(sealed: string, context: string): string {
    const dot = sealed.indexOf('.');
    const version = dot > 0 ? sealed.slice(0, dot) : '';
    if (version !== VERSION) throw new SecretBoxError('unknown sealed-text version');
    const raw = Buffer.from(sealed.slice(dot + 1), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed text too short');
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${VERSION}:${context}`, 'utf8'));

    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        'sealed text refused: altered, or sealed with another key or context',
      );
    }
  }
}

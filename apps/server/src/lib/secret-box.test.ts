import { createDecipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box.ts';

const secret = 'test-secret-that-is-long-enough-for-hkdf-0123456789';
const token = 'TTP_Fw8rBwAAAAAkW03FYd09DG-9INtpw361hWthei8S3fHX8iPJ5AUv99fLSCYD9';

/** Flips one bit of the sealed bytes at `index` (counted in the decoded bytes). */
function flip(sealed: string, index: number): string {
  const [version, body] = sealed.split('.') as [string, string];
  const raw = Buffer.from(body, 'base64url');
  raw[index] = raw[index]! ^ 0x01;
  return `${version}.${raw.toString('base64url')}`;
}

describe('secret box (AES-256-GCM, key from APP_SECRET by HKDF)', () => {
  it('opens what it sealed; the sealed text is versioned and never holds the plaintext', () => {
    const box = new SecretBox(secret, 'platform-tokens');
    const sealed = box.seal(token, 'connection:1:access');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(token);
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('TTP_');
    expect(box.open(sealed, 'connection:1:access')).toBe(token);
    // A random IV: the same token sealed twice gives two texts.
    expect(box.seal(token, 'connection:1:access')).not.toBe(sealed);
  });

  it('is the documented construction: HKDF-SHA256(APP_SECRET, "inviteflow", label) and GCM', () => {
    // Rebuilt from the description, not from the class: a reader of the data can decrypt it.
    const box = new SecretBox(secret, 'platform-tokens');
    const sealed = box.seal(token, 'ctx');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const key = Buffer.from(
      hkdfSync('sha256', secret, 'inviteflow', 'secret-box:platform-tokens', 32),
    );
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from('v1:ctx'));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]);
    expect(plain.toString()).toBe(token);
  });

  it('refuses a tampered text: any flipped bit of IV, ciphertext or tag', () => {
    const box = new SecretBox(secret, 'platform-tokens');
    const sealed = box.seal(token, 'c');
    const length = Buffer.from(sealed.slice(3), 'base64url').length;
    for (const index of [0, 11, 12, 12 + 10, length - 17, length - 16, length - 1]) {
      expect(() => box.open(flip(sealed, index), 'c'), `byte ${index}`).toThrow(SecretBoxError);
    }
    expect(() => box.open(sealed.slice(0, 20), 'c')).toThrow(SecretBoxError);
    expect(() => box.open(`v2.${sealed.slice(3)}`, 'c')).toThrow(/version/);
    expect(() => box.open(sealed.slice(3), 'c')).toThrow(SecretBoxError);
  });

  it('refuses another key: another APP_SECRET, or the same secret for another purpose', () => {
    const sealed = new SecretBox(secret, 'platform-tokens').seal(token, 'c');
    expect(() => new SecretBox(`${secret}-rotated`, 'platform-tokens').open(sealed, 'c')).toThrow(
      SecretBoxError,
    );
    expect(() => new SecretBox(secret, 'other-purpose').open(sealed, 'c')).toThrow(SecretBoxError);
  });

  it('refuses a text moved to another context (another row or column)', () => {
    const box = new SecretBox(secret, 'platform-tokens');
    const sealed = box.seal(token, 'connection:1:access');
    expect(() => box.open(sealed, 'connection:2:access')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'connection:1:refresh')).toThrow(SecretBoxError);
  });
});

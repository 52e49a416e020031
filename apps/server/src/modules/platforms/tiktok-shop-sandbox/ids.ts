import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Numeric ids of 19 digits, like the documents' `7365861555575916210`. */
export function numericId(prefix = '7'): string {
  let out = prefix;
  while (out.length < 19) out += String(randomInt(0, 10));
  return out;
}

/** Tokens and codes as the documents show them: `TTP_` and URL-safe base64. */
export function secretToken(bytes: number): string {
  return `TTP_${randomBytes(bytes).toString('base64url')}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `request_id`: the time (yyyyMMddHHmmss, UTC) then hex, as in `202203070749000101890810281E8C70B7`. */
export function requestId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** Text safe for a jsonb column: no NUL, no lone surrogate. */
export function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value
      .split('\u0000')
      .join('\ufffd')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[storable(k, depth + 1) as string] = storable(v, depth + 1);
  return out;
}

/** True when nothing in the value would be changed by `storable` (no NUL, no lone surrogate). */
export function isStorable(value: unknown): boolean {
  return JSON.stringify(storable(value)) === JSON.stringify(value);
}

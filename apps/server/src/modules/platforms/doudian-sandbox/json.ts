/**
 * JSON as the platform reads it: 抖店 ids are int64 (product ids of 19 digits like the
 * documents' `3482204602722574252`), beyond what a JavaScript number holds. Integers of 16
 * digits and more are read as their decimal text, so no id is rounded.
 */
export function parseJsonExact(text: string): unknown {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i += 1;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      out += /^-?\d{16,}$/.test(token) ? `"${token}"` : token;
      i = j - 1;
      continue;
    }
    out += c;
  }
  return JSON.parse(out) as unknown;
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

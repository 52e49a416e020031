/**
 * A parsed form or query as Alipay's messages are read: one string per parameter (a
 * repeated parameter counts by its first value; anything else is dropped).
 */
export function formParams(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object') return out;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

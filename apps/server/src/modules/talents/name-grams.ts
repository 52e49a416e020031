/**
 * Name search keys for the `talents.name_grams` GIN index.
 *
 * Every 1- and 2-character piece of the lower-cased name, prefixed with the
 * owner's id ("42:小", "42:小王"): substring search then works in any script
 * (a two-character Chinese name, a Latin handle) without a database extension,
 * and the prefix keeps each posting list to one account's rows.
 */
export function nameGrams(userId: number, name: string): string[] {
  const chars = [...name.trim().toLowerCase()];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    grams.add(`${userId}:${chars[i]}`);
    if (i + 1 < chars.length) grams.add(`${userId}:${chars[i]}${chars[i + 1]}`);
  }
  return [...grams];
}

/**
 * The keys a search term needs: the term itself when it is one character,
 * else its 2-character pieces. A row holding all of them is a candidate; the
 * caller re-checks with LIKE, since pieces can match out of order.
 */
export function searchGrams(userId: number, term: string): string[] {
  const chars = [...term.trim().toLowerCase()];
  if (chars.length === 0) return [];
  if (chars.length === 1) return [`${userId}:${chars[0]}`];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(`${userId}:${chars[i]}${chars[i + 1]}`);
  return [...grams];
}

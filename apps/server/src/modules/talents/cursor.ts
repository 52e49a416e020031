import { talentSortFields, type TalentSortField } from '@inviteflow/contract';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';

/**
 * Keyset cursors. A cursor is opaque to the console: base64url JSON of the sort it
 * was made for, the direction to go, and the boundary row's sort value and id.
 * Times travel as UTC text with microseconds, so a boundary is exact even for rows
 * whose times the database wrote with more precision than a JS Date holds.
 */

export type SortOrder = 'asc' | 'desc';
export type Direction = 'next' | 'prev';

export interface Position {
  /** The boundary row's sort value: `YYYY-MM-DDTHH:mm:ss.ffffffZ` for times, else an integer. */
  value: string | number;
  id: number;
}

export const timeSorts: ReadonlySet<TalentSortField> = new Set([
  'addedAt',
  'createdAt',
  'updatedAt',
]);

const timeText = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A time value the database will accept as exactly what it says (no 30 February). */
function isTimeText(value: string): boolean {
  const match = timeText.exec(value);
  if (!match) return false;
  const date = new Date(`${value.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19);
}

const payload = z
  .object({
    s: z.enum(talentSortFields),
    o: z.enum(['asc', 'desc']),
    d: z.enum(['next', 'prev']),
    v: z.union([z.string().max(40), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
    i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export function encodeCursor(
  sort: TalentSortField,
  order: SortOrder,
  direction: Direction,
  position: Position,
): string {
  return Buffer.from(
    JSON.stringify({ s: sort, o: order, d: direction, v: position.value, i: position.id }),
  ).toString('base64url');
}

/**
 * The direction and boundary of a cursor made for this sort and order; anything
 * else (garbled, tampered, or made for another sort) answers 400 cursorInvalid.
 */
export function decodeCursor(
  cursor: string,
  sort: TalentSortField,
  order: SortOrder,
): { direction: Direction; position: Position } {
  const invalid = () => badRequest('validation.cursorInvalid');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = payload.safeParse(decoded);
  if (!parsed.success) throw invalid();
  const { s, o, d, v, i } = parsed.data;
  if (s !== sort || o !== order) throw invalid();
  const wellTyped = timeSorts.has(sort)
    ? typeof v === 'string' && isTimeText(v)
    : typeof v === 'number';
  if (!wellTyped) throw invalid();
  return { direction: d, position: { value: v, id: i } };
}

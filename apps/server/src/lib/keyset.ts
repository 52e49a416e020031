import { KEYSET_OFFSET_MAX } from '@inviteflow/contract';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Keyset pages of long lists (talents, send records): next and previous pages at any
 * depth by cursor, and jumps by offset of at most KEYSET_OFFSET_MAX rows from either
 * end. A cursor is opaque to the console: base64url JSON of the sort it was made for,
 * the direction to go, and the boundary row's sort value and id. Times travel as UTC
 * text with microseconds, so a boundary is exact even for rows whose times the
 * database wrote with more precision than a JS Date holds.
 */

export type SortOrder = 'asc' | 'desc';
export type Direction = 'next' | 'prev';

export interface Position {
  /** The boundary row's sort value: `YYYY-MM-DDTHH:mm:ss.ffffffZ` for times, else an integer. */
  value: string | number;
  id: number;
}

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
    s: z.string().max(40),
    o: z.enum(['asc', 'desc']),
    d: z.enum(['next', 'prev']),
    v: z.union([z.string().max(40), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
    i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export function encodeCursor(
  sort: string,
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
  sort: string,
  order: SortOrder,
  isTime: boolean,
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
  const wellTyped = isTime ? typeof v === 'string' && isTimeText(v) : typeof v === 'number';
  if (!wellTyped) throw invalid();
  return { direction: d, position: { value: v, id: i } };
}

/** The page a list's request asks for (talents, send records): its order, size and place. */
export interface PageRequest {
  order: SortOrder;
  pageSize: number;
  cursor?: string | undefined;
  offset?: number | undefined;
  fromEnd: boolean;
}

export interface KeysetRequest extends PageRequest {
  /** The sort's name, as cursors carry it. */
  sort: string;
  /** Whether the sort column is a time (cursor values are UTC text). */
  isTime: boolean;
}

export interface KeysetPage<Row> {
  list: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Reads at most `limit` rows in `order`, after a boundary row or from an offset. */
export type Walk<Row> = (
  order: SortOrder,
  extra: { after?: Position; offset?: number; limit: number },
) => Promise<Array<Row & { position: Position }>>;

const flip = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');

/**
 * One page, reached by a cursor (next or previous page at any depth) or by an offset
 * of at most KEYSET_OFFSET_MAX rows from the start or, with fromEnd, from the end.
 * Reads pageSize + 1 rows to know whether there is more; never counts.
 */
export async function keysetPage<Row>(
  request: KeysetRequest,
  walkRows: Walk<Row>,
): Promise<KeysetPage<Row>> {
  const { sort, order, pageSize } = request;
  const strip = ({ position: _position, ...row }: Row & { position: Position }) => row as Row;
  const cursorFor = (direction: Direction, position: Position | undefined) =>
    position ? encodeCursor(sort, order, direction, position) : null;
  const walk = (walkOrder: SortOrder, extra: { after?: Position; offset?: number }) =>
    walkRows(walkOrder, { ...extra, limit: pageSize + 1 });

  // Backwards (a previous-page cursor, or a jump from the end): walk the other way, then turn round.
  const backwards = async (extra: { after?: Position; offset?: number }) => {
    const rows = await walk(flip(order), extra);
    const more = rows.length > pageSize;
    const page = rows.slice(0, pageSize).reverse();
    return { page, more };
  };

  if (request.cursor !== undefined) {
    const { direction, position } = decodeCursor(request.cursor, sort, order, request.isTime);
    if (direction === 'next') {
      const rows = await walk(order, { after: position });
      const page = rows.slice(0, pageSize);
      return {
        list: page.map(strip),
        nextCursor: rows.length > pageSize ? cursorFor('next', page.at(-1)?.position) : null,
        // The cursor's own row lies before this page.
        prevCursor: cursorFor('prev', page[0]?.position ?? position),
      };
    }
    const { page, more } = await backwards({ after: position });
    return {
      list: page.map(strip),
      nextCursor: cursorFor('next', page.at(-1)?.position ?? position),
      prevCursor: more ? cursorFor('prev', page[0]?.position) : null,
    };
  }

  const offset = request.offset ?? 0;
  if (offset > KEYSET_OFFSET_MAX) throw badRequest('validation.offsetTooDeep');
  if (request.fromEnd) {
    const { page, more } = await backwards({ offset });
    return {
      list: page.map(strip),
      nextCursor: offset > 0 ? cursorFor('next', page.at(-1)?.position) : null,
      prevCursor: more ? cursorFor('prev', page[0]?.position) : null,
    };
  }
  const rows = await walk(order, { offset });
  const page = rows.slice(0, pageSize);
  return {
    list: page.map(strip),
    nextCursor: rows.length > pageSize ? cursorFor('next', page.at(-1)?.position) : null,
    prevCursor: offset > 0 ? cursorFor('prev', page[0]?.position) : null,
  };
}

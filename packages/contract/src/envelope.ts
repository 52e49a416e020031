import { KEYSET_OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './paging-limits.ts';
import { z } from './zod.ts';

/**
 * Every response body is this envelope (DESIGN.md, API conventions).
 * Success: success true, code 200. Failure: success false, code = HTTP status.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data,
    timestamp: z.number().int().describe('Server time, milliseconds since the Unix epoch'),
  });
}

/** The failure envelope; named, so a generated document (OpenAPI) holds it once. */
export const errorEnvelope = envelope(z.null()).meta({
  id: 'Failure',
  description:
    'A failure: `success` false, `code` the HTTP status, `message` what to tell the user',
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
  timestamp: number;
}

/** `page` from 1 and `pageSize` up to 100, as query parameters. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(1_000_000, { error: 'validation.invalidField' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(PAGE_SIZE_MAX, { error: 'validation.invalidField' })
    .default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageData<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A numeric row id in the path. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 31 - 1, { error: 'validation.invalidField' }),
});
export type IdParams = z.infer<typeof idParams>;

/**
 * The paging of a long list. Pages are reached by `cursor` (next or previous page, at
 * any depth, from a page's `nextCursor` / `prevCursor`), or by `offset` rows from the
 * start (or from the end with `fromEnd`) for a jump, up to KEYSET_OFFSET_MAX.
 */
export function keysetPaging(pageSizeDefault: number) {
  return z.object({
    pageSize: z.coerce
      .number({ error: 'validation.invalidField' })
      .int({ error: 'validation.invalidField' })
      .min(1, { error: 'validation.invalidField' })
      .max(PAGE_SIZE_MAX, { error: 'validation.invalidField' })
      .default(pageSizeDefault),
    cursor: z.string().max(500, { error: 'validation.cursorInvalid' }).optional(),
    offset: z.coerce
      .number({ error: 'validation.invalidField' })
      .int({ error: 'validation.invalidField' })
      .min(0, { error: 'validation.invalidField' })
      .max(KEYSET_OFFSET_MAX, { error: 'validation.offsetTooDeep' })
      .optional(),
    fromEnd: z
      .enum(['true', 'false'], { error: 'validation.invalidField' })
      .optional()
      .transform((v) => v === 'true'),
  });
}

/** A page is reached one way: by its cursor, or by a jump. */
export function oneWayToPage(
  value: { cursor?: string | undefined; offset?: number | undefined; fromEnd: boolean },
  ctx: z.core.$RefinementCtx,
) {
  if (value.cursor !== undefined && (value.offset !== undefined || value.fromEnd)) {
    ctx.addIssue({ code: 'custom', path: ['offset'], message: 'validation.invalidField' });
  }
}

/** One page of a keyset list. */
export function keysetPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageSize: z.number().int(),
    /** Opaque; pass as `cursor` for the next page. Null on the last page. */
    nextCursor: z.string().nullable(),
    /** Opaque; pass as `cursor` for the previous page. Null on the first page. */
    prevCursor: z.string().nullable(),
  });
}

/** The total of a filter, asked separately so a list page never waits for a count. */
export const countData = z.object({
  total: z.number().int(),
  /**
   * False when `total` is an estimate: a broad filter over a large table that could
   * not be counted within the server's time budget is estimated, shown as "about".
   */
  exact: z.boolean(),
});
export type CountData = z.infer<typeof countData>;

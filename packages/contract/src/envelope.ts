import { z } from 'zod';

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

export const errorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
  timestamp: number;
}

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

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

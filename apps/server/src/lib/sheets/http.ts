import type { PassThrough } from 'node:stream';
import type { TalentFileFormat } from '@inviteflow/contract';
import { z } from 'zod';
import { failureResponses, type Failures } from '../route-schemas.ts';

/** The media types of the sheets the API answers. */
export const contentTypes: Record<TalentFileFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * A file's bytes as the reply takes them. The typed reply only knows the JSON
 * envelope of the response schemas; a Buffer or a stream is sent as it is.
 */
export const fileBody = (body: Buffer | PassThrough) => body as unknown as string;

/** A file answer, documented by its media types (failures are still the JSON envelope). */
export function fileResponses<F extends Failures = Record<never, never>>(
  description: string,
  failures?: F,
) {
  const file = z.string().describe('The file');
  return {
    200: {
      description,
      content: { [contentTypes.xlsx]: { schema: file }, 'text/csv': { schema: file } },
    },
    ...failureResponses(failures ?? ({} as F)),
  };
}

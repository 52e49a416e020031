import type { PassThrough } from 'node:stream';
import { errorEnvelope, type TalentFileFormat } from '@inviteflow/contract';
import { z } from 'zod';

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

/** A file answer, documented by its media types (errors are still the JSON envelope). */
export function fileResponses(description: string) {
  const file = z.string().describe('The file');
  return {
    200: {
      description,
      content: { [contentTypes.xlsx]: { schema: file }, 'text/csv': { schema: file } },
    },
    '4xx': errorEnvelope,
    '5xx': errorEnvelope,
  };
}

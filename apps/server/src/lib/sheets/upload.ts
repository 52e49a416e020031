import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES } from '@inviteflow/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import { refuseUnstorable } from '../storable-text.ts';

export interface Upload {
  /** The uploaded file, spooled to a temporary file. */
  path: string;
  /** The zone of times written without an offset, as sent (null: none; the feature checks it). */
  timeZone: string | null;
  /** Every text field sent before the file, by name (the last of a repeated name wins). */
  fields: Record<string, string>;
}

const tooLarge = () =>
  new AppError(413, 'error.importTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });

/**
 * Receives an import's multipart body (`file`, optionally `timeZone` and other fields) into a
 * temporary file, so a slow upload never holds a database transaction open and
 * the file can be checked before it is parsed; removes it afterwards, whatever
 * happens. The size limit comes from the multipart registration of the route.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  work: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest('validation.fileRequired');
  const dir = await mkdtemp(join(tmpdir(), 'inviteflow-import-'));
  try {
    let path: string | null = null;
    let timeZone: string | null = null;
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = String(part.value);
          fields[part.fieldname] = value;
          if (part.fieldname === 'timeZone' && value.trim()) timeZone = value.trim();
        } else if (part.fieldname === 'file' && !path) {
          path = join(dir, 'upload');
          await pipeline(part.file, createWriteStream(path));
          if (part.file.truncated) throw tooLarge();
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    if (!path) throw badRequest('validation.fileRequired');
    refuseUnstorable(request.locale, fields);
    return await work({ path, timeZone, fields });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import {
  apiPaths,
  type Envelope,
  type ImportReport,
  type Talent,
  type TalentBody,
} from '@inviteflow/contract';
import ExcelJS from 'exceljs';
import { talents } from '../../src/db/schema.ts';
import { nameGrams } from '../../src/modules/talents/name-grams.ts';
import type { Harness } from './harness.ts';

/** A valid add-talent body; each call a new talent ID. */
let idCounter = 0;
export function talentBody(overrides: Partial<TalentBody> = {}): TalentBody {
  idCounter += 1;
  return {
    platform: 'douyin',
    platformTalentId: `T${process.pid}${idCounter}`,
    name: `达人${idCounter}`,
    ...overrides,
  };
}

export async function addTalent(
  h: Harness,
  token: string,
  overrides: Partial<TalentBody> = {},
): Promise<Talent> {
  const res = await h.api.post<Talent>(apiPaths.talents.list, talentBody(overrides), { token });
  if (res.status !== 200) throw new Error(`add talent failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export type TalentSeed = Partial<typeof talents.$inferInsert> & { name: string };

/**
 * Talents written straight into the database (with their search keys), for suites
 * that need many rows or exact times; the API is what they then exercise.
 */
export async function seedTalents(
  h: Harness,
  userId: number,
  rows: TalentSeed[],
): Promise<Array<typeof talents.$inferSelect>> {
  const inserted: Array<typeof talents.$inferSelect> = [];
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((row) => ({
      userId,
      platform: 'douyin',
      platformTalentId: `S${randomBytes(6).toString('hex')}`,
      status: 'pending_contact',
      nameGrams: nameGrams(userId, row.name),
      ...row,
    }));
    inserted.push(...(await h.app.db.insert(talents).values(values).returning()));
  }
  return inserted;
}

/** A multipart/form-data body with one file and some fields, as a browser sends it. */
export function multipartBody(
  file: { content: Buffer; filename: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----inviteflow${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(`${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function importFile(
  h: Harness,
  token: string | null,
  file: { content: Buffer; filename: string } | null,
  options: { lang?: string; fields?: Record<string, string> } = {},
) {
  const body = multipartBody(file, options.fields);
  const response = await h.app.inject({
    method: 'POST',
    url: apiPaths.talents.import,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() as Envelope<ImportReport> };
}

export async function xlsxFile(rows: unknown[][], extraSheet = false): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('talents');
  for (const row of rows) sheet.addRow(row);
  if (extraSheet) workbook.addWorksheet('notes').addRow(['not talents', 'ignored']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** CSV text as Excel writes it: CRLF, quotes where needed, a BOM unless told otherwise. */
export function csvFile(rows: unknown[][], bom = true): Buffer {
  const quote = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const text = rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
  return Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8');
}

let gbkTable: Map<string, Buffer> | null = null;
/**
 * GB18030 bytes of a text, as Excel on Chinese Windows saves plain CSV. Node can
 * decode GB18030 but not encode it: the table comes from decoding every double-byte code.
 */
export function gb18030(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(Uint8Array.from([lead, trail]));
        if (char.length === 1 && !gbkTable.has(char))
          gbkTable.set(char, Buffer.from([lead, trail]));
      }
    }
  }
  return Buffer.concat(
    [...text].map((char) => {
      if (char.charCodeAt(0) < 0x80) return Buffer.from(char, 'latin1');
      const bytes = gbkTable!.get(char);
      if (!bytes) throw new Error(`no GB18030 double-byte code for ${char}`);
      return bytes;
    }),
  );
}

/** The times a cell shows in a zone, computed independently of the server's code. */
export function wallClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

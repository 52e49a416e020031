import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * Checks that a file is a whole, uncorrupted ZIP archive (what an .xlsx is) before
 * a spreadsheet reader sees it: every entry inflates and matches its CRC-32.
 * exceljs' streaming reader waits forever on an entry whose compressed data is
 * damaged, so damaged files must be turned away first. Streams every entry with
 * bounded memory, and refuses archives that would inflate beyond `maxTotalBytes`
 * (a zip bomb). ZIP64 archives are refused: no spreadsheet within the import
 * limits needs one.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function centralDirectory(file: FileHandle, fileSize: number): Promise<Entry[] | null> {
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(fileSize, 22 + 65_535);
  const tail = await readAt(file, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const count = tail.readUInt16LE(at + 10);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return null;
  if (offset + size > fileSize) return null;
  const directory = await readAt(file, offset, size);
  const entries: Entry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) return null;
    const entry = {
      method: directory.readUInt16LE(p + 10),
      crc: directory.readUInt32LE(p + 16),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      localOffset: directory.readUInt32LE(p + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff) return null;
    entries.push(entry);
    p +=
      46 +
      directory.readUInt16LE(p + 28) +
      directory.readUInt16LE(p + 30) +
      directory.readUInt16LE(p + 32);
  }
  return entries;
}

async function entryIsIntact(
  path: string,
  file: FileHandle,
  fileSize: number,
  entry: Entry,
  budget: { bytes: number },
): Promise<boolean> {
  if (entry.method !== 0 && entry.method !== 8) return false;
  const header = await readAt(file, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) return false;
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > fileSize) return false;
  if (entry.compressedSize === 0) return entry.size === 0 && entry.crc === 0;
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const data = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  let crc = 0;
  let size = 0;
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      budget.bytes -= chunk.length;
      if (budget.bytes < 0 || size > entry.size) return false;
    }
  } catch {
    return false;
  } finally {
    raw.destroy();
    data.destroy();
  }
  return size === entry.size && crc >>> 0 === entry.crc >>> 0;
}

export async function isIntactZip(path: string, maxTotalBytes: number): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const entries = await centralDirectory(file, fileSize);
    if (!entries?.length) return false;
    const budget = { bytes: maxTotalBytes };
    for (const entry of entries) {
      if (!(await entryIsIntact(path, file, fileSize, entry, budget))) return false;
    }
    return true;
  } finally {
    await file.close();
  }
}

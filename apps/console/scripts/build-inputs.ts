import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the console's build is made from, and the stamp a successful build leaves beside its
 * output, so `npm start` builds only when something the build reads has changed since.
 */
export const consoleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(consoleRoot, '../..');

/** Written into the build's own directory: Vite empties it first, so a failed build leaves none. */
export const STAMP_FILE = '.build-stamp.json';

export interface BuildStamp {
  /** The hash of the inputs the build was made from (`inputsHash`). */
  inputs: string;
  builtAt: string;
}

/**
 * Directories and files, relative to the repository, whose content the build depends on:
 * the console's sources, page and static files, its build and TypeScript configuration,
 * the contract package it bundles, and the lockfile (the versions of everything bundled).
 * A directory counts every file under it. `.env*` files of the console are read by Vite.
 */
export const inputPaths = [
  'apps/console/src',
  'apps/console/public',
  'apps/console/index.html',
  'apps/console/package.json',
  'apps/console/vite.config.ts',
  'apps/console/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

function filesUnder(absolute: string): string[] {
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every input file, absolute, in a fixed order. */
export function inputFiles(root = repoRoot): string[] {
  const envFiles = readdirSync(path.join(root, 'apps/console'))
    .filter((name) => name.startsWith('.env'))
    .map((name) => `apps/console/${name}`);
  return [...inputPaths, ...envFiles]
    .flatMap((relative) => filesUnder(path.join(root, relative)))
    .sort();
}

/**
 * One hash of every input's path and content, and of the `VITE_*` variables of the
 * environment (the console's build-time settings, `src/config/env.ts`): a build with
 * another extension id is another build.
 */
export function inputsHash(
  env: Record<string, string | undefined> = process.env,
  root = repoRoot,
): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name] ?? ''}\0`);
  }
  return hash.digest('hex');
}

export function readStamp(outDir: string): BuildStamp | null {
  try {
    const stamp = JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8')) as BuildStamp;
    return typeof stamp.inputs === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

export function writeStamp(outDir: string, inputs: string, now = new Date()): void {
  const stamp: BuildStamp = { inputs, builtAt: now.toISOString() };
  writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}

export function removeStamp(outDir: string): void {
  rmSync(path.join(outDir, STAMP_FILE), { force: true });
}

/**
 * Why the build in `outDir` cannot be reused for inputs hashing to `inputs`, or null when
 * it can: its page exists and its stamp names these very inputs.
 */
export function staleReason(outDir: string, inputs: string): string | null {
  if (!existsSync(path.join(outDir, 'index.html'))) return 'no build yet';
  const stamp = readStamp(outDir);
  if (!stamp) return 'the build has no stamp (built another way, or interrupted)';
  if (stamp.inputs !== inputs) return 'sources changed since the last build';
  return null;
}

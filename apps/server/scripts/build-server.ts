import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';

/**
 * Builds the server to plain JavaScript, `dist/main.js`, which `npm start` runs with `node`
 * alone (issue 18 item 5: no TypeScript loader in production).
 *
 * esbuild, the bundler the extension already builds with: one file, in about a second. Every
 * npm package stays outside the bundle and is loaded from node_modules as it is, so the
 * packages that read their own files at run time (PGlite's WebAssembly, Fastify's plugins)
 * find them where they expect. The workspace packages (`@inviteflow/*`) are TypeScript and
 * ship no JavaScript: they are bundled in.
 *
 * The stamp beside the output records every file the build read (esbuild's metafile) with the
 * hash of its content, so `npm start` rebuilds only when one of them changed.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
export const distDir = path.join(serverRoot, 'dist');
/** The built server, what `npm start` runs. */
export const serverEntry = path.join(distDir, 'main.js');
const stampFile = path.join(distDir, '.build-stamp.json');

/**
 * Files that shape the output without being read as sources: this build, the TypeScript
 * settings esbuild reads (`tsconfig.json`), and the lockfile (the esbuild that builds).
 */
const settingFiles = [
  'apps/server/scripts/build-server.ts',
  'apps/server/tsconfig.json',
  'packages/contract/tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

interface Stamp {
  esbuild: string;
  /** Repository-relative path → sha256 of its content. */
  files: Record<string, string>;
}

function hashOf(file: string): string | null {
  const absolute = path.join(repoRoot, file);
  if (!existsSync(absolute)) return null;
  return createHash('sha256').update(readFileSync(absolute)).digest('hex');
}

/** Why the build in dist/ is not current (null: it is). */
export function staleReason(): string | null {
  if (!existsSync(serverEntry)) return 'no build yet';
  if (!existsSync(stampFile)) return 'the last build did not finish';
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  } catch {
    return 'the last build did not finish';
  }
  if (stamp.esbuild !== esbuildVersion) return 'another esbuild';
  for (const [file, hash] of Object.entries(stamp.files)) {
    if (hashOf(file) !== hash) return `${file} changed`;
  }
  return null;
}

/** npm packages are loaded from node_modules at run time; workspace packages are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@inviteflow/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Writes dist/ afresh. Each file is written beside its place and renamed into it, so a server
 * starting while another `npm start` builds (two replicas on one checkout) reads a whole file.
 */
export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: [path.join(serverRoot, 'src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // package.json "engines": Node 20.19 and later.
    target: 'node20.19',
    // Stack traces name the TypeScript files and lines (node --enable-source-maps).
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  mkdirSync(distDir, { recursive: true });
  // Gone until this build is written: an interrupted build is never taken for a current one.
  rmSync(stampFile, { force: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  const files: Record<string, string> = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...settingFiles]) {
    const relative = path
      .relative(repoRoot, path.resolve(repoRoot, file))
      .split(path.sep)
      .join('/');
    files[relative] = hashOf(relative) ?? '';
  }
  const stamp: Stamp = { esbuild: esbuildVersion, files };
  writeFileSync(`${stampFile}.${process.pid}.partial`, JSON.stringify(stamp, null, 2));
  renameSync(`${stampFile}.${process.pid}.partial`, stampFile);
}

/** Builds when the sources changed since the last build; returns the built entry. */
export async function ensureServerBuilt(): Promise<string> {
  if (staleReason() !== null) await buildServer();
  return serverEntry;
}

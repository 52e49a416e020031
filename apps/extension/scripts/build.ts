// Builds the extension: dist/ to load unpacked (with the pinned key) and release/*.zip
// for the Chrome Web Store (without it). `--e2e` builds for the browser tests instead:
// the test server's origin (E2E_PORT), into the test artefacts (E2E_ARTIFACTS), no zip.
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { zipSync } from 'fflate';
import { parseConsoleOrigins, type BuildConfig } from '../src/build-config.ts';
import { iconPng } from './icons.ts';
import { buildManifest, iconSizes } from './manifest.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(root, '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const e2e = process.argv.includes('--e2e');

function config(): BuildConfig {
  if (e2e) {
    const port = Number(process.env.E2E_PORT ?? 3100);
    return { consoleOrigins: [`http://127.0.0.1:${port}`], version };
  }
  return {
    consoleOrigins: parseConsoleOrigins(process.env.CONSOLE_ORIGINS),
    version,
  };
}

export function e2eOutDir(): string {
  return path.join(
    path.resolve(repoRoot, process.env.E2E_ARTIFACTS ?? 'e2e/artifacts'),
    'extension',
  );
}

async function main() {
  const settings = config();
  const outDir = e2e ? e2eOutDir() : path.join(root, 'dist');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  // Content scripts cannot be modules: every entry is one self-contained classic script.
  await build({
    entryPoints: {
      'service-worker': path.join(root, 'src/entries/service-worker.ts'),
      'console-bridge': path.join(root, 'src/entries/console-bridge.ts'),
      // Injected by the service worker into the browser channel's own tab only.
      'page-flow': path.join(root, 'src/entries/page-flow.ts'),
      popup: path.join(root, 'src/popup/popup.ts'),
    },
    outdir: outDir,
    bundle: true,
    format: 'iife',
    target: 'chrome116',
    platform: 'browser',
    // Each script carries the contract's schemas and catalogue: minified, it loads fast on every page.
    minify: true,
    legalComments: 'none',
    define: { __INVITEFLOW_BUILD__: JSON.stringify(settings) },
    logLevel: 'warning',
  });

  cpSync(path.join(root, 'src/popup/popup.html'), path.join(outDir, 'popup.html'));
  cpSync(path.join(root, 'src/popup/popup.css'), path.join(outDir, 'popup.css'));
  cpSync(path.join(root, 'public/_locales'), path.join(outDir, '_locales'), { recursive: true });
  mkdirSync(path.join(outDir, 'icons'));
  for (const size of iconSizes) {
    writeFileSync(path.join(outDir, 'icons', `icon-${size}.png`), iconPng(size));
  }
  const manifest = buildManifest(settings, { withKey: true });
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const where = path.relative(process.cwd(), outDir) || '.';
  console.log(`[extension] built ${where} for ${settings.consoleOrigins.join(', ')}`);
  if (e2e) return;

  // The store package: the same files, its manifest without the key.
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(outDir, full).split(path.sep).join('/')] = readFileSync(full);
    }
  };
  walk(outDir);
  files['manifest.json'] = Buffer.from(
    `${JSON.stringify(buildManifest(settings, { withKey: false }), null, 2)}\n`,
  );
  const releaseDir = path.join(root, 'release');
  mkdirSync(releaseDir, { recursive: true });
  const zipPath = path.join(releaseDir, `inviteflow-extension-${version}.zip`);
  // A fixed time stamp: the same sources make the same zip.
  writeFileSync(zipPath, zipSync(files, { level: 9, mtime: new Date('2024-01-01T00:00:00Z') }));
  console.log(`[extension] packed ${path.relative(process.cwd(), zipPath)}`);
}

await main();

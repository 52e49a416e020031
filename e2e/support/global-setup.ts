import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  artifactsDir,
  baseURL,
  extensionDir,
  port,
  repoRoot,
  screenshotsDir,
  serverLog,
} from './server.ts';
import { ensureServerBuilt } from '../../apps/server/scripts/build-server.ts';
import { serverNodeArgs } from '../../apps/server/src/node-args.ts';

/**
 * The extension the specs load is built for one console origin (E2E_PORT at its build). Run
 * on another port, it would talk to nobody and every spec that signs the extension in would
 * fail in its set-up with a blank console: said here instead, with the fix.
 */
function checkExtensionBuiltForThisPort() {
  const manifestFile = path.join(extensionDir, 'manifest.json');
  if (!existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    externally_connectable?: { matches?: string[] };
  };
  const matches = manifest.externally_connectable?.matches ?? [];
  if (!matches.includes(`${baseURL}/*`)) {
    throw new Error(
      `the extension in ${path.relative(repoRoot, extensionDir)} was built for ${matches.join(', ')}, not ${baseURL}: build it for this port first (E2E_PORT=${port} npm run build:e2e -w @inviteflow/extension)`,
    );
  }
}

/**
 * Starts the real product the way `npm start` does (the console must be built
 * first; `npm run test:e2e` does that) on a fresh data directory, and stops it
 * after the browser has closed.
 */
export default async function globalSetup() {
  checkExtensionBuiltForThisPort();
  mkdirSync(screenshotsDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-e2e-'));
  const log = createWriteStream(serverLog);
  // The server's build (dist/main.js), made first when its sources changed, as `npm start` does.
  const entry = await ensureServerBuilt();
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    // 百应 私信 ships stopped until verified on a live shop (page-packs DEFAULT_STOPPED); the
    // browser tests run it on its stand-in page, as an operator starts it once verified.
    PAGE_PACKS_STARTED: 'buyin.im',
    // The platform syncs read every few seconds (a minute or more by default), so a spec that
    // moves the sandbox clock sees replies, acceptances, samples and orders arrive soon.
    PLATFORM_SYNC_PERIOD_SECONDS: '2',
  };
  const server = spawn(process.execPath, [...serverNodeArgs(serverEnv), entry], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  // PGlite's first start (initdb, migrations): on a busy machine that alone can take a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited early; see ${serverLog}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // No teardown runs after a failed setup: a server left behind would hold the port, and
      // the next run's health check would find it instead of its own (seen: that run's tests
      // then met a refused connection once the stray server went away).
      server.kill('SIGTERM');
      throw new Error(`the server did not become healthy; see ${serverLog}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `[browser tests] product running at ${baseURL} (log: ${path.relative(repoRoot, serverLog)}, artefacts: ${path.relative(repoRoot, artifactsDir)})`,
  );

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

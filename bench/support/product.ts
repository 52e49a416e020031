import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, serverNodeArgs } from '../../apps/server/src/node-args.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProduct {
  url: string;
  /** Everything the server printed so far. */
  log(): string;
  /** The server process's id (to read its memory from /proc). */
  pid(): number;
  /** The demo account the first start created (embedded default only). */
  demo(): { username: string; password: string };
  stop(): Promise<void>;
}

/**
 * `BENCH_PROF_DIR=<dir>`: the product's processes write a V8 CPU profile there when they stop
 * (`--cpu-prof`; Node refuses it in NODE_OPTIONS), to see where a bench's CPU goes.
 */
export function profilingArgs(): string[] {
  const dir = process.env.BENCH_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * The server's Node arguments in the checkout `cwd`, as its `npm start` runs it: the build
 * (apps/server/dist/main.js, built first when its sources changed). A checkout from before
 * the server had a build (a before/after comparison) runs its sources under tsx, as its
 * `npm start` did then.
 */
export function serverCommand(
  cwd: string = repoRoot,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const server = path.join(cwd, 'apps/server');
  if (!existsSync(path.join(server, 'scripts/build.ts'))) {
    return [...serverNodeArgs(env), '--import', 'tsx', 'apps/server/src/main.ts'];
  }
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--if-changed'],
    { cwd: server, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (built.status !== 0) throw new Error(`the server's build failed in ${server}`);
  return [...serverNodeArgs(env), path.join('apps/server', SERVER_ENTRY)];
}

/**
 * Starts the built product the way `npm start` does, on its own port and a fresh
 * data directory (PGlite) unless `env` points it at PostgreSQL. `cwd`: another
 * checkout's server (a before/after comparison), resolving packages from its own
 * node_modules or, when it has none, from this checkout's.
 */
export async function startProduct(
  port: number,
  env: Record<string, string> = {},
  cwd: string = repoRoot,
): Promise<RunningProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-bench-'));
  let output = '';
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const server: ChildProcess = spawn(
    process.execPath,
    [...profilingArgs(), ...serverCommand(cwd, serverEnv)],
    { cwd, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk) => (output += String(chunk)));
  server.stderr?.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  // A busy machine (CI beside other jobs) can take minutes to start PGlite and migrate.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    log: () => output,
    pid: () => server.pid!,
    demo() {
      const match = /Demo account: (\S+) .*password: (\S+)/.exec(output);
      if (!match) throw new Error(`no demo account in the server output:\n${output}`);
      return { username: match[1]!, password: match[2]! };
    },
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

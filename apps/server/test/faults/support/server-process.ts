import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../../scripts/build-server.ts';
import { SERVER_ENTRY, serverNodeArgs } from '../../../src/node-args.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One real server process (the built dist/main.js, started the way `npm start` starts it). */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Milliseconds from spawn to its "InviteFlow is running" banner. */
  startedInMs: number;
  /** Null while it runs. */
  exited(): Exit | null;
  /** The demo account's password, as the start printed it. */
  demoPassword(): string;
  kill(signal: NodeJS.Signals): Promise<Exit>;
}

const running = new Set<ChildProcess>();
// A test that fails half-way must not leave servers behind (they hold ports and databases).
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `node dist/main.js` (built first when the sources changed) on 127.0.0.1 with `env`
 * added to a minimal environment, and waits for its banner (printed after it listens and its
 * jobs start).
 */
export async function startServer(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  await ensureServerBuilt();
  const port = await freePort();
  const begun = Date.now();
  let output = '';
  const childEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // No built console: these tests speak to the API only.
    CONSOLE_DIR: '/nonexistent-inviteflow-console',
    ...env,
  };
  const child = spawn(process.execPath, [...serverNodeArgs(childEnv), SERVER_ENTRY], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let exit: Exit | null = null;
  const exitPromise = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      running.delete(child);
      resolve(exit);
    }),
  );
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const deadline = begun + (options.timeoutMs ?? 90_000);
  while (!output.includes('InviteFlow is running')) {
    if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in time:\n${output}`);
    }
    await sleep(50);
  }
  const startedInMs = Date.now() - begun;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    startedInMs,
    exited: () => exit,
    demoPassword() {
      const match = /Demo account: demo \(or phone \d+\), password: (\S+)/.exec(output);
      if (!match) throw new Error(`no demo password in the server output:\n${output}`);
      return match[1]!;
    },
    async kill(signal) {
      if (!exit) child.kill(signal);
      return exitPromise;
    },
  };
}

/**
 * The server's memory on the embedded default (PGlite), as `npm start` runs it
 * (`serverNodeArgs`, apps/server/src/main.ts). Budget (issue 20): resident memory (RSS)
 * at idle under 250 MB after a restart, once a seller has loaded the console and a few
 * lists.
 *
 * 1. Where it goes: bench/support/memory-stages.ts goes through the start one stage at a
 *    time in a process of its own (Node and the tsx loader; the server's modules; PGlite
 *    started and migrated; the demo account; the app built and listening; the console's
 *    files and the API document served; a sign-in and four lists; five idle seconds) and
 *    prints RSS and V8's figures after a full garbage collection at each.
 * 2. The real thing: the server process itself, first start on an empty data directory and
 *    a restart on it, RSS sampled from /proc every 50 ms during the start (its peak) and at
 *    idle after the same visits, without forced garbage collections.
 *
 * BENCH_MEMORY_NODE_ARGS adds Node arguments to both (to try V8 flags).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@inviteflow/contract';
import { serverNodeArgs } from '../apps/server/src/node-args.ts';
import { repoRoot, serverCommand } from './support/product.ts';

export const BUDGET_IDLE_MB = 250;
const consoleDir = path.join(repoRoot, 'apps/console/dist');
const extraNodeArgs = (process.env.BENCH_MEMORY_NODE_ARGS ?? '').split(' ').filter(Boolean);
// The embedded default (PGlite): its arguments, whatever this shell's DATABASE_URL.
const nodeArgs = [...serverNodeArgs({}), ...extraNodeArgs];

type Out = (line?: string) => void;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stage {
  stage: string;
  rss: number;
  peak: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const stageNames: Record<string, string> = {
  node: 'Node with the tsx loader (its hooks thread, esbuild; the stages only: npm start runs without it)',
  modules: "the server's modules (Fastify, zod contract, routes, Drizzle, exceljs…)",
  pglite: 'PGlite: WASM compiled, Postgres started, migrations',
  demo: 'the demo account (one argon2id hash, 19 MiB)',
  app: 'the app built (routes, validators, OpenAPI), listening',
  static: 'the console files and the API document served',
  requests: 'a sign-in (argon2id) and five API calls',
  idle: 'five seconds idle',
};

async function runStages(dataDir: string, password?: string) {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      'tsx',
      'bench/support/memory-stages.ts',
      dataDir,
      consoleDir,
      ...(password ? [password] : []),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (errors += String(chunk)));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`memory-stages failed (${code}):\n${errors}`);
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Stage & { password?: string });
  return {
    stages: lines.filter((line) => line.stage),
    password: lines.find((line) => line.password)?.password,
  };
}

function printStages(out: Out, title: string, stages: Stage[]) {
  out(`\n${title}\n`);
  out('| stage | RSS MB | + MB | V8 heap used / total MB | external MB (PGlite WASM in it) |');
  out('| --- | ---: | ---: | ---: | ---: |');
  let before = 0;
  for (const s of stages) {
    out(
      `| ${stageNames[s.stage] ?? s.stage} | ${mb(s.rss)} | ${before ? `+${mb(s.rss - before)}` : ''} | ` +
        `${mb(s.heapUsed)} / ${mb(s.heapTotal)} | ${mb(s.external)} |`,
    );
    before = s.rss;
  }
  out(`Peak RSS in this process: ${mb(stages.at(-1)!.peak)} MB`);
}

function procStatus(pid: number): { rss: number; peak: number; threads: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
    return {
      rss: field('VmRSS') * 1024,
      peak: field('VmHWM') * 1024,
      threads: field('Threads'),
    };
  } catch {
    return null;
  }
}

/** Loads what a seller's first minutes load: the console, the API document, a sign-in, lists. */
async function visit(url: string, password: string) {
  const page = await (await fetch(`${url}/`)).text();
  const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  for (const file of ['/login', ...assets, `${apiPaths.docs}/`, `${apiPaths.docs}/json`]) {
    await (
      await fetch(`${url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } })
    ).arrayBuffer();
  }
  const login = (await (
    await fetch(`${url}${apiPaths.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password }),
    })
  ).json()) as { data: { access_token: string } | null };
  const token = login.data?.access_token;
  if (!token) throw new Error('the demo account did not sign in');
  for (const call of [
    apiPaths.auth.me,
    apiPaths.menu,
    apiPaths.talents.list,
    apiPaths.sendRecords.list,
    apiPaths.membership.info,
  ]) {
    await (await fetch(`${url}${call}`, { headers: { authorization: `Bearer ${token}` } })).text();
  }
}

interface ProcessRun {
  startMs: number;
  startPeak: number;
  idle: number;
  peak: number;
  threads: number;
  password: string;
}

/** A port nothing listens on now (the machine runs other servers). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it: start, visit, five idle seconds, stop. */
async function runServer(dataDir: string, knownPassword?: string): Promise<ProcessRun> {
  const port = await freePort();
  const started = Date.now();
  const command = serverCommand(undefined, {});
  const entry = command.pop()!;
  const child = spawn(process.execPath, [...command, ...extraNodeArgs, entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  let startPeak = 0;
  const deadline = Date.now() + 180_000;
  while (!output.includes('InviteFlow is running')) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    startPeak = Math.max(startPeak, procStatus(child.pid!)?.rss ?? 0);
    await sleep(50);
  }
  const startMs = Date.now() - started;
  const password =
    /Demo account: demo \(or phone \d+\), password: (\S+)/.exec(output)?.[1] ?? knownPassword;
  if (!password) throw new Error(`no demo password:\n${output}`);
  try {
    await visit(url, password);
    await sleep(5_000);
    const status = procStatus(child.pid!)!;
    return {
      startMs,
      startPeak,
      idle: status.rss,
      peak: status.peak,
      threads: status.threads,
      password,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function benchMemory(out: Out): Promise<number> {
  out('\n## Server memory on the embedded default (npm run bench -- memory)\n');
  if (!existsSync(path.join(consoleDir, 'index.html'))) {
    throw new Error('the console is not built: npm run build');
  }
  out(`Node arguments: ${nodeArgs.join(' ')}`);

  const stagesDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-memory-'));
  try {
    const first = await runStages(stagesDir);
    printStages(out, '### Where it goes: first start (empty data directory)', first.stages);
    const again = await runStages(stagesDir, first.password);
    printStages(out, '### Where it goes: restart (the same data directory)', again.stages);
  } finally {
    rmSync(stagesDir, { recursive: true, force: true });
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-memory-'));
  let broken = 0;
  try {
    const first = await runServer(dataDir);
    const restart = await runServer(dataDir, first.password);
    out('\n### The server process (RSS from /proc; no forced garbage collection)\n');
    out(
      '| start | started in s | peak while starting MB | idle after the visit MB | peak MB | threads |',
    );
    out('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, run] of [
      ['first (empty data directory)', first],
      ['restart', restart],
    ] as const) {
      out(
        `| ${name} | ${(run.startMs / 1000).toFixed(1)} | ${mb(run.startPeak)} | ${mb(run.idle)} | ` +
          `${mb(run.peak)} | ${run.threads} |`,
      );
    }
    const ok = restart.idle <= BUDGET_IDLE_MB * 2 ** 20;
    out(
      `\nIdle RSS after a restart: ${mb(restart.idle)} MB (budget ${BUDGET_IDLE_MB} MB): ${ok ? 'ok' : 'BROKEN'}`,
    );
    if (!ok) broken++;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return broken;
}

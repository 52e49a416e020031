import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own
 * port), so a test may stop and start it without touching the machine's shared
 * server. PostgreSQL refuses to run as root: as root, its binaries run as the
 * `postgres` system user, in a directory that user owns.
 */
export interface PrivatePostgres {
  /** Connection string of its `postgres` database (user postgres, trust). */
  adminUrl: string;
  port: number;
  start(): Promise<void>;
  /** `fast`: clients are disconnected and the server shuts down cleanly; `immediate`: it quits like a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** The server's own log. */
  log(): string;
  dispose(): Promise<void>;
}

const binaryRoot = '/usr/lib/postgresql';

/** Clusters still running: stopped when the test process exits, even after a failure. */
const runningClusters = new Map<string, () => void>();
process.once('exit', () => {
  for (const stop of runningClusters.values()) stop();
});

/** The newest installed PostgreSQL's bin directory with initdb and pg_ctl, or why there is none. */
export function findPostgresBinaries(): { dir: string } | { reason: string } {
  if (!existsSync(binaryRoot)) return { reason: `${binaryRoot} does not exist` };
  const versions = readdirSync(binaryRoot)
    .filter((v) => /^\d+$/.test(v))
    .sort((x, y) => Number(y) - Number(x));
  for (const version of versions) {
    const dir = path.join(binaryRoot, version, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')))
      return { dir };
  }
  return { reason: `no initdb and pg_ctl under ${binaryRoot}/<version>/bin` };
}

/**
 * Why a private cluster cannot run here (root without a `postgres` user), or null. Under
 * CI=true there is no such reason: it throws, so the test file fails instead of skipping
 * (.ci/run installs PostgreSQL).
 */
export async function privatePostgresProblem(): Promise<string | null> {
  const problem = await findPrivatePostgresProblem();
  if (problem && process.env.CI === 'true') {
    throw new Error(`a private PostgreSQL cluster cannot run under CI=true: ${problem}`);
  }
  return problem;
}

async function findPrivatePostgresProblem(): Promise<string | null> {
  const found = findPostgresBinaries();
  if ('reason' in found) return `the PostgreSQL server binaries are absent (${found.reason})`;
  if (process.getuid?.() === 0) {
    try {
      await run('id', ['-u', 'postgres']);
      await run('runuser', ['--help']);
    } catch {
      return 'running as root without a postgres system user (or runuser) to run PostgreSQL as';
    }
  }
  return null;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const found = findPostgresBinaries();
  if ('reason' in found) throw new Error(found.reason);
  const bin = (name: string) => path.join(found.dir, name);
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(path.join(tmpdir(), 'inviteflow-private-pg-'));
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
  }
  const exec = (file: string, args: string[], timeout = 90_000) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout })
      : run(file, args, { timeout });
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const port = await freePort();
  await exec(bin('initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=40',
    '-c shared_buffers=16MB',
  ].join(' ');
  let running = false;
  const cluster: PrivatePostgres = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await exec(bin('pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
      runningClusters.set(dataDir, () => {
        const args = [bin('pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop'];
        try {
          if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...args]);
          else execFileSync(args[0]!, args.slice(1));
        } catch {
          // already stopped
        }
      });
    },
    async stop(mode) {
      await exec(bin('pg_ctl'), ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
      runningClusters.delete(dataDir);
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async dispose() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Creates `name` on the cluster; its connection string. */
export async function createDatabaseOn(cluster: PrivatePostgres, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
}

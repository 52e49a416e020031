import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@inviteflow/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../scripts/build-server.ts';
import { SERVER_ENTRY, serverNodeArgs } from '../src/node-args.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/**
 * Starts the built server the way `npm start` does (plain `node` on dist/main.js, built first
 * when the sources changed), on its own port and data directory: the paths it reads at run
 * time (the migrations, the console's build) are found from dist/ too.
 */
async function start(dataDir: string): Promise<Running> {
  await ensureServerBuilt();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...serverNodeArgs({}), SERVER_ENTRY], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      CONSOLE_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  // PGlite's first start (initdb, migrations): a deadline a busy machine meets.
  const deadline = Date.now() + 90_000;
  while (!output.includes('InviteFlow is running')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, url };
}

async function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  running.child.kill(signal);
  return new Promise((resolve) => running.child.once('exit', (code) => resolve(code)));
}

/** Runs `npm run reset-demo-password`'s script on `dataDir`. */
async function resetDemoPassword(
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reset-demo-password.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, CONSOLE_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** Files under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(needle));
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('is started by npm start with the arguments the tests and benchmarks use', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(
      `node --import tsx scripts/build.ts --if-changed && node $(node --import tsx scripts/print-node-args.ts) ${SERVER_ENTRY}`,
    );
    // What the script's command substitution prints, for each kind of database.
    const printed = (env: Record<string, string>) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/print-node-args.ts'], {
        cwd: serverRoot,
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      }).trim();
    const embedded = printed({});
    const production = printed({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(embedded).toBe(serverNodeArgs({}).join(' '));
    expect(production).toBe(serverNodeArgs({ DATABASE_URL: 'postgres://u@h/db' }).join(' '));
    // The embedded default keeps its young generation small (idle memory); PostgreSQL, V8's own.
    expect(embedded).toContain('--max-semi-space-size=1');
    expect(production).toContain('--max-semi-space-size=16');
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the demo password once and keeps only its hash, resets it, keeps data across restarts, stops cleanly', async () => {
    const first = await start(dataDir);
    const banner = first.output();
    const password = /Demo account: demo \(or phone 13800000000\), password: (\S+)/.exec(
      banner,
    )?.[1];
    expect(password, banner).toBeDefined();
    expect(banner).toContain('shown only this once');
    expect(banner).toContain('npm run reset-demo-password');
    expect(banner).toContain(`Sign in at ${first.url}/login`);
    // The generated secret stays private to the owner; the demo password is nowhere on
    // disk in plain text (only its hash, in the database).
    expect(statSync(path.join(dataDir, 'secret.key')).mode & 0o077).toBe(0);
    expect(existsSync(path.join(dataDir, 'demo-account.json'))).toBe(false);
    expect(filesContaining(dataDir, password!)).toEqual([]);
    // PGlite has no lock: the running server is recorded for the tools that open its files.
    expect(readFileSync(path.join(dataDir, 'server.pid'), 'utf8').trim()).toBe(
      String(first.child.pid),
    );

    const script = await post(`${first.url}${apiPaths.auth.login}`, { username: 'demo', password });
    const { access_token: token } = ((await script.json()) as { data: { access_token: string } })
      .data;
    const created = await fetch(`${first.url}${apiPaths.templates.scripts}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: 'survives restarts' }),
    });
    expect(created.status).toBe(200);
    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const second = await start(dataDir);
    // Same secret, same data: the token signed before the restart still works.
    const list = await fetch(`${second.url}${apiPaths.templates.scripts}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await list.json()) as { data: { list: Array<{ content: string }> } };
    expect(body.data.list.map((s) => s.content)).toEqual(['survives restarts']);
    // The password was printed once; now only where it was and how to get a new one.
    expect(second.output()).not.toContain(password);
    expect(second.output()).toContain(
      'Demo account: demo (or phone 13800000000); password printed at first start; forgot it? npm run reset-demo-password',
    );
    // Two processes on PGlite's files would lose writes: the reset waits for the server to stop.
    const refused = await resetDemoPassword(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The server is running');
    expect(await stop(second, 'SIGINT')).toBe(0);

    const reset = await resetDemoPassword(dataDir);
    expect(reset.code, reset.output).toBe(0);
    const newPassword =
      /New password of the demo account demo \(or phone 13800000000\): (\S+)/.exec(
        reset.output,
      )?.[1];
    expect(newPassword, reset.output).toBeDefined();
    expect(newPassword).not.toBe(password);
    expect(filesContaining(dataDir, newPassword!)).toEqual([]);

    // The plain-text file an older version kept is deleted at start.
    writeFileSync(
      path.join(dataDir, 'demo-account.json'),
      JSON.stringify({ username: 'demo', password }),
    );
    const third = await start(dataDir);
    expect(existsSync(path.join(dataDir, 'demo-account.json'))).toBe(false);
    expect(third.output()).not.toContain(password);
    expect(third.output()).not.toContain(newPassword);
    const signIn = (pw: string) =>
      post(`${third.url}${apiPaths.auth.login}`, { username: 'demo', password: pw });
    expect((await signIn(newPassword!)).status).toBe(200);
    expect((await signIn(password!)).status).not.toBe(200);
    // The reset signed out every session of the account.
    const revoked = await fetch(`${third.url}${apiPaths.templates.scripts}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(401);
    expect(await stop(third)).toBe(0);
  }, 600_000);

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    await ensureServerBuilt();
    const child = spawn(process.execPath, [...serverNodeArgs({}), SERVER_ENTRY], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@inviteflow/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../src/node-args.ts';

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

/** Starts src/main.ts the way `npm start` does, on its own port and data directory. */
async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...serverNodeArgs, 'src/main.ts'], {
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
  // Starting compiles the server (tsx): a deadline a busy machine meets.
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
    expect(scripts.start).toBe(`node ${serverNodeArgs.join(' ')} src/main.ts`);
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints how to sign in, keeps data across restarts and stops cleanly on SIGTERM', async () => {
    const first = await start(dataDir);
    const banner = first.output();
    const password = /Demo account: demo \(or phone 13800000000\), password: (\S+)/.exec(
      banner,
    )?.[1];
    expect(password, banner).toBeDefined();
    expect(banner).toContain(`Sign in at ${first.url}/login`);
    // The generated secret and the demo password stay private to the owner.
    expect(statSync(path.join(dataDir, 'secret.key')).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'demo-account.json')).mode & 0o077).toBe(0);

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

    const second = await start(dataDir);
    // Same secret, same data: the token signed before the restart still works.
    const list = await fetch(`${second.url}${apiPaths.templates.scripts}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await list.json()) as { data: { list: Array<{ content: string }> } };
    expect(body.data.list.map((s) => s.content)).toEqual(['survives restarts']);
    expect(second.output()).toContain(`password: ${password}`);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'demo-account.json'), 'utf8'))).toMatchObject(
      { username: 'demo' },
    );
    expect(await stop(second, 'SIGINT')).toBe(0);
  }, 120_000);

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const child = spawn(process.execPath, [...serverNodeArgs, 'src/main.ts'], {
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

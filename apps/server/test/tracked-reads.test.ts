import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { TrackedReads } from '../src/lib/tracked-reads.ts';

/*
 * TrackedReads against a real Redis: copies answer repeated reads without a command,
 * every change (another client's, this process's own, a flush) reaches them, and a lost
 * connection stops them until tracking is set up again. A database index of its own,
 * since one test flushes it.
 */

const redisUrl = inject('redisUrl');
const DB = 14;
/**
 * Redis's invalidation messages arrive when they arrive: waited for as a condition, with
 * a deadline a loaded machine meets (vi.waitFor's default is 1 s).
 */
const eventually = { timeout: 15_000, interval: 20 };

function silentLog() {
  const warnings: unknown[] = [];
  const log = {
    warn: (...args: unknown[]) => warnings.push(args),
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe.skipIf(!redisUrl)('tracked reads [redis]', () => {
  let main: Redis;
  let writer: Redis;
  let reads: TrackedReads;
  let reader: Redis;
  let listener: Redis;
  let warnings: unknown[];

  beforeAll(async () => {
    const url = `${redisUrl!.replace(/\/\d*$/, '')}/${DB}`;
    main = new Redis(url, { maxRetriesPerRequest: 1 });
    writer = new Redis(url, { maxRetriesPerRequest: 1 });
    await main.flushdb();
  });
  afterAll(async () => {
    await main.quit();
    await writer.quit();
  });

  async function start() {
    const duplicate = vi.spyOn(main, 'duplicate');
    const recorded = silentLog();
    warnings = recorded.warnings;
    reads = new TrackedReads(main, recorded.log);
    [reader, listener] = duplicate.mock.results.map((result) => result.value as Redis) as [
      Redis,
      Redis,
    ];
    duplicate.mockRestore();
    await reads.whenTracking();
  }
  afterEach(async () => {
    await reads?.close();
    expect(warnings).toEqual([]);
  });

  /** Reads `keys` and tells how many commands reached Redis for it. */
  async function readCounting(keys: string[]) {
    const mget = vi.spyOn(reader, 'mget');
    const direct = vi.spyOn(main, 'mget');
    const values = await reads.read(keys);
    const commands = mget.mock.calls.length + direct.mock.calls.length;
    mget.mockRestore();
    direct.mockRestore();
    return { values, commands };
  }

  it('answers a repeated read in process, missing keys included', async () => {
    await start();
    await writer.set('t:a', 'one');
    expect(await readCounting(['t:a', 't:none'])).toEqual({ values: ['one', null], commands: 1 });
    expect(await readCounting(['t:a', 't:none'])).toEqual({ values: ['one', null], commands: 0 });
    expect(await readCounting(['t:none'])).toEqual({ values: [null], commands: 0 });
  });

  it('drops a copy when another client changes the key, missing keys too', async () => {
    await start();
    await writer.set('t:b', 'old');
    await reads.read(['t:b', 't:later']);
    await writer.set('t:b', 'new');
    await writer.set('t:later', 'made');
    // Read again from Redis, then copied again: later reads stay in process.
    await vi.waitFor(
      async () =>
        expect(await readCounting(['t:b', 't:later'])).toEqual({
          values: ['new', 'made'],
          commands: 0,
        }),
      eventually,
    );
  });

  it("shows this process's own write to the very next read", async () => {
    await start();
    await writer.set('t:c', 'before');
    expect(await reads.read(['t:c'])).toEqual(['before']);
    await reads.write(['t:c'], () => main.set('t:c', 'after'));
    expect(await reads.read(['t:c'])).toEqual(['after']);
  });

  it('copies nothing an invalidation overtook while the read was in flight', async () => {
    await start();
    await writer.set('t:d', 'first');
    const inFlight = reads.read(['t:d']);
    // Redis's message about the key, arriving before the read's answer (its own socket).
    listener.emit('messageBuffer', Buffer.from('__redis__:invalidate'), [Buffer.from('t:d')]);
    expect(await inFlight).toEqual(['first']);
    expect(await readCounting(['t:d'])).toEqual({ values: ['first'], commands: 1 });
    // Its own write overtaking a read leaves no copy either.
    const overtaken = reads.read(['t:d']);
    await reads.write(['t:d'], () => main.set('t:d', 'second'));
    await overtaken;
    expect(await readCounting(['t:d'])).toEqual({ values: ['second'], commands: 1 });
  });

  it('forgets everything when the database is flushed', async () => {
    await start();
    await writer.set('t:e', 'kept?');
    await reads.read(['t:e']);
    await writer.flushdb();
    await vi.waitFor(async () => expect(await reads.read(['t:e'])).toEqual([null]), eventually);
  });

  it.each(['listener', 'reader'] as const)(
    'reads Redis directly while the %s is reconnecting, then tracks again',
    async (which) => {
      await start();
      await writer.set('t:f', 'v1');
      await reads.read(['t:f']);
      const connection = which === 'listener' ? listener : reader;
      // Found by what Redis says of it: a subscribed connection cannot ask its own id.
      const flag = which === 'listener' ? 'P' : 't';
      const clients = String(await writer.client('LIST')).split('\n');
      const line = clients.find(
        (c) => c.includes(` db=${DB} `) && new RegExp(` flags=\\w*${flag}`).test(c),
      );
      const id = /^id=(\d+)/.exec(line ?? '')?.[1];
      expect(id).toBeDefined();
      const closed = new Promise((resolve) => connection.once('close', resolve));
      await writer.client('KILL', 'ID', String(id));
      await closed;
      // No copy survives the lost connection: the change below is read from Redis.
      await writer.set('t:f', 'v2');
      expect(await reads.read(['t:f'])).toEqual(['v2']);
      await reads.whenTracking();
      await reads.read(['t:f']);
      await writer.set('t:f', 'v3');
      await vi.waitFor(async () => expect(await reads.read(['t:f'])).toEqual(['v3']), eventually);
      expect((await readCounting(['t:f'])).commands).toBe(0);
    },
  );
});

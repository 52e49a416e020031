import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SHARED_BUFFERS_MB } from '../src/db/client.ts';

/**
 * PGlite starts with PostgreSQL's stock 128 MB buffer cache, and WebAssembly memory is
 * never given back: the embedded server asks for less (docs/performance.md, memory).
 */
describe('the embedded database settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-pglite-settings-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const sharedBuffers = async (handle: Awaited<ReturnType<typeof openPglite>>) =>
    (await handle.query<{ shared_buffers: string }>('show shared_buffers'))[0]!.shared_buffers;

  it('a new data directory (initdb, migrations) and a reopened one run with the smaller cache', async () => {
    const first = await openPglite(dataDir);
    await first.migrate();
    expect(await sharedBuffers(first)).toBe(`${PGLITE_SHARED_BUFFERS_MB}MB`);
    await first.query(
      'insert into users (username, phone_number, password_hash, invite_code) values ($1, $2, $3, $4)',
      ['kept', '13700000000', 'x', 'KEEPKEEP'],
    );
    await first.close();

    // An existing database (made before this setting, or by this start) takes it as well.
    const again = await openPglite(dataDir);
    await again.migrate();
    expect(await sharedBuffers(again)).toBe(`${PGLITE_SHARED_BUFFERS_MB}MB`);
    expect(await again.query('select username from users')).toEqual([{ username: 'kept' }]);
    await again.close();
  });

  it('takes another size when asked (the talent benchmark compares them)', async () => {
    const memory = await openPglite(null, { sharedBuffersMb: 32 });
    expect(await sharedBuffers(memory)).toBe('32MB');
    await memory.close();
  });
});

import { apiPaths } from '@inviteflow/contract';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPglite } from '../../src/db/client.ts';
import { isDatabaseUnavailable } from '../../src/lib/errors.ts';
import { testConfig } from '../support/harness.ts';

/**
 * The parts of "the database went away" that need no PostgreSQL of their own, so they
 * run everywhere (the restart test needs the PostgreSQL server binaries).
 */
describe('when the database is away', () => {
  it('GET /api/health answers 503 naming the database, and 200 while it answers', async () => {
    const database = await openPglite(null);
    await database.migrate();
    const app = await buildApp({ config: testConfig(), database });
    try {
      const up = await app.inject({ method: 'GET', url: apiPaths.health });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ success: true, data: { status: 'ok' } });

      await database.close();
      const down = await app.inject({
        method: 'GET',
        url: apiPaths.health,
        headers: { 'accept-language': 'en-US' },
      });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        success: false,
        code: 503,
        message: 'The service is temporarily unavailable, please try again later',
        data: { status: 'unavailable', down: ['database'] },
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('counts a transaction whose connection died as "database unavailable" (503), not a bug (500)', () => {
    // What drizzle throws when the ROLLBACK of a transaction meets a dead connection.
    const dead = new DrizzleQueryError(
      'rollback',
      [],
      new Error('Client has encountered a connection error and is not queryable'),
    );
    expect(isDatabaseUnavailable(dead)).toBe(true);
    const shutdown = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], shutdown))).toBe(true);
    // A real query error stays a 500.
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], deadlock))).toBe(false);
  });
});

import { apiPaths } from '@inviteflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../src/app.ts';
import { openPglite, type DatabaseHandle } from '../src/db/client.ts';
import { PrettyLogStream } from '../src/lib/pretty-log.ts';
import { testConfig } from './support/harness.ts';

/**
 * The real app writing the pretty log (what `npm start` shows on the embedded default):
 * one line per request, and the console SMS provider's code on a marked line.
 */
describe('the pretty log of the real app', () => {
  let database: DatabaseHandle;
  let app: App;
  const out: string[] = [];

  beforeAll(async () => {
    database = await openPglite(null);
    await database.migrate();
    const config = testConfig();
    const stream = new PrettyLogStream(
      { write: (text: string) => out.push(text) },
      {
        color: false,
      },
    );
    const logger = loggerOptions('info', stream);
    // SMS_PROVIDER defaults to `console`: codes go to the app's own log.
    app = await buildApp({ config, database, logger });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('prints each request once, with method, path, status and time', async () => {
    out.length = 0;
    await app.inject({ method: 'GET', url: `${apiPaths.health}?probe=1` });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    const lines = out.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET {4}\/api\/health\?probe=1 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET {4}\/api\/v1\/no-such-thing 404 \d+\.\d ms$/);
  });

  it('shows a verification code on a marked line of its own, beside its request', async () => {
    out.length = 0;
    const sent = await app.inject({
      method: 'POST',
      url: apiPaths.auth.sendSmsCode,
      payload: { phoneNumber: '13900139000', purpose: 'register' },
    });
    expect(sent.statusCode).toBe(200);
    const lines = out.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}SMS {2}\[sms:console\] verification code for 13900139000 \(register\): \d{6}$/,
    );
    expect(lines[1]).toMatch(/POST {3}\/api\/v1\/auth\/send-sms-code 200 /);
  });
});

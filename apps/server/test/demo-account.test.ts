import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@inviteflow/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_PHONE,
  DEMO_USERNAME,
  LEGACY_PASSWORD_FILE,
  demoAccountLines,
  ensureDemoAccount,
  resetDemoPassword,
  takeLegacyDemoPassword,
} from '../src/demo-account.ts';
import { userRepository } from '../src/modules/user/repository.ts';
import { describeApi, login } from './support/harness.ts';

describeApi('the demo account', (h) => {
  it('is created on an empty database with a password known only then, kept as a hash', async () => {
    const created = await ensureDemoAccount(h().app.db);
    expect(created).toMatchObject({ username: DEMO_USERNAME, shown: 'created' });
    const password = created!.password!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const row = await userRepository.findByUsername(h().app.db, DEMO_USERNAME);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(password);
    expect((await login(h(), DEMO_USERNAME, password)).status).toBe(200);

    // Every later start: the account, never its password.
    const again = await ensureDemoAccount(h().app.db);
    expect(again).toEqual({
      username: DEMO_USERNAME,
      phoneNumber: DEMO_PHONE,
      password: null,
      shown: 'not-shown',
    });
  });

  it('shows a password from an older version’s plain-text file once, if it still signs in', async () => {
    const password = (await ensureDemoAccount(h().app.db))!.password!;
    expect(await ensureDemoAccount(h().app.db, password)).toMatchObject({
      password,
      shown: 'legacy-file',
    });
    // Changed since (the file no longer tells the truth): not shown.
    expect(await ensureDemoAccount(h().app.db, 'not-the-password')).toMatchObject({
      password: null,
      shown: 'not-shown',
    });
  });

  it('gets a new password from reset-demo-password: signs in, ends every session, lifts the lock', async () => {
    const old = (await ensureDemoAccount(h().app.db))!.password!;
    const signedIn = await login(h(), DEMO_USERNAME, old);
    const token = signedIn.body.data!.access_token;
    // Someone who forgot the password locked the account guessing.
    for (let i = 0; i < 5; i++) await login(h(), DEMO_USERNAME, `guess-${i}`);
    expect((await login(h(), DEMO_USERNAME, old)).status).toBe(429);

    const reset = await resetDemoPassword(h().app);
    expect(reset).toMatchObject({ username: DEMO_USERNAME, shown: 'created' });
    expect(reset!.password).not.toBe(old);
    expect((await login(h(), DEMO_USERNAME, reset!.password!)).status).toBe(200);
    expect((await login(h(), DEMO_USERNAME, old)).status).not.toBe(200);
    expect((await h().api.get(apiPaths.auth.me, { token })).status).toBe(401);
  });

  it('reset-demo-password finds nothing to reset without a demo account', async () => {
    expect(await resetDemoPassword(h().app)).toBeNull();
  });
});

describe('the plain-text demo password file of older versions', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is read once and deleted', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-demo-'));
    writeFileSync(
      path.join(dataDir, LEGACY_PASSWORD_FILE),
      JSON.stringify({ username: 'demo', password: 'old-plain-text' }),
    );
    expect(takeLegacyDemoPassword(dataDir)).toBe('old-plain-text');
    expect(readdirSync(dataDir)).toEqual([]);
    expect(takeLegacyDemoPassword(dataDir)).toBeNull();
  });

  it('is deleted even when unreadable, and its absence is no error', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-demo-'));
    writeFileSync(path.join(dataDir, LEGACY_PASSWORD_FILE), 'not json');
    expect(takeLegacyDemoPassword(dataDir)).toBeNull();
    expect(readdirSync(dataDir)).toEqual([]);
    expect(takeLegacyDemoPassword(path.join(dataDir, 'missing'))).toBeNull();
  });
});

describe('the start banner’s demo account lines', () => {
  const account = { username: 'demo', phoneNumber: DEMO_PHONE };

  it('print the password when it was just created, with the way to reset it', () => {
    const lines = demoAccountLines({ ...account, password: 'Pa55word-xyz', shown: 'created' });
    expect(lines[0]).toMatch(
      /^Demo account: demo \(or phone 13800000000\), password: Pa55word-xyz .*only this once/,
    );
    expect(lines.join('\n')).toContain('npm run reset-demo-password');
  });

  it('never print a password afterwards, and say where it was and how to reset it', () => {
    const lines = demoAccountLines({ ...account, password: null, shown: 'not-shown' });
    expect(lines).toEqual([
      'Demo account: demo (or phone 13800000000); password printed at first start; forgot it? npm run reset-demo-password',
    ]);
  });

  it('say that an older version’s plain-text copy was deleted when it is shown a last time', () => {
    const lines = demoAccountLines({ ...account, password: 'from-file', shown: 'legacy-file' });
    expect(lines[0]).toContain('password: from-file');
    expect(lines[0]).toContain(`${LEGACY_PASSWORD_FILE} is deleted`);
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { App } from './app.ts';
import type { Database } from './db/client.ts';
import { hashPassword, verifyPassword } from './lib/passwords.ts';
import { newInviteCode } from './modules/auth/service.ts';
import { userRepository } from './modules/user/repository.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PHONE = '13800000000';

/** What to say about the demo password at start, besides the account's name. */
export type DemoPasswordShown =
  /** Just created: the only time it is ever known in plain text. */
  | 'created'
  /** Read for the last time from the plain-text file an older version kept (now deleted). */
  | 'legacy-file'
  /** Not known: only its hash is kept. */
  | 'not-shown';

export interface DemoAccount {
  username: string;
  phoneNumber: string;
  /** The password in plain text, when this is the one moment it is known (see `shown`). */
  password: string | null;
  shown: DemoPasswordShown;
}

/**
 * The plain-text copy of the demo password that versions before issue 20 kept in DATA_DIR
 * so that every start could print it.
 */
export const LEGACY_PASSWORD_FILE = 'demo-account.json';

/** 12 characters, 72 random bits, URL-safe: easy to copy from a terminal. */
export function newDemoPassword(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Deletes the plain-text demo password file an older version left in `dataDir`, returning
 * the password it held (null when there was none). Only the account's own hash is kept now.
 */
export function takeLegacyDemoPassword(dataDir: string): string | null {
  const file = path.join(dataDir, LEGACY_PASSWORD_FILE);
  let password: string | null = null;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { password?: unknown };
    if (typeof saved.password === 'string') password = saved.password;
  } catch {
    // No file (the usual case), or not one we can read: either way nothing to show.
  }
  rmSync(file, { force: true });
  return password;
}

/**
 * On an empty database, creates the demo account with a random password and returns that
 * password: the one time it is known, since only its argon2 hash is stored. On a database
 * that has accounts, returns the demo account without its password (null when there is
 * none), unless `legacyPassword` (from `takeLegacyDemoPassword`) still signs in to it.
 */
export async function ensureDemoAccount(
  db: Database,
  legacyPassword: string | null = null,
): Promise<DemoAccount | null> {
  if ((await userRepository.count(db)) === 0) {
    const password = newDemoPassword();
    await userRepository.insert(db, {
      username: DEMO_USERNAME,
      phoneNumber: DEMO_PHONE,
      passwordHash: await hashPassword(password),
      nickname: 'Demo',
      inviteCode: newInviteCode(),
      passwordChangedAt: new Date(),
    });
    return { username: DEMO_USERNAME, phoneNumber: DEMO_PHONE, password, shown: 'created' };
  }
  const demo = await userRepository.findByUsername(db, DEMO_USERNAME);
  if (!demo) return null;
  const account = { username: demo.username, phoneNumber: demo.phoneNumber };
  if (legacyPassword && (await verifyPassword(demo.passwordHash, legacyPassword))) {
    return { ...account, password: legacyPassword, shown: 'legacy-file' };
  }
  return { ...account, password: null, shown: 'not-shown' };
}

/**
 * Gives the demo account a new random password and returns it (null when there is no demo
 * account). As after a reset by SMS, every session of the account ends and its sign-in
 * locks lift. `npm run reset-demo-password` prints it; it is not kept anywhere.
 */
export async function resetDemoPassword(app: App): Promise<DemoAccount | null> {
  const demo = await userRepository.findByUsername(app.db, DEMO_USERNAME);
  if (!demo) return null;
  const password = newDemoPassword();
  await app.authService.setPasswordFromServer(demo, password);
  return { username: demo.username, phoneNumber: demo.phoneNumber, password, shown: 'created' };
}

export const RESET_DEMO_PASSWORD_COMMAND = 'npm run reset-demo-password';

/** The banner's lines about the demo account. */
export function demoAccountLines(demo: DemoAccount): string[] {
  const who = `Demo account: ${demo.username} (or phone ${demo.phoneNumber})`;
  switch (demo.shown) {
    case 'created':
      return [
        `${who}, password: ${demo.password}  (shown only this once: note it down)`,
        `  Forgot it later? Stop the server and run: ${RESET_DEMO_PASSWORD_COMMAND}`,
      ];
    case 'legacy-file':
      return [
        `${who}, password: ${demo.password}  (shown this last time: the plain-text copy an ` +
          `older version kept in ${LEGACY_PASSWORD_FILE} is deleted; only its hash is kept)`,
        `  Forgot it later? Stop the server and run: ${RESET_DEMO_PASSWORD_COMMAND}`,
      ];
    case 'not-shown':
      return [`${who}; password printed at first start; forgot it? ${RESET_DEMO_PASSWORD_COMMAND}`];
  }
}

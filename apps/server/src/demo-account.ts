import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './db/client.ts';
import { hashPassword, verifyPassword } from './lib/passwords.ts';
import { newInviteCode } from './modules/auth/service.ts';
import { userRepository } from './modules/user/repository.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PHONE = '13800000000';

export interface DemoAccount {
  username: string;
  phoneNumber: string;
  /** Known only while the demo password is unchanged. */
  password: string | null;
}

/**
 * On an empty database, creates the demo account with a random password and
 * keeps that password in DATA_DIR (mode 600) so every start can print it until
 * it is changed. Returns null when there is no demo account to show.
 */
export async function ensureDemoAccount(
  db: Database,
  dataDir: string,
): Promise<DemoAccount | null> {
  const file = path.join(dataDir, 'demo-account.json');
  if ((await userRepository.count(db)) === 0) {
    const password = randomBytes(9).toString('base64url');
    // On PostgreSQL nothing else creates DATA_DIR; without it the password would be lost.
    mkdirSync(dataDir, { recursive: true });
    await userRepository.insert(db, {
      username: DEMO_USERNAME,
      phoneNumber: DEMO_PHONE,
      passwordHash: await hashPassword(password),
      nickname: 'Demo',
      inviteCode: newInviteCode(),
      passwordChangedAt: new Date(),
    });
    writeFileSync(file, JSON.stringify({ username: DEMO_USERNAME, password }), { mode: 0o600 });
    return { username: DEMO_USERNAME, phoneNumber: DEMO_PHONE, password };
  }
  const demo = await userRepository.findByUsername(db, DEMO_USERNAME);
  if (!demo) return null;
  let password: string | null = null;
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { password?: string };
    if (saved.password && (await verifyPassword(demo.passwordHash, saved.password)))
      password = saved.password;
  }
  return { username: demo.username, phoneNumber: demo.phoneNumber, password };
}

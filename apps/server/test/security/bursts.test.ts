import { apiPaths, type LoginData, type ProfileData, type SmsPurpose } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { passwordChecks } from '../../src/lib/passwords.ts';
import {
  describeApi,
  login,
  newUser,
  register,
  signedIn,
  uniquePhone,
  type Harness,
  type HarnessOptions,
} from '../support/harness.ts';

/**
 * Issue 15, F2: lockouts beaten by concurrency. Guesses written in the same tick all
 * passed a "check the limit, evaluate, record the failure" sequence: 55-74 wrong
 * passwords of 200 were evaluated against a limit of 5, and the right one inside the
 * burst was accepted. Here every guessable call gets 200 requests launched together
 * (`Promise.all` over `inject`, and over real HTTP), with the right secret in the middle
 * (or last): at most the limit is evaluated, and the right secret is refused.
 *
 * Password evaluations are counted where they happen (`passwordChecks`, incremented by
 * every argon2 verification); code tries are the code's own counter in the database.
 * The rules themselves run as in production, in memory and in Redis.
 */

const { auth, user } = apiPaths;
const BURST = 200;
const RIGHT_AT = 100;

let ipCounter = 0;
/** A new client address each call (198.18.0.0/15, the benchmarking range). */
function nextIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

interface Shot {
  status: number;
  message: string;
}

/** Launches every request at once (one tick) and waits for all the answers. */
async function burst(h: Harness, requests: InjectOptions[]): Promise<Shot[]> {
  const responses = await Promise.all(requests.map((request) => h.app.inject(request)));
  return responses.map((response) => ({
    status: response.statusCode,
    message: (response.json() as { message: string }).message,
  }));
}

function json(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
): InjectOptions {
  return {
    method,
    url,
    payload,
    headers: { 'accept-language': 'en-US', 'x-forwarded-for': nextIp(), ...headers },
  };
}

function count(shots: Shot[], status: number): number {
  return shots.filter((shot) => shot.status === status).length;
}

/** A six-digit code other than `right`, different for each i. */
function wrongCode(right: string, i: number): string {
  const code = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
  return code === right ? wrongCode(right, i + 1) : code;
}

/** The tries the newest code of a phone and purpose has taken (the database's own count). */
async function codeTries(h: Harness, phoneNumber: string, purpose: SmsPurpose) {
  const result = await h.database.handle.db.execute<{ failed_attempts: number }>(
    sql`select failed_attempts from sms_codes where phone_number = ${phoneNumber} and purpose = ${purpose} order by id desc limit 1`,
  );
  return (result as unknown as { rows: Array<{ failed_attempts: number }> }).rows[0]
    ?.failed_attempts;
}

async function passwordHashOf(h: Harness, username: string): Promise<string | undefined> {
  const result = await h.database.handle.db.execute<{ password_hash: string }>(
    sql`select password_hash from users where username = ${username}`,
  );
  return (result as unknown as { rows: Array<{ password_hash: string }> }).rows[0]?.password_hash;
}

const locked = /^Too many failed sign-in attempts, please try again in \d+ minutes?$/;

function suite(h: () => Harness) {
  it('sign-in: 200 guesses at one account from 200 addresses in one tick: at most 5 evaluated, the right password inside refused', async () => {
    const account = newUser();
    await register(h(), account);
    const requests = Array.from({ length: BURST }, (_, i) =>
      json('POST', auth.login, {
        username: account.username,
        password: i === RIGHT_AT ? account.password : `wrong-${i}`,
      }),
    );
    const before = passwordChecks.evaluated;
    const shots = await burst(h(), requests);
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(count(shots, 400)).toBe(evaluated);
    expect(count(shots, 200)).toBe(0);
    expect(count(shots, 429)).toBe(BURST - evaluated);
    expect(shots[RIGHT_AT]!.status).toBe(429);
    expect(shots[RIGHT_AT]!.message).toMatch(locked);
    // And the lock holds after the burst, for the right password too.
    expect((await h().app.inject(json('POST', auth.login, account))).statusCode).toBe(429);
  });

  it("sign-in: the account's names alternated in the burst (username, its case, phone): still at most 5", async () => {
    const account = newUser();
    await register(h(), account);
    const names = [account.username, account.username.toUpperCase(), account.phoneNumber];
    const requests = Array.from({ length: BURST }, (_, i) =>
      json('POST', auth.login, {
        username: names[i % names.length]!,
        password: i === RIGHT_AT ? account.password : `wrong-${i}`,
      }),
    );
    const before = passwordChecks.evaluated;
    const shots = await burst(h(), requests);
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(count(shots, 200)).toBe(0);
    expect(shots[RIGHT_AT]!.status).toBe(429);
  });

  it('sign-in: 200 guesses at 200 names from one address in one tick: at most 50 evaluated', async () => {
    const ip = nextIp();
    const requests = Array.from({ length: BURST }, (_, i) =>
      json(
        'POST',
        auth.login,
        { username: `nobody_${ipCounter}_${i}`, password: 'whatever' },
        { 'x-forwarded-for': ip },
      ),
    );
    const before = passwordChecks.evaluated;
    const shots = await burst(h(), requests);
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(50);
    expect(count(shots, 400)).toBe(evaluated);
    expect(count(shots, 429)).toBe(BURST - evaluated);
  });

  it('change-password with a stolen token: at most 5 evaluated, the right current password inside refused, the password kept', async () => {
    const { user: account, token } = await signedIn(h());
    const hashBefore = await passwordHashOf(h(), account.username);
    const requests = Array.from({ length: BURST }, (_, i) =>
      json(
        'POST',
        auth.changePassword,
        {
          oldPassword: i === RIGHT_AT ? account.password : `guess-${i}`,
          newPassword: 'Taken-over-1',
          confirmPassword: 'Taken-over-1',
        },
        { authorization: `Bearer ${token}` },
      ),
    );
    const before = passwordChecks.evaluated;
    const shots = await burst(h(), requests);
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(count(shots, 400)).toBe(evaluated);
    expect(count(shots, 200)).toBe(0);
    expect(shots[RIGHT_AT]!.status).toBe(429);
    expect(shots[RIGHT_AT]!.message).toMatch(locked);
    expect(await passwordHashOf(h(), account.username)).toBe(hashBefore);
  });

  it('phone change with a stolen token: at most 5 passwords evaluated, the right one inside refused, the phone kept', async () => {
    const { user: account, token } = await signedIn(h());
    const newPhone = uniquePhone();
    const sent = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber: newPhone, purpose: 'change-phone' },
      { token },
    );
    expect(sent.status).toBe(200);
    const code = h().sms.lastCode(newPhone);
    const requests = Array.from({ length: BURST }, (_, i) =>
      json(
        'PUT',
        user.profile,
        {
          phoneNumber: newPhone,
          code,
          currentPassword: i === RIGHT_AT ? account.password : `guess-${i}`,
        },
        { authorization: `Bearer ${token}` },
      ),
    );
    const before = passwordChecks.evaluated;
    const shots = await burst(h(), requests);
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(count(shots, 200)).toBe(0);
    expect(shots[RIGHT_AT]!.status).toBe(429);
    const profile = await h().api.get<ProfileData>(user.profile, { token });
    expect(profile.body.data.phoneNumber).toBe(account.phoneNumber);
    expect(h().sms.notices).toEqual([]);
  });

  it.each(['register', 'reset', 'change-phone'] as const)(
    'verification codes (%s): 200 codes in one tick take at most the 5 tries, the right code inside refused',
    async (purpose) => {
      const account = newUser();
      let token: string | undefined;
      let phone = account.phoneNumber;
      if (purpose === 'reset') await register(h(), account);
      if (purpose === 'change-phone') {
        await register(h(), account);
        token = (await login(h(), account.username, account.password)).body.data.access_token;
        phone = uniquePhone();
      }
      const sent = await h().api.post(
        auth.sendSmsCode,
        { phoneNumber: phone, purpose },
        { token, headers: { 'x-forwarded-for': nextIp() } },
      );
      expect(sent.status).toBe(200);
      const right = h().sms.lastCode(phone);
      const codeAt = (i: number) => (i === RIGHT_AT ? right : wrongCode(right, i));
      const requests = Array.from({ length: BURST }, (_, i) => {
        if (purpose === 'register') {
          return json('POST', auth.register, {
            ...account,
            code: codeAt(i),
            confirmPassword: account.password,
          });
        }
        if (purpose === 'reset') {
          return json('POST', auth.resetPassword, {
            phoneNumber: phone,
            code: codeAt(i),
            newPassword: 'Taken-over-1',
            confirmPassword: 'Taken-over-1',
          });
        }
        return json(
          'PUT',
          user.profile,
          { phoneNumber: phone, code: codeAt(i), currentPassword: account.password },
          { authorization: `Bearer ${token}` },
        );
      });
      const shots = await burst(h(), requests);

      expect(await codeTries(h(), phone, purpose)).toBeLessThanOrEqual(5);
      const told = (message: string) => shots.filter((shot) => shot.message === message).length;
      // Only an evaluated wrong code is told it is wrong: at most the first four of five.
      expect(told('Verification code is incorrect')).toBeLessThanOrEqual(4);
      expect(count(shots, 200)).toBe(0);
      expect(shots[RIGHT_AT]!.status).not.toBe(200);
      if (purpose === 'register') {
        const result = await h().database.handle.db.execute(
          sql`select id from users where phone_number = ${phone}`,
        );
        expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(0);
      }
      if (purpose === 'reset') {
        expect((await login(h(), account.username, account.password)).status).toBe(200);
      }
      if (purpose === 'change-phone') {
        const profile = await h().api.get<ProfileData>(user.profile, { token });
        expect(profile.body.data.phoneNumber).toBe(account.phoneNumber);
      }
    },
  );

  it('over real HTTP (app.listen): 200 sign-ins from one address at once: at most 5 evaluated, the right password (sent last) refused', async () => {
    const account = newUser();
    await register(h(), account);
    const base = await h().app.listen({ host: '127.0.0.1', port: 0 });
    const post = async (password: string) => {
      const response = await fetch(`${base}${auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
        body: JSON.stringify({ username: account.username, password }),
      });
      const body = (await response.json()) as { message: string; data: LoginData | null };
      return { status: response.status, message: body.message };
    };
    const before = passwordChecks.evaluated;
    const shots = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post(i === BURST - 1 ? account.password : `wrong-${i}`),
      ),
    );
    const evaluated = passwordChecks.evaluated - before;

    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(count(shots, 400)).toBe(evaluated);
    expect(count(shots, 200)).toBe(0);
    expect(shots[BURST - 1]!.status).toBe(429);
    expect(shots[BURST - 1]!.message).toMatch(locked);
  });
}

// Behind one trusted proxy hop, so each request can come from an address of its own; a
// reset or phone-change code follows the register code to a phone within the minute.
const options: HarnessOptions = {
  config: { TRUST_PROXY: '1' },
  limitRules: { smsPerPhoneMinute: { points: 10, duration: 60 } },
};

describeApi('security: concurrent guesses, limits in memory', suite, options);
describeApi('security: concurrent guesses, limits in Redis', suite, { ...options, redis: true });

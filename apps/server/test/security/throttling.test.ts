import { apiPaths } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { defaultLimitRules } from '../../src/lib/limits.ts';
import { describeApi, newUser, register, uniquePhone, type Harness } from '../support/harness.ts';
import { envelopeProblem, send } from './support/send.ts';

/**
 * Throttling as docs/architecture.md "Throttling" says: SMS sends 1 per phone per 60 s and
 * 5 per hour, 30 per IP per hour; sign-in failures 5 per account (by name, whatever the
 * IP) and 50 per IP per 15 minutes; codes die after 5 wrong tries. Behind a proxy
 * (TRUST_PROXY) each request below comes from another address (X-Forwarded-For): the
 * per-phone, per-account and per-code limits hold all the same.
 */

const { auth } = apiPaths;
const behindProxy = { config: { TRUST_PROXY: '1' } };

let ipCounter = 0;
/** A new client address each call (documentation range 203.0.113.0/24 and beyond). */
function nextIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

function from(ip: string) {
  return { 'x-forwarded-for': ip };
}

async function sendCode(h: Harness, phoneNumber: string, ip: string, purpose = 'register') {
  return send(h, {
    method: 'POST',
    url: auth.sendSmsCode,
    body: { phoneNumber, purpose },
    headers: from(ip),
    lang: 'en-US',
  });
}

async function signIn(h: Harness, username: string, password: string, ip: string) {
  return send(h, {
    method: 'POST',
    url: auth.login,
    body: { username, password },
    headers: from(ip),
    lang: 'en-US',
  });
}

function expectThrottled(res: Awaited<ReturnType<typeof send>>, pattern: RegExp) {
  expect(res.status).toBe(429);
  expect(envelopeProblem(res, 'en-US')).toBeNull();
  const message = (res.json as { message: string }).message;
  expect(message).toMatch(pattern);
  const seconds = Number(/in (\d+) seconds/.exec(message)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(res.headers['retry-after']).toBe(String(seconds));
}

const smsTooOften = /^Verification codes are requested too often, please try again in \d+ seconds$/;
const signInLocked = /^Too many failed sign-in attempts, please try again in \d+ seconds$/;

describeApi('security: the documented limits are the configured ones', () => {
  it('docs/architecture.md "Throttling" and the code say the same numbers', () => {
    expect(defaultLimitRules).toEqual({
      smsPerPhoneMinute: { points: 1, duration: 60 },
      smsPerPhoneHour: { points: 5, duration: 3600 },
      smsPerIpHour: { points: 30, duration: 3600 },
      loginFailuresPerAccount: { points: 5, duration: 900 },
      loginFailuresPerIp: { points: 50, duration: 900 },
    });
  });
});

describeApi(
  'security: SMS flooding',
  (h) => {
    it('one send per phone per 60 s, whichever address asks', async () => {
      const phone = uniquePhone();
      expect((await sendCode(h(), phone, nextIp())).status).toBe(200);
      const again = await sendCode(h(), phone, nextIp());
      expectThrottled(again, smsTooOften);
      const seconds = Number(again.headers['retry-after']);
      expect(seconds).toBeGreaterThan(50);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(h().sms.sent).toHaveLength(1);
    });

    it('30 sends per address per hour: the 31st phone from one address is refused, another address goes on', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i++)
        expect((await sendCode(h(), uniquePhone(), ip)).status).toBe(200);
      expectThrottled(await sendCode(h(), uniquePhone(), ip), smsTooOften);
      expect(h().sms.sent).toHaveLength(30);
      expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(200);
    });
  },
  behindProxy,
);

describeApi(
  'security: SMS flooding, hourly per phone',
  (h) => {
    it('five sends per phone per hour, even from five addresses', async () => {
      const phone = uniquePhone();
      for (let i = 0; i < 5; i++) expect((await sendCode(h(), phone, nextIp())).status).toBe(200);
      const sixth = await sendCode(h(), phone, nextIp());
      expectThrottled(sixth, smsTooOften);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
      expect(h().sms.sent).toHaveLength(5);
    });
  },
  // The minute rule out of the way, to reach the hour's.
  { ...behindProxy, limitRules: { smsPerPhoneMinute: { points: 100, duration: 60 } } },
);

describeApi('security: without TRUST_PROXY, X-Forwarded-For is not believed', (h) => {
  it('rotating X-Forwarded-For does not make a new address', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 30; i++) expect((await sendCode(h(), uniquePhone(), ip)).status).toBe(200);
    // Another forwarded address, the same socket: still the same client.
    expectThrottled(await sendCode(h(), uniquePhone(), nextIp()), smsTooOften);
  });
});

describeApi(
  'security: brute force on verification codes',
  (h) => {
    it('a register code dies after five wrong tries from five addresses, even for the right code', async () => {
      const user = newUser();
      await sendCode(h(), user.phoneNumber, nextIp());
      const right = h().sms.lastCode(user.phoneNumber);
      const wrong = right === '000000' ? '111111' : '000000';
      const attempt = (code: string) =>
        send(h(), {
          method: 'POST',
          url: auth.register,
          body: { ...user, code, confirmPassword: user.password },
          headers: from(nextIp()),
          lang: 'en-US',
        });
      for (let i = 1; i <= 4; i++) {
        const res = await attempt(wrong);
        expect(res.status).toBe(400);
        expect((res.json as { message: string }).message).toBe('Verification code is incorrect');
      }
      expect(((await attempt(wrong)).json as { message: string }).message).toBe(
        'Too many wrong verification codes, please get a new one',
      );
      const late = await attempt(right);
      expect(late.status).toBe(400);
      expect((late.json as { message: string }).message).toBe(
        'Too many wrong verification codes, please get a new one',
      );
      expect(envelopeProblem(late, 'en-US')).toBeNull();
    });

    it('a password-reset code dies the same way, and the account keeps its password', async () => {
      const user = newUser();
      await register(h(), user);
      await sendCode(h(), user.phoneNumber, nextIp(), 'reset');
      const right = h().sms.lastCode(user.phoneNumber);
      const wrong = right === '000000' ? '111111' : '000000';
      const attempt = (code: string) =>
        send(h(), {
          method: 'POST',
          url: auth.resetPassword,
          body: {
            phoneNumber: user.phoneNumber,
            code,
            newPassword: 'Taken-over-1',
            confirmPassword: 'Taken-over-1',
          },
          headers: from(nextIp()),
          lang: 'en-US',
        });
      for (let i = 0; i < 5; i++) expect((await attempt(wrong)).status).toBe(400);
      expect((await attempt(right)).status).toBe(400);
      expect((await signIn(h(), user.username, 'Taken-over-1', nextIp())).status).toBe(400);
      expect((await signIn(h(), user.username, user.password, nextIp())).status).toBe(200);
    });
  },
  // A reset code follows the register code to the same phone within the minute.
  { ...behindProxy, limitRules: { smsPerPhoneMinute: { points: 10, duration: 60 } } },
);

describeApi(
  'security: brute force on sign-in',
  (h) => {
    it('five failures lock the account for every address, even for the right password', async () => {
      const user = newUser();
      await register(h(), user);
      for (let i = 0; i < 5; i++) {
        const res = await signIn(h(), user.username, `wrong-${i}`, nextIp());
        expect(res.status).toBe(400);
        expect((res.json as { message: string }).message).toBe('Account or password incorrect');
      }
      const locked = await signIn(h(), user.username, user.password, nextIp());
      expectThrottled(locked, signInLocked);
      expect((locked.json as { data: unknown }).data).toBeNull();
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('the account is one account however it is named: username, its case, or phone', async () => {
      const user = newUser();
      await register(h(), user);
      const names = [user.username, user.username.toUpperCase(), user.phoneNumber];
      for (let i = 0; i < 5; i++) {
        const res = await signIn(h(), names[i % names.length]!, `wrong-${i}`, nextIp());
        expect(res.status).toBe(400);
      }
      for (const name of names) {
        expectThrottled(await signIn(h(), name, user.password, nextIp()), signInLocked);
      }
    });

    it('a name that is no account is locked the same way (no hint of which names exist)', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(h(), 'nobody_at_all', `wrong-${i}`, nextIp())).status).toBe(400);
      }
      expectThrottled(await signIn(h(), 'nobody_at_all', 'whatever', nextIp()), signInLocked);
    });

    it('50 failures per address per 15 minutes, over any accounts; another address goes on', async () => {
      const ip = nextIp();
      for (let i = 0; i < 50; i++) {
        expect((await signIn(h(), `ghost_${i}`, 'whatever', ip)).status).toBe(400);
      }
      expectThrottled(await signIn(h(), 'ghost_last', 'whatever', ip), signInLocked);
      expect((await signIn(h(), 'ghost_last', 'whatever', nextIp())).status).toBe(400);
    });

    it('a wrong current password counts against the account too', async () => {
      const user = newUser();
      await register(h(), user);
      const session = await signIn(h(), user.username, user.password, nextIp());
      const token = (session.json as { data: { access_token: string } }).data.access_token;
      for (let i = 0; i < 5; i++) {
        const res = await send(h(), {
          method: 'POST',
          url: auth.changePassword,
          token,
          body: {
            oldPassword: `guess-${i}`,
            newPassword: 'New-pass-1',
            confirmPassword: 'New-pass-1',
          },
          lang: 'en-US',
        });
        expect(res.status).toBe(400);
      }
      const locked = await send(h(), {
        method: 'POST',
        url: auth.changePassword,
        token,
        body: {
          oldPassword: user.password,
          newPassword: 'New-pass-1',
          confirmPassword: 'New-pass-1',
        },
        lang: 'en-US',
      });
      expectThrottled(locked, signInLocked);
    });
  },
  behindProxy,
);

import { apiPaths, waitText, type Locale } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { defaultLimitRules } from '../../src/lib/limits.ts';
import { describeApi, newUser, register, uniquePhone, type Harness } from '../support/harness.ts';
import { envelopeProblem, send } from './support/send.ts';

/**
 * Throttling as docs/architecture.md "Throttling" says: SMS sends 1 per phone per 60 s and
 * 5 per hour, 30 per IP per hour, 1000 per hour for the whole server; sign-in failures 5
 * per account (by name, whatever the IP) and 50 per IP per 15 minutes; codes die after 5
 * tries; failed code checks 30 per IP and 1000 for the whole server per hour. Behind a
 * proxy (TRUST_PROXY=1, one trusted hop) each request below comes from another address
 * (X-Forwarded-For): the per-phone, per-account, per-code and global limits hold all the
 * same. Bursts sent in one tick: bursts.test.ts.
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

async function signIn(
  h: Harness,
  username: string,
  password: string,
  ip: string,
  lang: Locale = 'en-US',
) {
  return send(h, {
    method: 'POST',
    url: auth.login,
    body: { username, password },
    headers: from(ip),
    lang,
  });
}

/** A 429 whose message says the wait of its Retry-After as a person says it (`waitText`). */
function expectThrottled(
  res: Awaited<ReturnType<typeof send>>,
  pattern: RegExp,
  lang: Locale = 'en-US',
) {
  expect(res.status).toBe(429);
  expect(envelopeProblem(res, lang)).toBeNull();
  const message = (res.json as { message: string }).message;
  expect(message).toMatch(pattern);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(message).toContain(waitText(lang, seconds));
}

/** The message's end: "in 45 seconds", "in 15 minutes", "in 1 hour". */
const waitPattern = String.raw`in \d+ (?:seconds?|minutes?|hours?(?: \d+ minutes?)?)$`;
const smsTooOften = new RegExp(
  `^Verification codes are requested too often, please try again ${waitPattern}`,
);
const signInLocked = new RegExp(
  `^Too many failed sign-in attempts, please try again ${waitPattern}`,
);

describeApi('security: the documented limits are the configured ones', (h) => {
  it('docs/architecture.md "Throttling" and the code say the same numbers', () => {
    expect(defaultLimitRules).toEqual({
      smsPerPhoneMinute: { points: 1, duration: 60 },
      smsPerPhoneHour: { points: 5, duration: 3600 },
      smsPerIpHour: { points: 30, duration: 3600 },
      smsGlobalHour: { points: 1000, duration: 3600 },
      loginFailuresPerAccount: { points: 5, duration: 900 },
      loginFailuresPerIp: { points: 50, duration: 900 },
      codeFailuresPerIp: { points: 30, duration: 3600 },
      codeFailuresGlobal: { points: 1000, duration: 3600 },
      forgedNotificationsPerIp: { points: 20, duration: 60 },
    });
    // SMS_GLOBAL_MAX_PER_HOUR's default is the documented ceiling.
    expect(h().app.limits.rules.smsGlobalHour).toEqual(defaultLimitRules.smsGlobalHour);
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

    it.each([
      ['zh-CN', /^登录失败次数过多，请 1[45] 分钟后再试$/],
      ['en-US', /^Too many failed sign-in attempts, please try again in 1[45] minutes$/],
    ] as const)('the lockout says its wait in minutes, not seconds (%s)', async (lang, text) => {
      const user = newUser();
      await register(h(), user);
      for (let i = 0; i < 5; i++) await signIn(h(), user.username, `wrong-${i}`, nextIp(), lang);
      const locked = await signIn(h(), user.username, user.password, nextIp(), lang);
      expectThrottled(locked, text, lang);
      expect((locked.json as { message: string }).message).not.toMatch(/秒|second/);
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

/** What a proxy in front of the server sends: what the client wrote, then the client's socket. */
function viaProxy(clientWrote: string, clientAddress: string) {
  return { 'x-forwarded-for': `${clientWrote}, ${clientAddress}` };
}

const smsCheckedTooOften = new RegExp(
  `^Verification codes are checked too often, please try again ${waitPattern}`,
);

describeApi(
  'security: behind one trusted hop (TRUST_PROXY=1), the client cannot choose its address',
  (h) => {
    it('a left-most X-Forwarded-For written by the client does not make a new address', async () => {
      const client = nextIp();
      const sendVia = (phoneNumber: string, clientWrote: string) =>
        send(h(), {
          method: 'POST',
          url: auth.sendSmsCode,
          body: { phoneNumber, purpose: 'register' },
          headers: viaProxy(clientWrote, client),
          lang: 'en-US',
        });
      for (let i = 0; i < 30; i++) {
        expect((await sendVia(uniquePhone(), nextIp())).status).toBe(200);
      }
      expectThrottled(await sendVia(uniquePhone(), nextIp()), smsTooOften);
      // Another client behind the same proxy goes on.
      expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(200);
    });

    it("a client cannot lock a chosen victim's address out by naming it", async () => {
      const victim = nextIp();
      const attacker = nextIp();
      for (let i = 0; i < 50; i++) {
        const res = await send(h(), {
          method: 'POST',
          url: auth.login,
          body: { username: `ghost_${i}`, password: 'whatever' },
          headers: viaProxy(victim, attacker),
          lang: 'en-US',
        });
        expect(res.status).toBe(400);
      }
      expectThrottled(await signIn(h(), 'ghost_last', 'whatever', attacker), signInLocked);
      // The victim, arriving through the proxy from its own address, is not locked.
      expect((await signIn(h(), 'ghost_last', 'whatever', victim)).status).toBe(400);
    });
  },
  { config: { TRUST_PROXY: '1' } },
);

describeApi(
  "security: TRUST_PROXY as the proxies' addresses",
  (h) => {
    it('trusts the listed proxy, takes the address it appended, and ignores what the client wrote', async () => {
      // inject's socket is 127.0.0.1: the listed proxy.
      const client = nextIp();
      for (let i = 0; i < 30; i++) {
        const res = await send(h(), {
          method: 'POST',
          url: auth.sendSmsCode,
          body: { phoneNumber: uniquePhone(), purpose: 'register' },
          headers: viaProxy(nextIp(), client),
        });
        expect(res.status).toBe(200);
      }
      const refused = await send(h(), {
        method: 'POST',
        url: auth.sendSmsCode,
        body: { phoneNumber: uniquePhone(), purpose: 'register' },
        headers: viaProxy(nextIp(), client),
        lang: 'en-US',
      });
      expectThrottled(refused, smsTooOften);
    });

    it('a peer that is not a listed proxy is believed about nothing', async () => {
      const peer = '192.0.2.77';
      const fromPeer = (phoneNumber: string) =>
        h().app.inject({
          method: 'POST',
          url: auth.sendSmsCode,
          remoteAddress: peer,
          headers: { 'x-forwarded-for': nextIp() },
          payload: { phoneNumber, purpose: 'register' },
        });
      for (let i = 0; i < 30; i++) expect((await fromPeer(uniquePhone())).statusCode).toBe(200);
      expect((await fromPeer(uniquePhone())).statusCode).toBe(429);
    });
  },
  { config: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } },
);

describeApi(
  'security: a ceiling on SMS sends per hour for the whole server',
  (h) => {
    it('refuses the next send once the hour holds SMS_GLOBAL_MAX_PER_HOUR, whatever the phone and address', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(200);
      }
      const refused = await sendCode(h(), uniquePhone(), nextIp());
      expectThrottled(refused, smsTooOften);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(h().sms.sent).toHaveLength(3);
    });

    it('a send refused by another limit does not use up the ceiling', async () => {
      const phone = uniquePhone();
      expect((await sendCode(h(), phone, nextIp())).status).toBe(200);
      // The phone's minute: refused, and given back to the ceiling.
      for (let i = 0; i < 5; i++) expect((await sendCode(h(), phone, nextIp())).status).toBe(429);
      expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(200);
      expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(200);
      expect((await sendCode(h(), uniquePhone(), nextIp())).status).toBe(429);
    });
  },
  { config: { TRUST_PROXY: '1', SMS_GLOBAL_MAX_PER_HOUR: '3' } },
);

/** A register or reset submission with a made-up code: what an account prober sends. */
async function probe(h: Harness, kind: 'register' | 'reset', ip: string) {
  const user = newUser();
  return send(h, {
    method: 'POST',
    url: kind === 'register' ? auth.register : auth.resetPassword,
    body:
      kind === 'register'
        ? { ...user, code: '123456', confirmPassword: user.password }
        : {
            phoneNumber: user.phoneNumber,
            code: '123456',
            newPassword: 'Probe-pass-1',
            confirmPassword: 'Probe-pass-1',
          },
    headers: from(ip),
    lang: 'en-US',
  });
}

describeApi(
  'security: account probes on register and reset',
  (h) => {
    it('30 failed code checks per address per hour, register and reset together; another address goes on', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i++) {
        const res = await probe(h(), i % 2 ? 'register' : 'reset', ip);
        expect(res.status).toBe(400);
        expect((res.json as { message: string }).message).toBe(
          'Please get a verification code first',
        );
      }
      expectThrottled(await probe(h(), 'register', ip), smsCheckedTooOften);
      expectThrottled(await probe(h(), 'reset', ip), smsCheckedTooOften);
      expect((await probe(h(), 'register', nextIp())).status).toBe(400);
    });

    it('a right code gives its check back: registering does not count against the address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 29; i++) await probe(h(), 'register', ip);
      const user = newUser();
      await sendCode(h(), user.phoneNumber, ip);
      const registered = await send(h(), {
        method: 'POST',
        url: auth.register,
        body: { ...user, code: h().sms.lastCode(user.phoneNumber), confirmPassword: user.password },
        headers: from(ip),
      });
      expect(registered.status).toBe(200);
      expect((await probe(h(), 'reset', ip)).status).toBe(400);
      expectThrottled(await probe(h(), 'reset', ip), smsCheckedTooOften);
    });
  },
  behindProxy,
);

describeApi(
  'security: account probes on register and reset, for the whole server',
  (h) => {
    it('failed code checks are capped for the whole server, whatever the addresses', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await probe(h(), i % 2 ? 'register' : 'reset', nextIp())).status).toBe(400);
      }
      expectThrottled(await probe(h(), 'register', nextIp()), smsCheckedTooOften);
      expectThrottled(await probe(h(), 'reset', nextIp()), smsCheckedTooOften);
    });
  },
  { ...behindProxy, limitRules: { codeFailuresGlobal: { points: 10, duration: 3600 } } },
);

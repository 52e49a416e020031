import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { AppError } from './errors.ts';
import { Limits, defaultLimitRules, type LimitRules } from './limits.ts';

/**
 * The counters' promise to the throttles (issue 15, F2): however many attempts arrive at
 * once, at most the limit get through, in memory and in Redis alike, and an attempt
 * refused by one counter holds nothing of the others.
 */

const redisUrl = inject('redisUrl');
const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

const rules: LimitRules = {
  ...defaultLimitRules,
  loginFailuresPerAccount: { points: 5, duration: 900 },
  loginFailuresPerIp: { points: 8, duration: 900 },
};

function memory(): Limits {
  return new Limits(rules, null);
}

function redis(): Limits {
  const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return new Limits(rules, client, `inviteflow-test:${randomBytes(6).toString('hex')}:limit`);
}

const backends = [
  ['memory', memory, false],
  ['Redis', redis, !redisUrl],
] as const;

for (const [name, make, unavailable] of backends) {
  describe.skipIf(unavailable)(`limits in ${name}`, () => {
    it('of 100 attempts launched at once, exactly the limit get through', async () => {
      const limits = make();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          limits.attempt('error.loginLocked', ['loginFailuresPerAccount', 'user:1']),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
      for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
        expect(refused.reason).toBeInstanceOf(AppError);
        expect((refused.reason as AppError).status).toBe(429);
      }
    });

    it('a refund gives the use back; a refused attempt gives back what it took of the others', async () => {
      const limits = make();
      const first = await limits.attempt('error.loginLocked', [
        'loginFailuresPerAccount',
        'user:2',
      ]);
      await first.refund();
      // Five of the account's uses, one of the address's each.
      for (let i = 0; i < 5; i++) {
        await limits.attempt(
          'error.loginLocked',
          ['loginFailuresPerIp', '192.0.2.1'],
          ['loginFailuresPerAccount', 'user:2'],
        );
      }
      // The account is full: each of these takes an address's use and gives it back.
      for (let i = 0; i < 20; i++) {
        const refused = limits.attempt(
          'error.loginLocked',
          ['loginFailuresPerIp', '192.0.2.1'],
          ['loginFailuresPerAccount', 'user:2'],
        );
        await expect(refused).rejects.toMatchObject({ status: 429 });
      }
      // So the address still has exactly 8 - 5 = 3 uses left.
      const left = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          limits.attempt('error.loginLocked', ['loginFailuresPerIp', '192.0.2.1']),
        ),
      );
      expect(left.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    });
  });
}

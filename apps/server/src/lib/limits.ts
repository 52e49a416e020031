import type { CatalogueKey } from '@inviteflow/contract';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

export interface LimitRule {
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * The throttles (docs/architecture.md "Throttling"). SMS sends: per phone, per IP and for
 * the whole server (a billed resource). Password checks (sign-in, change-password, the
 * password a phone change needs): per account and per IP. Verification-code checks
 * (register, reset, phone change): per IP and for the whole server, on top of each code's
 * own five tries. The `Failures` rules count attempts that did not succeed: every attempt
 * takes a use before it is evaluated and a success gives it back (see `Attempt`).
 */
export const defaultLimitRules = {
  smsPerPhoneMinute: { points: 1, duration: 60 },
  smsPerPhoneHour: { points: 5, duration: 3600 },
  smsPerIpHour: { points: 30, duration: 3600 },
  smsGlobalHour: { points: 1000, duration: 3600 },
  loginFailuresPerAccount: { points: 5, duration: 15 * 60 },
  loginFailuresPerIp: { points: 50, duration: 15 * 60 },
  codeFailuresPerIp: { points: 30, duration: 3600 },
  codeFailuresGlobal: { points: 1000, duration: 3600 },
  /** Payment notifications whose signature fails: not the gateway's, so not worth a write. */
  forgedNotificationsPerIp: { points: 20, duration: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof defaultLimitRules;
export type LimitRules = Record<LimitName, LimitRule>;
/** One counter: a rule and the key it counts (an account, an IP, `all`). */
export type LimitKey = readonly [LimitName, string];

/** The key of the rules that count the whole server at once. */
export const EVERYONE = 'all';

/**
 * Named counters over fixed windows, kept in memory (embedded default, one
 * process) or in Redis (shared by every replica). Each use is one atomic
 * increment-and-read (a JavaScript call that never yields in memory, a Lua script
 * in Redis), so concurrent requests can never all read "one left" and all go on.
 */
export class Limits {
  private readonly limiters: Record<LimitName, RateLimiterAbstract>;

  constructor(
    readonly rules: LimitRules,
    redis: Redis | null,
    prefix = 'inviteflow:limit',
  ) {
    const make = (name: LimitName): RateLimiterAbstract => {
      const options = { ...rules[name], keyPrefix: `${prefix}:${name}` };
      return redis
        ? new RateLimiterRedis({ ...options, storeClient: redis })
        : new RateLimiterMemory(options);
    };
    this.limiters = Object.fromEntries(
      (Object.keys(rules) as LimitName[]).map((name) => [name, make(name)]),
    ) as Record<LimitName, RateLimiterAbstract>;
  }

  /** Counts one use; throws 429 (with the wait) when the window is already full. */
  async consume(name: LimitName, key: string, message: CatalogueKey): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(message, error.msBeforeNext);
      throw error;
    }
  }

  /**
   * Takes one use of every counter, in order, before the guarded action runs; throws 429
   * (giving back what it took) as soon as one is full. See `Attempt`.
   */
  async attempt(message: CatalogueKey, ...keys: LimitKey[]): Promise<Attempt> {
    const attempt = new Attempt(this, message);
    await attempt.take(...keys);
    return attempt;
  }

  /** Gives one use back (the action did not happen after all, or it succeeded). */
  async refund(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].reward(key);
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}

/**
 * One guessable action (a password or a code checked) under its counters. The uses are
 * taken BEFORE the guess is evaluated, each atomically, and kept when it fails: of any
 * number of concurrent guesses, at most the limit get past `take`, so at most the limit
 * are ever evaluated in a window. Checking first and recording the failure after the
 * (slow) evaluation let a burst sent in one tick all pass the check (issue 15, F2).
 * A success gives its uses back (`refund`), so legitimate use never fills a counter.
 */
export class Attempt {
  private readonly taken: LimitKey[] = [];

  constructor(
    private readonly limits: Limits,
    private readonly message: CatalogueKey,
  ) {}

  /**
   * Takes one use of each counter; on a full one, gives back all this attempt took of
   * the others and throws. (The full counter keeps the count it just made: it is past
   * its limit already, and a fixed window ends when it ends however far past.)
   */
  async take(...keys: LimitKey[]): Promise<void> {
    for (const [name, key] of keys) {
      try {
        await this.limits.consume(name, key, this.message);
      } catch (error) {
        // Refused (or the store failed): this request evaluates nothing, so the
        // counters it already took must not hold it against the others.
        await this.refund().catch(() => undefined);
        throw error;
      }
      this.taken.push([name, key]);
    }
  }

  /** The action succeeded (or never ran): every use this attempt took is given back. */
  async refund(): Promise<void> {
    for (const [name, key] of this.taken.splice(0)) await this.limits.refund(name, key);
  }
}

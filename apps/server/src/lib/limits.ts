import type { MessageKey } from '@inviteflow/contract';
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

/** The throttles of issue 2: SMS sends per phone and IP, sign-in failures per account and IP. */
export const defaultLimitRules = {
  smsPerPhoneMinute: { points: 1, duration: 60 },
  smsPerPhoneHour: { points: 5, duration: 3600 },
  smsPerIpHour: { points: 30, duration: 3600 },
  loginFailuresPerAccount: { points: 5, duration: 15 * 60 },
  loginFailuresPerIp: { points: 50, duration: 15 * 60 },
  /** Payment notifications whose signature fails: not the gateway's, so not worth a write. */
  forgedNotificationsPerIp: { points: 20, duration: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof defaultLimitRules;
export type LimitRules = Record<LimitName, LimitRule>;

/**
 * Named counters over fixed windows, kept in memory (embedded default, one
 * process) or in Redis (shared by every replica).
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
  async consume(name: LimitName, key: string, message: MessageKey): Promise<void> {
    try {
      await this.limiters[name].consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(message, error.msBeforeNext);
      throw error;
    }
  }

  /** Throws 429 when the window is full, without counting. */
  async check(name: LimitName, key: string, message: MessageKey): Promise<void> {
    const state = await this.limiters[name].get(key);
    if (state && state.consumedPoints >= this.rules[name].points) {
      throw tooManyRequests(message, state.msBeforeNext);
    }
  }

  /** Counts one use without throwing (a failed sign-in, say). */
  async record(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(key);
  }

  /** Gives one use back (the action did not happen after all). */
  async refund(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].reward(key);
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}

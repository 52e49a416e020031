import type { Redis } from 'ioredis';

/**
 * Short-lived values shared by every replica: export jobs and their one-time
 * download claims. In memory for the embedded default (one process), in Redis
 * when configured, like the rate limits.
 */
export interface EphemeralStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets the key only when it is absent; true when this call set it (a one-time claim). */
  claim(key: string, value: string, ttlSeconds: number): Promise<boolean>;
}

export class MemoryEphemeralStore implements EphemeralStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private writes = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  async get(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    // No timers (they would keep the process alive): expired entries go every so often.
    if (++this.writes % 256 === 0) this.sweep();
  }

  async claim(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if ((await this.get(key)) !== null) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

export class RedisEphemeralStore implements EphemeralStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'inviteflow:ephemeral',
  ) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(`${this.prefix}:${key}`);
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(`${this.prefix}:${key}`, value, 'EX', ttlSeconds);
  }

  async claim(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}:${key}`, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }
}

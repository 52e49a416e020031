import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job: `run` does one pass with the clock it is given, so tests call it
 * directly with any `now` and never sleep. Every job must be safe when several
 * replicas run it at once (row claims with SKIP LOCKED, idempotent updates, dedupe
 * keys): the runner only schedules, it does not coordinate replicas.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/** In-process interval timers (unref'd, so they never keep the process alive). */
export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    readonly jobs: readonly Job[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (this.stopped || this.timers.length > 0) return;
    for (const job of this.jobs) {
      const timer = setInterval(() => void this.tick(job), job.everyMs);
      timer.unref();
      this.timers.push(timer);
      // A first pass soon after start, so a restart does not wait a whole interval.
      const first = setTimeout(() => void this.tick(job), 1_000);
      first.unref();
      this.timers.push(first);
    }
  }

  /** One pass of a job now, unless its previous pass is still running. */
  async tick(job: Job): Promise<void> {
    if (this.stopped || this.running.has(job.name)) return;
    const pass = (async () => {
      try {
        await job.run(this.now());
      } catch (error) {
        this.log.error({ err: error, job: job.name }, 'background job failed');
      }
    })();
    this.running.set(job.name, pass);
    try {
      await pass;
    } finally {
      this.running.delete(job.name);
    }
  }

  /** Stops scheduling and waits for passes in flight (the app closes after them). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    await Promise.all(this.running.values());
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRunner, type Job } from './jobs.ts';

const log = { error: vi.fn() } as unknown as ConstructorParameters<typeof JobRunner>[0];

afterEach(() => {
  vi.useRealTimers();
});

describe('job runner', () => {
  it('runs each job on its interval with the current time, one pass at a time, and stops', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const job: Job = {
      name: 'slow',
      everyMs: 60_000,
      run: (now) => {
        seen.push(now.toISOString());
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const runner = new JobRunner(log, [job]);
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual(['2026-01-01T00:00:01.000Z']);
    // Still running at the next interval: that pass is skipped, not stacked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(['2026-01-01T00:00:01.000Z', '2026-01-01T00:02:00.000Z']);
    release();
    const stopping = runner.stop();
    await stopping;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(seen).toHaveLength(2);
  });

  it('logs a failing pass and keeps scheduling', async () => {
    const runner = new JobRunner(log, []);
    const failing: Job = {
      name: 'failing',
      everyMs: 1_000,
      run: () => Promise.reject(new Error('boom')),
    };
    await runner.tick(failing);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'failing' }),
      'background job failed',
    );
  });
});

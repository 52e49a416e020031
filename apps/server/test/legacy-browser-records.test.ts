import { apiPaths, type BrowserClaimData } from '@inviteflow/contract';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformActions, sendRecords } from '../src/db/schema.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, moveClock, taskBody } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * Records written before browser actions existed (issue 17) have no action; the retired
 * record-by-record claim handed them out. The `legacy-browser-records` job gives them browser
 * actions so the browser channel claims them, leaving a record under a live old lease alone.
 */

async function records(h: Harness, taskId: number) {
  return h.app.db
    .select({ id: sendRecords.id, status: sendRecords.status, actionId: sendRecords.actionId })
    .from(sendRecords)
    .where(eq(sendRecords.taskId, taskId))
    .orderBy(asc(sendRecords.id));
}

async function runJob(h: Harness, now: Date) {
  const job = h.app.jobs.jobs.find((j) => j.name === 'legacy-browser-records');
  if (!job) throw new Error('the legacy-browser-records job is not scheduled');
  return job.run(now);
}

async function claim(h: Harness, token: string, shopId: number) {
  const res = await h.api.post<BrowserClaimData>(apiPaths.extension.claim, { shopId }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describeApi('records of the retired record-by-record claim', (h) => {
  it('get browser actions, except one under a live old lease until it lapses', async () => {
    const account = await signedIn(h());
    await grantPlan(h(), account.tokens.user.id, 'pro');
    const shop = await bindNewShop(h(), account.token);
    const library = await seedTalents(
      h(),
      account.tokens.user.id,
      Array.from({ length: 3 }, (_, i) => ({ name: `旧达人${i}` })),
    );
    const task = await createTask(
      h(),
      account.token,
      taskBody(shop.id, { talentIds: library.map((t) => t.id) }),
    );
    // As written before issue 17: no action; one pending, one claimed by the old runner whose
    // lease lapsed unreported, one whose old lease still holds.
    const now = moveClock(h(), 0);
    const [pending, lapsed, live] = await records(h(), task.taskId);
    await h()
      .app.db.update(sendRecords)
      .set({ actionId: null })
      .where(eq(sendRecords.taskId, task.taskId));
    await h().app.db.delete(platformActions).where(eq(platformActions.taskId, task.taskId));
    await h()
      .app.db.update(sendRecords)
      .set({ status: 'running', leasedUntil: new Date(now.getTime() - 1_000) })
      .where(eq(sendRecords.id, lapsed!.id));
    await h()
      .app.db.update(sendRecords)
      .set({ status: 'running', leasedUntil: new Date(now.getTime() + 200_000) })
      .where(eq(sendRecords.id, live!.id));
    // The browser channel has nothing to claim for them yet.
    expect((await claim(h(), account.token, shop.id)).action).toBeNull();

    await runJob(h(), now);
    const after = await records(h(), task.taskId);
    expect(after.map((r) => r.status)).toEqual(['pending', 'pending', 'running']);
    expect(after[0]!.actionId).not.toBeNull();
    expect(after[1]!.actionId).toBe(after[0]!.actionId);
    expect(after[2]!.actionId).toBeNull();
    // A second pass changes nothing.
    await runJob(h(), now);
    expect(await records(h(), task.taskId)).toEqual(after);

    const first = await claim(h(), account.token, shop.id);
    expect(first.action?.records.map((r) => r.id)).toEqual([pending!.id, lapsed!.id]);

    // The live lease lapses: the last record gets an action of its own (a key of its own).
    const later = moveClock(h(), 201_000);
    await runJob(h(), later);
    const last = (await records(h(), task.taskId))[2]!;
    expect(last).toMatchObject({ status: 'pending', actionId: expect.any(Number) });
    expect(last.actionId).not.toBe(after[0]!.actionId);
    const second = await claim(h(), account.token, shop.id);
    expect(second.action?.records.map((r) => r.id)).toEqual([live!.id]);
  });
});

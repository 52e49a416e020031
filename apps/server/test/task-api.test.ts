import {
  CLAIM_LEASE_SECONDS,
  apiPaths,
  sendErrorCodes,
  type ClaimData,
  type ReportData,
  type SendRecord,
  type SendRecordPage,
  type SendStats,
} from '@inviteflow/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages } from '../src/db/schema.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, moveClock, taskBody } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

const paths = apiPaths.sendRecords;

async function claim(h: Harness, token: string, shopId: number, limit = 5) {
  const res = await h.api.post<ClaimData>(paths.claim, { shopId, limit }, { token });
  if (res.status !== 200) throw new Error(`claim failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function record(h: Harness, token: string, id: number) {
  return (await h.api.get<SendRecord>(paths.one(id), { token })).body.data;
}

/** A seller on the pro plan with a bound shop and a task of `count` records. */
async function sellerWithTask(h: Harness, count: number) {
  const account = await signedIn(h);
  await grantPlan(h, account.tokens.user.id, 'pro');
  const shop = await bindNewShop(h, account.token, { shopName: '执行店' });
  const library = await seedTalents(
    h,
    account.tokens.user.id,
    Array.from({ length: count }, (_, i) => ({ name: `达人${i}`, platformTalentId: `dy_${i}` })),
  );
  const task = await createTask(
    h,
    account.token,
    taskBody(shop.id, { talentIds: library.map((t) => t.id) }),
  );
  return { ...account, shop, task, library };
}

async function messagesOf(h: Harness, userId: number, kind: string) {
  return h.app.db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.kind, kind)));
}

describeApi('task API', (h) => {
  it('claims pending records oldest first under a lease, with everything the page needs', async () => {
    const { token, shop } = await sellerWithTask(h(), 3);
    const now = moveClock(h(), 0);
    const res = await h().api.post<ClaimData>(
      paths.claim,
      { shopId: shop.id, limit: 2 },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 records claimed');
    const data = res.body.data;
    expect(data.leaseSeconds).toBe(CLAIM_LEASE_SECONDS);
    expect(data.skipped).toEqual([]);
    expect(data.records).toHaveLength(2);
    const [first, second] = data.records;
    expect(first!.id).toBeLessThan(second!.id);
    expect(first).toMatchObject({
      talent: { name: '达人0', platform: 'douyin', platformTalentId: 'dy_0' },
      taskType: 'free_product',
      contentType: 'vertical_video',
      setName: '春季新品',
      message: '你好 达人0，执行店 邀请你带货：',
      products: [],
      leasedUntil: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000).toISOString(),
    });
    const stored = await record(h(), token, first!.id);
    expect(stored).toMatchObject({ status: 'running', attempts: 1 });
    // The rest: one record, then nothing.
    expect((await claim(h(), token, shop.id)).records.map((r) => r.talent.name)).toEqual(['达人2']);
    expect((await claim(h(), token, shop.id)).records).toEqual([]);
  });

  it('returns the work of a lapsed lease to the next claim', async () => {
    const { token, shop } = await sellerWithTask(h(), 2);
    moveClock(h(), 0);
    const first = await claim(h(), token, shop.id);
    expect(first.records).toHaveLength(2);
    // Before the lease ends nothing is handed out again; after it, the same records are.
    moveClock(h(), CLAIM_LEASE_SECONDS * 1000 - 1000);
    expect((await claim(h(), token, shop.id)).records).toEqual([]);
    moveClock(h(), CLAIM_LEASE_SECONDS * 1000 + 1000);
    const again = await claim(h(), token, shop.id);
    expect(again.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
    expect((await record(h(), token, again.records[0]!.id)).attempts).toBe(2);
  });

  it('returns the records of a crashed extension to pending, from the scheduled job', async () => {
    const { token, shop } = await sellerWithTask(h(), 3);
    const claimedAt = moveClock(h(), 0);
    const [done, lost, other] = (await claim(h(), token, shop.id)).records;
    await h().api.post(paths.report(done!.id), { status: 'success' }, { token });
    const job = h().app.jobs.jobs.find((j) => j.name === 'release-leases');
    if (!job) throw new Error('the release-leases job is not scheduled');
    const at = (ms: number) => new Date(claimedAt.getTime() + ms);

    // While the lease holds, the records stay the extension's.
    await job.run(at(CLAIM_LEASE_SECONDS * 1000 - 1000));
    expect((await record(h(), token, lost!.id)).status).toBe('running');
    // Once it lapsed, they are pending again: listed as such, counted, editable.
    moveClock(h(), CLAIM_LEASE_SECONDS * 1000 + 1000);
    await Promise.all([
      job.run(at(CLAIM_LEASE_SECONDS * 1000 + 1000)),
      job.run(at(CLAIM_LEASE_SECONDS * 1000 + 1000)),
    ]);
    for (const id of [lost!.id, other!.id]) {
      expect(await record(h(), token, id)).toMatchObject({
        status: 'pending',
        leasedUntil: null,
        attempts: 1,
      });
    }
    expect((await record(h(), token, done!.id)).status).toBe('success');
    const pending = await h().api.get<SendRecordPage>(paths.list, {
      token,
      query: { status: 'pending' },
    });
    expect(pending.body.data.list.map((r) => r.id).sort()).toEqual([lost!.id, other!.id].sort());
    const stats = (await h().api.get<SendStats>(paths.stats, { token })).body.data;
    expect(stats.records).toMatchObject({ pending: 2, running: 0, success: 1 });
    const edited = await h().api.put<SendRecord>(
      paths.one(other!.id),
      {
        taskType: 'free_product',
        contentType: 'image_text',
        setName: '重发',
        message: '你好，再试一次',
      },
      { token },
    );
    expect(edited.status).toBe(200);

    // The crashed extension's late report still counts once; the rest is claimed again.
    const late = await h().api.post<ReportData>(
      paths.report(lost!.id),
      { status: 'success' },
      { token },
    );
    expect(late.body.data).toMatchObject({ status: 'success', changed: true });
    const again = await claim(h(), token, shop.id);
    expect(again.records.map((r) => [r.id, r.message])).toEqual([[other!.id, '你好，再试一次']]);
    expect((await record(h(), token, other!.id)).attempts).toBe(2);
  });

  it('never hands one record to two parallel claims', async () => {
    const { token, shop } = await sellerWithTask(h(), 40);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        h().api.post<ClaimData>(paths.claim, { shopId: shop.id, limit: 7 }, { token }),
      ),
    );
    expect(claims.every((c) => c.status === 200)).toBe(true);
    const ids = claims.flatMap((c) => c.body.data.records.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(40);
    expect((await claim(h(), token, shop.id)).records).toEqual([]);
  });

  it('records the first final result; a repeated or late report changes nothing', async () => {
    const { token, shop } = await sellerWithTask(h(), 2);
    const { records } = await claim(h(), token, shop.id);
    const [ok, bad] = records;
    const first = await h().api.post<ReportData>(
      paths.report(ok!.id),
      { status: 'success' },
      { token, lang: 'en-US' },
    );
    expect(first.body).toMatchObject({
      message: 'Result recorded',
      data: { id: ok!.id, status: 'success', errorCode: null, changed: true },
    });
    const repeat = await h().api.post<ReportData>(
      paths.report(ok!.id),
      { status: 'failed', errorCode: 'network', message: 'timeout' },
      { token, lang: 'en-US' },
    );
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({
      message: 'This record already has its result; nothing changed',
      data: { status: 'success', errorCode: null, changed: false },
    });
    const failed = await h().api.post<ReportData>(
      paths.report(bad!.id),
      { status: 'failed', errorCode: 'already_invited', message: '该达人本周已被邀约' },
      { token },
    );
    expect(failed.body.data).toMatchObject({ status: 'failed', errorCode: 'already_invited' });
    const stored = await record(h(), token, bad!.id);
    expect(stored).toMatchObject({
      status: 'failed',
      errorCode: 'already_invited',
      errorMessage: '该达人本周已被邀约',
      leasedUntil: null,
    });
    expect(stored.finishedAt).not.toBeNull();
    // A lapsed lease does not reopen a finished record.
    moveClock(h(), CLAIM_LEASE_SECONDS * 1000 + 1000);
    expect((await claim(h(), token, shop.id)).records).toEqual([]);
  });

  it('refuses a report without an error code, a bad code, or for a record never claimed', async () => {
    const { token, shop } = await sellerWithTask(h(), 2);
    const page = await h().api.get<SendRecordPage>(paths.list, { token });
    const unclaimed = page.body.data.list[0]!;
    const never = await h().api.post(
      paths.report(unclaimed.id),
      { status: 'success' },
      {
        token,
        lang: 'en-US',
      },
    );
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(
      'This record was never claimed; claim it before reporting its result',
    );
    const { records } = await claim(h(), token, shop.id, 1);
    const id = records[0]!.id;
    const noCode = await h().api.post(
      paths.report(id),
      { status: 'failed' },
      {
        token,
        lang: 'en-US',
      },
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('A failed result needs an error code');
    const badCode = await h().api.post(
      paths.report(id),
      { status: 'failed', errorCode: 'cosmic_rays' },
      { token, lang: 'en-US' },
    );
    expect(badCode.body.message).toBe('The error code is invalid');
    expect((await record(h(), token, id)).status).toBe('running');
  });

  it('skips a talent blacklisted after the task was made, reporting it as such', async () => {
    const { token, shop } = await sellerWithTask(h(), 3);
    await h().api.post(
      apiPaths.blacklist.list,
      { talentName: '达人0', platformTalentId: 'dy_0', fansCount: 0, reason: '投诉' },
      { token },
    );
    const res = await h().api.post<ClaimData>(
      paths.claim,
      { shopId: shop.id, limit: 3 },
      { token, lang: 'en-US' },
    );
    const data = res.body.data;
    expect(data.records.map((r) => r.talent.name)).toEqual(['达人1', '达人2']);
    expect(data.skipped).toEqual([{ id: expect.any(Number), errorCode: 'blacklisted' }]);
    const skipped = await record(h(), token, data.skipped[0]!.id);
    expect(skipped).toMatchObject({
      talentName: '达人0',
      status: 'failed',
      errorCode: 'blacklisted',
      errorMessage: 'The talent was blacklisted after the task was made: skipped, never invited',
    });
  });

  it('tells the seller once when a batch finishes with failures', async () => {
    const { token, tokens, shop, task } = await sellerWithTask(h(), 3);
    const userId = tokens.user.id;
    const { records } = await claim(h(), token, shop.id);
    await h().api.post(paths.report(records[0]!.id), { status: 'success' }, { token });
    await h().api.post(
      paths.report(records[1]!.id),
      { status: 'failed', errorCode: 'quota_exceeded' },
      { token },
    );
    expect(await messagesOf(h(), userId, 'taskBatchFailed')).toEqual([]);
    await h().api.post(
      paths.report(records[2]!.id),
      { status: 'failed', errorCode: 'page_changed' },
      { token },
    );
    await h().api.post(
      paths.report(records[2]!.id),
      { status: 'failed', errorCode: 'page_changed' },
      { token },
    );
    const messages = await messagesOf(h(), userId, 'taskBatchFailed');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      type: 'todo',
      params: { taskId: task.taskId, setName: '春季新品', shopName: '执行店', failed: 2, total: 3 },
    });
    // A batch that all succeeds says nothing.
    const clean = await sellerWithTask(h(), 1);
    const [only] = (await claim(h(), clean.token, clean.shop.id)).records;
    await h().api.post(paths.report(only!.id), { status: 'success' }, { token: clean.token });
    expect(await messagesOf(h(), clean.tokens.user.id, 'taskBatchFailed')).toEqual([]);
  });

  it('claims only for a bound shop of the caller', async () => {
    const { token, shop } = await sellerWithTask(h(), 1);
    await h().api.post(apiPaths.shops.unbind(shop.id), undefined, { token });
    const res = await h().api.post(paths.claim, { shopId: shop.id }, { token, lang: 'en-US' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Shop "执行店" is not bound; bind it on My Shops first');
    const tooMany = await h().api.post(
      paths.claim,
      { shopId: shop.id, limit: 21 },
      {
        token,
        lang: 'en-US',
      },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Limit is invalid');
  });

  it('counts the day’s activity, success rate and failure reasons for the workplace', async () => {
    const { token, shop } = await sellerWithTask(h(), 4);
    const empty = await signedIn(h());
    const nothing = (await h().api.get<SendStats>(paths.stats, { token: empty.token })).body.data;
    expect(nothing.totals).toEqual({ created: 0, succeeded: 0, failed: 0, successRate: null });
    expect(nothing.days).toHaveLength(14);
    expect(nothing.shops.list).toEqual([]);
    // Never a member: nothing ended.
    expect(nothing.membership).toMatchObject({
      level: 'none',
      dailyInvitationCap: 20,
      endedAt: null,
    });

    const { records } = await claim(h(), token, shop.id);
    await h().api.post(paths.report(records[0]!.id), { status: 'success' }, { token });
    await h().api.post(
      paths.report(records[1]!.id),
      { status: 'failed', errorCode: 'network' },
      { token },
    );
    await h().api.post(
      paths.report(records[2]!.id),
      { status: 'failed', errorCode: 'network' },
      { token },
    );
    const stats = (await h().api.get<SendStats>(paths.stats, { token, query: { days: 7 } })).body
      .data;
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toMatchObject({ created: 4, succeeded: 1, failed: 2 });
    expect(stats.totals).toEqual({ created: 4, succeeded: 1, failed: 2, successRate: 1 / 3 });
    expect(stats.topFailures).toEqual([{ errorCode: 'network', count: 2 }]);
    expect(stats.records).toEqual({ pending: 0, running: 1, success: 1, failed: 2 });
    expect(stats.talentsByStatus).toEqual([{ status: 'pending_contact', count: 4 }]);
    expect(stats.shops.counts).toEqual({ BOUND: 1, UNBOUND: 0, EXPIRED: 0 });
    expect(stats.shops.list.map((s) => s.shopName)).toEqual(['执行店']);
    expect(stats.membership).toMatchObject({
      level: 'pro',
      isActive: true,
      endedAt: null,
      dailyInvitationCap: 1000,
      usedToday: 4,
      remainingToday: 996,
    });
    const bad = await h().api.get(paths.stats, { token, query: { days: 9 }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    // Another account sees none of it.
    const theirs = (await h().api.get<SendStats>(paths.stats, { token: empty.token })).body.data;
    expect(theirs.records).toEqual({ pending: 0, running: 0, success: 0, failed: 0 });
  });

  it('reports against a lapsed lease still count once', async () => {
    const { token, shop } = await sellerWithTask(h(), 1);
    moveClock(h(), 0);
    const [first] = (await claim(h(), token, shop.id)).records;
    moveClock(h(), CLAIM_LEASE_SECONDS * 1000 + 1000);
    const [again] = (await claim(h(), token, shop.id)).records;
    expect(again!.id).toBe(first!.id);
    // The first extension reports late, the second after it: the first result stands.
    const late = await h().api.post<ReportData>(
      paths.report(first!.id),
      { status: 'success' },
      {
        token,
      },
    );
    expect(late.body.data.changed).toBe(true);
    const second = await h().api.post<ReportData>(
      paths.report(again!.id),
      { status: 'failed', errorCode: 'network' },
      { token },
    );
    expect(second.body.data).toMatchObject({ status: 'success', changed: false });
  });

  it('documents the task API in the OpenAPI document, under its own tag', async () => {
    const doc = await h().app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
    const spec = doc.json() as {
      paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
    };
    const calls = [
      spec.paths[paths.claim]?.post,
      spec.paths['/api/v1/send-records/{id}/report']?.post,
      spec.paths[apiPaths.shops.report]?.post,
    ];
    for (const call of calls) {
      expect(call?.tags).toEqual(['task API']);
      expect(call?.description?.length).toBeGreaterThan(100);
    }
    expect(calls[0]?.description).toContain('SKIP LOCKED');
    expect(calls[1]?.description).toContain('first final result wins');
    expect(JSON.stringify(spec.paths[paths.claim])).toContain('leasedUntil');
    // The tag tells the loop as a whole, with every standard error code.
    const tag = (doc.json() as { tags?: Array<{ name: string; description?: string }> }).tags?.find(
      (t) => t.name === 'task API',
    );
    expect(tag?.description).toContain('claim');
    for (const code of sendErrorCodes) expect(tag?.description).toContain(`\`${code}\``);
  });
});

import { apiPaths, type SamplePage, type SampleRequest } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  creatorEvents,
  platformSyncCursors,
  sampleRequests,
  sendRecords,
} from '../src/db/schema.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  drain,
  seller,
  talentsFor,
  tiktokSandboxCalls,
  tiktokTask,
  type Seller,
} from './support/platform-actions.ts';
import { createTask } from './support/sending.ts';

/**
 * Samples (issue 19): the sandbox's fixed creators n % 50 = 1 (here #1 and #51) accept a free
 * product invitation in 4 minutes and ask for a free sample 6 minutes later; the tiktok.samples
 * sync reads the applications, the seller approves or rejects them through the platform, and
 * the fulfilment shows the creator's content once posted.
 */

const port = await freePort();
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A seller who invited creators #1 and #51 with free samples reviewed by the seller. */
async function invited(h: Harness): Promise<{ s: Seller; taskId: number; talentIds: number[] }> {
  const s = await seller(h);
  const talentIds = await talentsFor(
    h,
    s,
    [1, 51].map((n) => sandboxCreator('US', n)),
  );
  const task = await createTask(
    h,
    s.token,
    tiktokTask(s, talentIds, { taskType: 'free_product', sampleApproval: 'review' }),
  );
  await drain(h);
  return { s, taskId: task.taskId, talentIds };
}

/**
 * Moves the sandbox's clock, and makes the shop's syncs due now. Our clock stays: the client
 * signs with the real time, which the sandbox checks against its unmoved clock.
 */
async function advance(h: Harness, ms: number) {
  h.app.tiktokShopSandbox!.advanceClock(ms / 1000);
  await h.app.db.update(platformSyncCursors).set({ dueAt: new Date(Date.now() - 1000) });
}

/** A pass of the syncs; the samples kind must not have failed (its error is shown). */
async function sync(h: Harness) {
  await h.app.platformSync.runDue();
  const cursors = await h.app.db
    .select({
      kind: platformSyncCursors.kind,
      error: platformSyncCursors.errorCode,
      answer: platformSyncCursors.answer,
    })
    .from(platformSyncCursors);
  expect(cursors.filter((c) => c.kind === 'tiktok.samples' && c.error)).toEqual([]);
}

async function list(h: Harness, token: string, query = '', lang?: 'en-US') {
  const res = await h.api.get<SamplePage>(`${apiPaths.samples.list}${query}`, {
    token,
    ...(lang ? { lang } : {}),
  });
  return res;
}

async function review(
  h: Harness,
  token: string,
  id: number | string,
  body: unknown,
  lang?: 'en-US',
) {
  return h.api.post<SampleRequest>(apiPaths.samples.review(id), body, {
    token,
    ...(lang ? { lang } : {}),
  });
}

describeApi(
  'samples: sample requests synced from the platform, reviewed from the console',
  (h) => {
    listenEachTest(h, port);

    it('syncs the requests once (re-read, restart), approves and rejects through the sandbox, then shows the content', async () => {
      const { s, taskId, talentIds } = await invited(h());
      // Nothing asked yet.
      await sync(h());
      expect((await list(h(), s.token)).body.data.total).toBe(0);

      await advance(h(), 11 * MINUTE);
      await sync(h());
      const page = (await list(h(), s.token)).body.data;
      expect(page.total).toBe(2);
      for (const sample of page.list) {
        expect(sample.status).toBe('pending');
        expect(sample.platformStatus).toBe('PENDING');
        expect(sample.reviewable).toBe(true);
        expect(sample.shopName).toBe(s.shop.shopName);
        expect(sample.productTitle).not.toBe('');
        expect(talentIds).toContain(sample.talentId);
        expect(new Date(sample.approveExpiresAt!).getTime()).toBeGreaterThan(
          h().app.clock.now().getTime(),
        );
      }
      // The records reached "sample requested".
      const stages = await h()
        .app.db.select({ stage: sendRecords.stage })
        .from(sendRecords)
        .where(eq(sendRecords.taskId, taskId));
      expect(stages.map((r) => r.stage)).toEqual(['sample_requested', 'sample_requested']);

      // Read again, and from the start as after a restart: nothing new, nothing twice.
      await advance(h(), 6 * MINUTE);
      await sync(h());
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      await sync(h());
      const rows = await h()
        .app.db.select()
        .from(sampleRequests)
        .where(eq(sampleRequests.shopId, s.shop.id));
      expect(rows).toHaveLength(2);
      const facts = await h()
        .app.db.select({ kind: creatorEvents.kind })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(facts.filter((f) => f.kind === 'sample_requested')).toHaveLength(2);

      // Filters: by talent, by status.
      const [first, second] = page.list as [SampleRequest, SampleRequest];
      const byTalent = (await list(h(), s.token, `?talentId=${first.talentId}`)).body.data;
      expect(byTalent.list.map((r) => r.id)).toEqual([first.id]);
      expect((await list(h(), s.token, '?status=approved')).body.data.total).toBe(0);
      expect((await list(h(), s.token, `?shopId=${s.shop.id}`)).body.data.total).toBe(2);

      // Approve: the sandbox receives APPROVE, the request moves on.
      const approved = await review(h(), s.token, first.id, { result: 'approve' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.data.status).toBe('approved');
      expect(approved.body.data.reviewable).toBe(false);
      const calls = await tiktokSandboxCalls(h(), '/affiliate_seller/202507/sample_applications/');
      expect(calls.map((c) => c.body)).toEqual([{ review_result: 'APPROVE' }]);

      // Reject needs the platform's reason, in the caller's language.
      const noReason = await review(h(), s.token, second.id, { result: 'reject' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toContain('拒绝原因');
      const noReasonEn = await review(h(), s.token, second.id, { result: 'reject' }, 'en-US');
      expect(noReasonEn.status).toBe(400);
      expect(noReasonEn.body.message).toContain('Choose a reason');
      const badReason = await review(h(), s.token, second.id, {
        result: 'reject',
        reason: 'UGLY',
      });
      expect(badReason.status).toBe(400);
      const rejected = await review(h(), s.token, second.id, {
        result: 'reject',
        reason: 'OUT_OF_STOCK',
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body.data.status).toBe('rejected');
      const after = await tiktokSandboxCalls(h(), '/affiliate_seller/202507/sample_applications/');
      expect(after.map((c) => c.body)).toEqual([
        { review_result: 'APPROVE' },
        { review_result: 'REJECT', reject_reason: 'OUT_OF_STOCK' },
      ]);

      // Only a pending request is reviewed: refused before the platform is asked.
      const again = await review(h(), s.token, first.id, { result: 'reject', reason: 'OTHER' });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('不在待审核');
      const againEn = await review(h(), s.token, second.id, { result: 'approve' }, 'en-US');
      expect(againEn.status).toBe(409);
      expect(againEn.body.message).toContain('no longer waiting');
      expect(
        await tiktokSandboxCalls(h(), '/affiliate_seller/202507/sample_applications/'),
      ).toHaveLength(2);

      // The platform's own statuses, read back by the sync.
      await advance(h(), 6 * MINUTE);
      await sync(h());
      const synced = (await list(h(), s.token)).body.data.list;
      const byId = new Map(synced.map((r) => [r.id, r]));
      expect(byId.get(first.id)!.platformStatus).toBe('AWAITING_SHIPMENT');
      expect(byId.get(first.id)!.status).toBe('approved');
      expect(byId.get(second.id)!.platformStatus).toBe('REJECT_CANCELLED');
      expect(byId.get(second.id)!.status).toBe('rejected');

      // Shipped a day later, delivered three days after; the content comes within days.
      await advance(h(), 2 * DAY);
      await sync(h());
      const shipped = (await list(h(), s.token, `?talentId=${first.talentId}`)).body.data.list[0]!;
      expect(shipped.status).toBe('shipped');
      expect(shipped.fulfilment!.trackingNumber).toMatch(/^SBX/);
      await advance(h(), 10 * DAY);
      await sync(h());
      const done = (await list(h(), s.token, `?talentId=${first.talentId}`)).body.data.list[0]!;
      expect(done.status).toBe('completed');
      expect(done.fulfilment!.contents).toHaveLength(1);
      expect(done.fulfilment!.contents[0]!.url).toMatch(/^https:\/\/www\.tiktok\.com\//);
      const posted = await h()
        .app.db.select({ kind: creatorEvents.kind, key: creatorEvents.platformKey })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(posted.filter((f) => f.key.startsWith('sample:'))).toEqual([
        {
          kind: 'content_posted',
          key: `sample:${rows.find((r) => r.id === first.id)!.platformApplicationId}`,
        },
      ]);
      // Read once more: the content is not a new fact.
      await advance(h(), 6 * MINUTE);
      await sync(h());
      const ofSamples = (facts: Array<{ kind: string; key: string }>) =>
        facts.filter((f) => f.kind === 'sample_requested' || f.key.startsWith('sample:'));
      const count = await h()
        .app.db.select({ kind: creatorEvents.kind, key: creatorEvents.platformKey })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(ofSamples(count)).toHaveLength(3);
      expect(ofSamples(posted)).toHaveLength(3);
    });

    it("refuses a review after the deadline, and another account's request answers 404", async () => {
      const { s } = await invited(h());
      await advance(h(), 11 * MINUTE);
      await sync(h());
      const [sample] = (await list(h(), s.token)).body.data.list as [SampleRequest];

      const other = await signedIn(h());
      expect((await review(h(), other.token, sample.id, { result: 'approve' })).status).toBe(404);
      expect((await list(h(), other.token)).body.data.total).toBe(0);
      expect((await review(h(), s.token, 2 ** 31 - 1, { result: 'approve' })).status).toBe(404);
      expect((await review(h(), s.token, 'abc', { result: 'approve' })).status).toBe(400);
      expect((await list(h(), s.token, '?status=lost')).status).toBe(400);

      // Past the platform's deadline to approve (our clock only: the sandbox is not asked).
      const late = new Date(new Date(sample.approveExpiresAt!).getTime() + 1000);
      h().app.clock.now = () => late;
      expect((await list(h(), s.token)).body.data.list[0]!.reviewable).toBe(false);
      const refused = await review(h(), s.token, sample.id, { result: 'approve' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('审核截止时间');
      expect(
        await tiktokSandboxCalls(h(), '/affiliate_seller/202507/sample_applications/'),
      ).toHaveLength(0);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

import { apiPaths, type FollowUp, type Talent } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { creatorEvents, platformSyncCursors, sendRecords } from '../src/db/schema.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  drain,
  records,
  seller,
  talentsFor,
  tiktokTask,
  type Seller,
} from './support/platform-actions.ts';
import { createTask } from './support/sending.ts';

/**
 * The platform syncs (issue 19): after a task's target collaboration is created in the sandbox
 * TikTok Shop, its creators answer over sandbox time (fixed creators: n % 50 = 1 accepts in 4
 * minutes, 2 declines in 5, 3 never answers); a sync pass reads the collaboration and each
 * record moves on, its talent with it, once however often the platform is read.
 */

const port = await freePort();

async function invited(h: Harness): Promise<{ s: Seller; taskId: number; talentIds: number[] }> {
  const s = await seller(h);
  const creators = [1, 2, 3].map((n) => sandboxCreator('US', n));
  const talentIds = await talentsFor(h, s, creators);
  const task = await createTask(h, s.token, tiktokTask(s, talentIds));
  await drain(h);
  return { s, taskId: task.taskId, talentIds };
}

async function talent(h: Harness, token: string, id: number) {
  const res = await h.api.get<Talent>(apiPaths.talents.one(id), { token });
  return res.body.data;
}

async function followUps(h: Harness, token: string, id: number): Promise<FollowUp[]> {
  const res = await h.api.get<{ list: FollowUp[] }>(apiPaths.talents.followUps(id), { token });
  return res.body.data.list;
}

async function stages(h: Harness, taskId: number) {
  const rows = await h.app.db
    .select({
      talentId: sendRecords.talentId,
      stage: sendRecords.stage,
      acceptedAt: sendRecords.acceptedAt,
      declinedAt: sendRecords.declinedAt,
    })
    .from(sendRecords)
    .where(eq(sendRecords.taskId, taskId))
    .orderBy(sendRecords.id);
  return rows;
}

describeApi(
  'platform syncs: what creators did after an invitation',
  (h) => {
    listenEachTest(h, port);

    it('moves records and talents on acceptance and decline, once, and not before the creator answers', async () => {
      const { s, taskId, talentIds } = await invited(h());
      const [accepts, declines, silent] = talentIds as [number, number, number];
      expect((await records(h(), s.token, taskId)).map((r) => r.status)).toEqual([
        'success',
        'success',
        'success',
      ]);

      // Nothing answered yet: a pass reads the collaboration and moves nothing.
      expect(await h().app.platformSync.runDue()).toBe(0);
      expect((await stages(h(), taskId)).map((r) => r.stage)).toEqual([null, null, null]);

      h().app.tiktokShopSandbox!.advanceClock(10 * 60);
      // The cursor is due again only after its period: move our clock past it.
      const later = new Date(h().app.clock.now().getTime() + 2 * 60_000);
      h().app.clock.now = () => later;
      expect(await h().app.platformSync.runDue()).toBe(2);
      const after = await stages(h(), taskId);
      expect(after.map((r) => r.stage)).toEqual(['accepted', 'declined', null]);
      expect(after[0]!.acceptedAt).not.toBeNull();
      expect(after[1]!.declinedAt).not.toBeNull();

      expect((await talent(h(), s.token, accepts)).status).toBe('cooperating');
      expect((await talent(h(), s.token, silent)).status).toBe('pending_contact');
      const history = await followUps(h(), s.token, accepts);
      expect(history.map((f) => [f.author, f.statusAtTime])).toEqual([['system', 'cooperating']]);
      const declined = await followUps(h(), s.token, declines);
      expect(declined.map((f) => f.author)).toEqual(['system']);

      // Read again (the next period), and from the start as after a restart: nothing twice.
      const again = new Date(later.getTime() + 2 * 60_000);
      h().app.clock.now = () => again;
      expect(await h().app.platformSync.runDue()).toBe(0);
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      expect(await h().app.platformSync.runDue()).toBe(0);
      expect(await followUps(h(), s.token, accepts)).toHaveLength(1);
      const facts = await h()
        .app.db.select({ kind: creatorEvents.kind })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(facts.map((f) => f.kind).sort()).toEqual(['accepted', 'declined']);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

import { apiPaths, type FollowUp, type Talent } from '@inviteflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  creatorEvents,
  platformConnections,
  platformSyncCursors,
  sendRecords,
} from '../src/db/schema.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { connectSandboxSeller } from './support/platforms.ts';
import {
  connectedSeller,
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

/** A seller with the shop of the sandbox's numbered seller `us-<n>` connected. */
function numberedSeller(h: Harness, n: number): Promise<Seller> {
  return connectedSeller(
    h,
    async (token) => (await connectSandboxSeller(h, token, `us-${n}`))[0]!,
    [],
  );
}

/** A shop's sync cursors, by kind. */
async function cursorsOf(h: Harness, shopId: number) {
  return h.app.db
    .select({ kind: platformSyncCursors.kind, lastRunAt: platformSyncCursors.lastRunAt })
    .from(platformSyncCursors)
    .where(eq(platformSyncCursors.shopId, shopId))
    .orderBy(platformSyncCursors.kind);
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

    it('makes a shop’s cursors when it is connected and drops them when it is unbound or its connection removed; a pass claims only due cursors', async () => {
      const app = h().app;
      const TIKTOK_KINDS = [
        'tiktok.collaborations',
        'tiktok.conversations',
        'tiktok.orders',
        'tiktok.samples',
      ];
      // Connected: its cursors are there, due at once, before any pass has run.
      const s = await seller(h());
      expect(await cursorsOf(h(), s.shop.id)).toEqual(
        TIKTOK_KINDS.map((kind) => ({ kind, lastRunAt: null })),
      );
      const [row] = await app.db
        .select({ dueAt: platformSyncCursors.dueAt })
        .from(platformSyncCursors)
        .where(eq(platformSyncCursors.shopId, s.shop.id))
        .limit(1);
      expect(row!.dueAt.getTime()).toBeLessThanOrEqual(app.clock.now().getTime());

      // A pass claims the due cursors only: three of the four wait an hour.
      const later = new Date(app.clock.now().getTime() + 3_600_000);
      await app.db
        .update(platformSyncCursors)
        .set({ dueAt: later })
        .where(
          and(
            eq(platformSyncCursors.shopId, s.shop.id),
            // Every kind but the orders.
            sql`${platformSyncCursors.kind} <> 'tiktok.orders'`,
          ),
        );
      await app.platformSync.runDue();
      expect((await cursorsOf(h(), s.shop.id)).filter((c) => c.lastRunAt)).toEqual([
        { kind: 'tiktok.orders', lastRunAt: expect.any(Date) },
      ]);

      // Unbound: its cursors go with it, in the unbind's own statement.
      const unbound = await h().api.post(apiPaths.shops.unbind(s.shop.id), undefined, {
        token: s.token,
      });
      expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
      expect(await cursorsOf(h(), s.shop.id)).toEqual([]);

      // Another seller's shop connected has cursors; its connection removed (the shops' link
      // set null), they go too.
      const other = await numberedSeller(h(), 1);
      expect(other.shop.id).not.toBe(s.shop.id);
      expect((await cursorsOf(h(), other.shop.id)).map((c) => c.kind)).toEqual(TIKTOK_KINDS);
      await app.db.delete(platformConnections).where(eq(platformConnections.userId, other.userId));
      expect(await cursorsOf(h(), other.shop.id)).toEqual([]);
      expect(await app.platformSync.runDue()).toBe(0);

      // The start-up repair: a connected shop's missing cursor made, a stray one dropped;
      // a second run finds nothing to do.
      const third = await numberedSeller(h(), 2);
      await app.db
        .delete(platformSyncCursors)
        .where(
          and(
            eq(platformSyncCursors.shopId, third.shop.id),
            eq(platformSyncCursors.kind, 'tiktok.samples'),
          ),
        );
      await app.db.insert(platformSyncCursors).values({
        shopId: s.shop.id,
        userId: s.userId,
        kind: 'tiktok.orders',
        dueAt: new Date(0),
      });
      expect(await app.platformSync.prepare()).toEqual({ made: 1, dropped: 1 });
      expect((await cursorsOf(h(), third.shop.id)).map((c) => c.kind)).toEqual(TIKTOK_KINDS);
      expect(await cursorsOf(h(), s.shop.id)).toEqual([]);
      expect(await app.platformSync.prepare()).toEqual({ made: 0, dropped: 0 });
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

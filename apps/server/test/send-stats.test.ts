import { apiPaths, type SendStats } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, signedIn } from './support/harness.ts';
import {
  bindNewShop,
  createTask,
  grantPlan,
  runBrowserAction,
  taskBody,
} from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

const paths = apiPaths.sendRecords;

describeApi('workplace figures', (h) => {
  it('counts the day’s activity, success rate and failure reasons for the workplace', async () => {
    const account = await signedIn(h());
    const { token } = account;
    await grantPlan(h(), account.tokens.user.id, 'pro');
    const shop = await bindNewShop(h(), token, { shopName: '执行店' });
    const library = await seedTalents(
      h(),
      account.tokens.user.id,
      Array.from({ length: 4 }, (_, i) => ({ name: `达人${i}`, platformTalentId: `dy_${i}` })),
    );
    await createTask(h(), token, taskBody(shop.id, { talentIds: library.map((t) => t.id) }));

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

    // A browser run: one sent, two refused for their talent, one not attempted (pending again).
    await runBrowserAction(h(), token, shop.id, (_, index) =>
      index === 0 ? 'sent' : index === 3 ? null : 'talent_ineligible',
    );
    const stats = (await h().api.get<SendStats>(paths.stats, { token, query: { days: 7 } })).body
      .data;
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toMatchObject({ created: 4, succeeded: 1, failed: 2 });
    expect(stats.totals).toEqual({ created: 4, succeeded: 1, failed: 2, successRate: 1 / 3 });
    expect(stats.topFailures).toEqual([{ errorCode: 'talent_ineligible', count: 2 }]);
    expect(stats.records).toEqual({ pending: 1, running: 0, success: 1, failed: 2 });
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
});

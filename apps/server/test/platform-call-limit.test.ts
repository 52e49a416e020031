import { apiPaths, type CreatorSearchPage } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import type { SandboxCall } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import type { Harness } from './support/harness.ts';
import { describeApi } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  drain,
  plainCreators,
  platformCalls,
  records,
  seller,
  talentsFor,
  tiktokTask,
} from './support/platform-actions.ts';
import { createTask } from './support/sending.ts';

/**
 * One limit on every call this server makes to a shop, whoever makes it (the executor, the
 * syncs, the creator marketplace route): TikTok Shop counts its rate limit per app, shop and
 * API ("Rate limits", partner.tiktokshop.com/docv2 developer-guide/tiktok-shop-api-concepts/
 * rate-limits), and so does its sandbox. The server may make PLATFORM_CALLS_PER_SHOP_PER_SECOND
 * (3 here) a second per shop and API; the sandbox takes 4 (one spare: a call sent at the very
 * end of our second may arrive in the sandbox's next). Callers with a limit each of their own
 * would make 6 a second together, and the sandbox would refuse some.
 */

const port = await freePort();
const PER_SECOND = 3;
const SANDBOX_PER_SECOND = PER_SECOND + 1;
const SEARCH_PATH = '/affiliate_seller/202508/marketplace_creators/search';
const COLLABORATIONS_PATH = '/affiliate_seller/202508/target_collaborations';

/** Runs the executor until the task has nothing pending or running. */
async function settle(h: Harness, token: string, taskId: number) {
  await expect
    .poll(
      async () => {
        await drain(h);
        const calls = await platformCalls(h, token, taskId);
        return calls.counts.pending + calls.counts.running;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(0);
}

/** The most calls of one API the sandbox received in any one of its seconds. */
function busiestSecond(calls: readonly SandboxCall[]): number {
  const perSecond = new Map<number, number>();
  for (const call of calls) {
    const second = Math.floor(call.at.getTime() / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return Math.max(0, ...perSecond.values());
}

/** The calls the sandbox refused for the rate limit (HTTP 429, 36009002). */
const throttled = (calls: readonly SandboxCall[]) =>
  calls.filter((c) => c.httpStatus === 429 || c.code === 36009002);

describeApi(
  'platform calls: one limit per shop and API for every caller',
  (h) => {
    listenEachTest(h, port);

    it('the executor, a sync pass and the creator marketplace of one shop together stay within the limit', async () => {
      const s = await seller(h());
      const sandbox = h().app.tiktokShopSandbox!;
      sandbox.configure({ rateLimitPerSecond: SANDBOX_PER_SECOND });

      // Seven collaborations of 50 creators for the sync to read (the executor makes them).
      const invited = await talentsFor(h(), s, plainCreators(350, 1));
      const first = await createTask(h(), s.token, tiktokTask(s, invited));
      await settle(h(), s.token, first.taskId);
      const before = await sandbox.calls({ limit: 10_000 });
      const creates = before.filter((c) => c.path === COLLABORATIONS_PATH && c.method === 'POST');
      expect(creates.filter((c) => c.code === 0)).toHaveLength(7);
      const afterId = before.at(-1)!.id;

      // Then, at once: the executor resolves nine talents known by handle only (Search Creator
      // on Marketplace, one call each), the seller searches the marketplace nine times
      // through the same shop (the same API), and a sync pass reads the seven collaborations.
      const handles = plainCreators(9, 600);
      const byHandle = await talentsFor(h(), s, handles, { withOpenId: false });
      const second = await createTask(
        h(),
        s.token,
        tiktokTask(s, byHandle, { setName: 'By handle', collaborationName: 'By handle' }),
      );
      const searches = handles.map((creator) =>
        h().api.get<CreatorSearchPage>(
          `${apiPaths.creatorMarketplace.search}?${new URLSearchParams({
            shopId: String(s.shop.id),
            keyword: creator.username,
          })}`,
          { token: s.token },
        ),
      );
      const [answers, applied] = await Promise.all([
        Promise.all(searches),
        h().app.platformSync.runDue(),
        settle(h(), s.token, second.taskId),
      ]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(applied).toBeGreaterThanOrEqual(0);
      expect((await records(h(), s.token, second.taskId)).map((r) => r.status)).toEqual(
        handles.map(() => 'success'),
      );

      const calls = await sandbox.calls({ afterId, limit: 10_000 });
      const search = calls.filter((c) => c.path === SEARCH_PATH);
      const details = calls.filter(
        (c) => c.method === 'GET' && c.path.startsWith(`${COLLABORATIONS_PATH}/`),
      );
      // Every caller's calls were made (the executor's nine and the route's nine searches, the
      // sync's seven reads), none refused, and no API of the shop ever had more than its
      // limit's worth in a second.
      expect(search.length).toBeGreaterThanOrEqual(18);
      expect(details.length).toBeGreaterThanOrEqual(7);
      expect(throttled(calls)).toEqual([]);
      expect(busiestSecond(search)).toBeLessThanOrEqual(SANDBOX_PER_SECOND);
      expect(busiestSecond(details)).toBeLessThanOrEqual(SANDBOX_PER_SECOND);
      // Eighteen searches at three a second take five seconds at least.
      const span = search.at(-1)!.at.getTime() - search[0]!.at.getTime();
      expect(span).toBeGreaterThanOrEqual(((18 - PER_SECOND) / PER_SECOND) * 1000 - 100);
    });
  },
  {
    config: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PLATFORM_CALLS_PER_SHOP_PER_SECOND: String(PER_SECOND),
    },
  },
);

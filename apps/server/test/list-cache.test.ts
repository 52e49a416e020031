import {
  apiPaths,
  type BrowserClaimData,
  type CountData,
  type Envelope,
  type SendRecordPage,
  type TalentPage,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { talents } from '../src/db/schema.ts';
import { ApiClient, describeApi, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, moveClock, taskBody } from './support/sending.ts';
import { addTalent, seedTalents } from './support/talents.ts';

/*
 * The list cache is proven by writing around the API: a rename made straight in the
 * database stays unseen while the cached answer is served, and shows as soon as the
 * account writes through the API (or a job changes its data). Without the cache the
 * rename shows at once, which is what PostgreSQL without Redis must do.
 */

async function names(api: ApiClient, token: string, query: Record<string, string> = {}) {
  const res = await api.get<TalentPage>(apiPaths.talents.list, { token, query });
  expect(res.status).toBe(200);
  return res.body.data.list.map((talent) => talent.name);
}

async function renameBehindTheApi(h: Harness, id: number, name: string) {
  await h.app.db.update(talents).set({ name }).where(eq(talents.id, id));
}

describeApi('list cache', (h) => {
  it('answers a repeated list from the cache until the account writes', async () => {
    const { token, tokens } = await signedIn(h());
    const talent = await addTalent(h(), token, { name: '原名' });
    expect(await names(h().api, token)).toEqual(['原名']);
    const count = await h().api.get<CountData>(apiPaths.talents.count, { token });
    expect(count.body.data.total).toBe(1);

    await renameBehindTheApi(h(), talent.id, '改名');
    await seedTalents(h(), tokens.user.id, [{ name: '暗中加入' }]);
    if (h().kind === 'postgres') {
      // Several processes may share PostgreSQL and no Redis answers: nothing is cached.
      expect(h().app.listCache.enabled).toBe(false);
      expect(await names(h().api, token)).toHaveLength(2);
      return;
    }
    expect(h().app.listCache.enabled).toBe(true);
    expect(await names(h().api, token)).toEqual(['原名']);
    expect((await h().api.get<CountData>(apiPaths.talents.count, { token })).body.data.total).toBe(
      1,
    );

    // Any write of the account (here: adding a talent) drops all its cached answers.
    await addTalent(h(), token, { name: '新人' });
    expect((await names(h().api, token)).sort()).toEqual(['改名', '新人', '暗中加入'].sort());
    expect((await h().api.get<CountData>(apiPaths.talents.count, { token })).body.data.total).toBe(
      3,
    );
  });

  it('keeps accounts, languages and filters apart', async () => {
    const first = await signedIn(h());
    const second = await signedIn(h());
    await addTalent(h(), first.token, { name: '甲的达人' });
    await addTalent(h(), second.token, { name: '乙的达人' });
    expect(await names(h().api, first.token)).toEqual(['甲的达人']);
    expect(await names(h().api, second.token)).toEqual(['乙的达人']);
    expect(await names(h().api, first.token, { name: '乙' })).toEqual([]);

    const zh = await h().api.get<TalentPage>(apiPaths.talents.list, { token: first.token });
    const en = await h().api.get<TalentPage>(apiPaths.talents.list, {
      token: first.token,
      lang: 'en-US',
    });
    expect(zh.body.message).toBe('操作成功');
    expect(en.body.message).toBe('Success');
    expect(en.body.data).toEqual(zh.body.data);

    // One account's write leaves the other's answers alone, and drops its own.
    const secondTalent = (await names(h().api, second.token))[0];
    expect(secondTalent).toBe('乙的达人');
    await addTalent(h(), first.token, { name: '甲的新达人' });
    expect((await names(h().api, first.token)).sort()).toEqual(['甲的达人', '甲的新达人'].sort());
    expect(await names(h().api, second.token)).toEqual(['乙的达人']);
  });

  it('apps built on one database share the versions, as replicas do through Redis', async () => {
    const { token } = await signedIn(h());
    await addTalent(h(), token, { name: '原名' });
    const otherApi = new ApiClient(
      await h()
        .replica()
        .then((app) => () => app),
    );
    expect(await names(otherApi, token)).toEqual(['原名']);
    await addTalent(h(), token, { name: '新人' });
    expect((await names(otherApi, token)).sort()).toEqual(['原名', '新人'].sort());
  });

  it('shows records the browser lease job returned to pending', async () => {
    const account = await signedIn(h());
    await grantPlan(h(), account.tokens.user.id, 'pro');
    const shop = await bindNewShop(h(), account.token, { shopName: '缓存店' });
    const library = await seedTalents(h(), account.tokens.user.id, [
      { name: '达人甲', platformTalentId: 'dy_cache_1' },
    ]);
    await createTask(
      h(),
      account.token,
      taskBody(shop.id, { talentIds: library.map((t) => t.id) }),
    );
    const claimedAt = moveClock(h(), 0);
    // A browser takes the action and goes away for good (never reports).
    const claimed = await h().api.post<BrowserClaimData>(
      apiPaths.extension.claim,
      { shopId: shop.id },
      { token: account.token },
    );
    expect(claimed.body.data.action?.records).toHaveLength(1);
    const statuses = async () =>
      (
        await h().api.get<SendRecordPage>(apiPaths.sendRecords.list, { token: account.token })
      ).body.data.list.map((record) => record.status);
    expect(await statuses()).toEqual(['running']);

    const job = h().app.jobs.jobs.find((j) => j.name === 'browser-leases');
    if (!job) throw new Error('the browser-leases job is not scheduled');
    await job.run(new Date(claimedAt.getTime() + 3_600_000));
    expect(await statuses()).toEqual(['pending']);
  });
});

describeApi(
  'list cache across replicas',
  (h) => {
    it('a write on one replica shows in the next list on the other', async () => {
      const { token, tokens } = await signedIn(h());
      const talent = await addTalent(h(), token, { name: '原名' });
      const other = await h().replica();
      // The other replica is asked over a connection, as a browser asks it: a request
      // then arrives after whatever Redis already told that replica.
      const base = await other.listen({ host: '127.0.0.1', port: 0 });
      const namesThere = async () => {
        const res = await fetch(`${base}${apiPaths.talents.list}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as Envelope<TalentPage>).data.list.map((t) => t.name);
      };
      expect(await namesThere()).toEqual(['原名']);
      await renameBehindTheApi(h(), talent.id, '改名');
      // The other replica still serves its answer: it is cached there.
      expect(await namesThere()).toEqual(['原名']);
      // A write through the first replica changes the version both read in Redis: the
      // other replica's next list is filed under the new version, so it reads afresh.
      expect(h().app.listCache.versionKey(tokens.user.id)).toBeTruthy();
      await addTalent(h(), token, { name: '新人' });
      expect((await namesThere()).sort()).toEqual(['改名', '新人'].sort());
    });
  },
  { redis: true },
);

describeApi(
  'list cache turned off',
  (h) => {
    it('LIST_CACHE_MB=0 reads every list from the database', async () => {
      const { token } = await signedIn(h());
      const talent = await addTalent(h(), token, { name: '原名' });
      expect(await names(h().api, token)).toEqual(['原名']);
      await renameBehindTheApi(h(), talent.id, '改名');
      expect(h().app.listCache.enabled).toBe(false);
      expect(await names(h().api, token)).toEqual(['改名']);
    });
  },
  { config: { LIST_CACHE_MB: '0' } },
);

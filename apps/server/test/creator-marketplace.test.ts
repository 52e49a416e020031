import {
  apiPaths,
  type AddFoundCreatorsResult,
  type CreatorSearchPage,
  type Talent,
} from '@inviteflow/contract';
import { expect, it } from 'vitest';
import {
  sandboxCreator,
  sandboxProductId,
  sandboxScopes,
  sandboxSellers,
} from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { connectedSeller, ENDS_AT, type ConnectedSeller } from './support/platform-actions.ts';
import { connectSandboxSeller } from './support/platforms.ts';
import { bindNewShop, createTask } from './support/sending.ts';
import { addTalent } from './support/talents.ts';

/**
 * Find creators (issue 19) against the embedded sandbox TikTok Shop: the marketplace search
 * through a shop's authorization with the documented filters, each creator marked against the
 * library, the blacklist and the cool-down, and found creators added to the library.
 */

const port = await freePort();
const US = sandboxSellers[0]!.shops[0]!;
const paths = apiPaths.creatorMarketplace;
const SEARCH_PATH = '/affiliate_seller/202508/marketplace_creators/search';

function seller(h: Harness, scopes?: readonly string[]): Promise<ConnectedSeller> {
  return connectedSeller(
    h,
    async (token) => {
      const shops = await connectSandboxSeller(h, token, 'local-us', scopes);
      return shops.find((s) => s.shopCode === US.code) ?? shops[0]!;
    },
    [{ productId: sandboxProductId(US, 1), productName: 'Sandbox product 1' }],
  );
}

function search(h: Harness, token: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return h.api.get<CreatorSearchPage>(`${paths.search}?${params}`, { token });
}

describeApi(
  'find creators: the creator marketplace through a shop',
  (h) => {
    listenEachTest(h, port);

    it('finds a creator by its handle with the platform’s figures, and pages as the platform pages', async () => {
      const s = await seller(h());
      const creator = sandboxCreator('US', 5);
      const found = await search(h(), s.token, { shopId: s.shop.id, keyword: creator.username });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const hit = found.body.data.creators.find((c) => c.openId === creator.openId);
      expect(hit).toMatchObject({
        handle: creator.username,
        nickname: creator.nickname,
        region: 'US',
        followerCount: creator.followerCount,
        avgVideoViews: creator.avgVideoViews,
        avgLiveViewers: creator.avgLiveUv,
        talentId: null,
        blacklisted: false,
        lastInvitedAt: null,
      });

      // Without a shop: the account's TikTok shop bound by authorization searches.
      const byDefault = await search(h(), s.token, { keyword: creator.username });
      expect(byDefault.body.data.creators.map((c) => c.openId)).toContain(creator.openId);
      // An account with no such shop: an empty page, nothing asked of the platform.
      const nobody = await signedIn(h());
      const empty = await search(h(), nobody.token, { keyword: creator.username });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual({ creators: [], nextPageToken: null, searchKey: null });

      const first = await search(h(), s.token, { shopId: s.shop.id, pageSize: 12 });
      expect(first.body.data.creators).toHaveLength(12);
      expect(first.body.data.nextPageToken).toBeTruthy();
      const second = await search(h(), s.token, {
        shopId: s.shop.id,
        pageSize: 12,
        pageToken: first.body.data.nextPageToken!,
        searchKey: first.body.data.searchKey!,
      });
      expect(second.status).toBe(200);
      const seen = new Set(first.body.data.creators.map((c) => c.openId));
      expect(second.body.data.creators.some((c) => seen.has(c.openId))).toBe(false);
    });

    it('sends the filters as the document names them, and every creator found meets them', async () => {
      const s = await seller(h());
      const before = await h().app.tiktokShopSandbox!.calls({ pathPrefix: SEARCH_PATH });
      const res = await search(h(), s.token, {
        shopId: s.shop.id,
        followersMin: 10_000,
        followersMax: 200_000,
        gender: 'FEMALE',
        genderShareMin: 60,
        ageRanges: 'AGE_RANGE_18_24,AGE_RANGE_25_34',
        gmvRanges: 'GMV_RANGE_1000_10000,GMV_RANGE_10000_AND_ABOVE',
        unitsSoldRanges: 'UNITS_SOLD_RANGE_100_1000,UNITS_SOLD_RANGE_1000_AND_ABOVE',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.creators.length).toBeGreaterThan(0);
      for (const c of res.body.data.creators) {
        expect(c.followerCount).toBeGreaterThanOrEqual(10_000);
        expect(c.followerCount).toBeLessThanOrEqual(200_000);
        expect(
          c.majorGender?.gender === 'FEMALE' ? c.majorGender.percent : 0,
        ).toBeGreaterThanOrEqual(60);
      }
      const calls = await h().app.tiktokShopSandbox!.calls({
        pathPrefix: SEARCH_PATH,
        afterId: before.at(-1)?.id ?? 0,
      });
      expect(calls.at(-1)!.body).toEqual({
        follower_demographics: {
          count_range: { count_ge: 10_000, count_le: 200_000 },
          age_ranges: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34'],
          gender_distribution: { gender: 'FEMALE', percentage_ge: 6000 },
        },
        gmv_ranges: ['GMV_RANGE_1000_10000', 'GMV_RANGE_10000_AND_ABOVE'],
        units_sold_ranges: ['UNITS_SOLD_RANGE_100_1000', 'UNITS_SOLD_RANGE_1000_AND_ABOVE'],
      });
    });

    it('marks creators already in the library, blacklisted, or invited to the shop within the cool-down', async () => {
      const s = await seller(h());
      const [inLibrary, listed, invited] = [11, 12, 13].map((n) => sandboxCreator('US', n));
      const talent = await addTalent(h(), s.token, {
        platform: 'tiktok',
        platformTalentId: inLibrary!.username,
        name: 'In the library',
      });
      const blacklisted = await h().api.post(
        apiPaths.blacklist.list,
        {
          talentName: 'Listed',
          platformTalentId: listed!.username,
          fansCount: 10,
          reason: 'no show',
        },
        { token: s.token },
      );
      expect(blacklisted.status).toBe(200);
      const invitee = await addTalent(h(), s.token, {
        platform: 'tiktok',
        platformTalentId: invited!.username,
        creatorUserOpenId: invited!.openId,
        name: 'Invited',
      });
      await createTask(h(), s.token, {
        shopId: s.shop.id,
        taskType: 'targeted_product',
        contentType: 'vertical_video',
        filterType: 'manual',
        talentIds: [invitee.id],
        productTemplateIds: [s.productTemplateIds[0]!],
        script: 'Hello',
        setName: 'Marks',
        collaborationName: 'Marks',
        endsAt: ENDS_AT.toISOString(),
        commissionRates: { [String(s.productTemplateIds[0])]: 1500 },
        contactEmail: 'team@sunny.example',
      });

      const marks = new Map<string, CreatorSearchPage['creators'][number]>();
      for (const c of [inLibrary!, listed!, invited!]) {
        const res = await search(h(), s.token, { shopId: s.shop.id, keyword: c.username });
        const hit = res.body.data.creators.find((found) => found.openId === c.openId)!;
        marks.set(c.username, hit);
      }
      expect(marks.get(inLibrary!.username)).toMatchObject({
        talentId: talent.id,
        blacklisted: false,
        lastInvitedAt: null,
      });
      expect(marks.get(listed!.username)).toMatchObject({ talentId: null, blacklisted: true });
      expect(marks.get(invited!.username)!.talentId).toBe(invitee.id);
      expect(marks.get(invited!.username)!.lastInvitedAt).not.toBeNull();
    });

    it('adds found creators to the library with the platform’s figures, once', async () => {
      const s = await seller(h());
      const creators = [21, 22].map((n) => sandboxCreator('US', n));
      for (const c of creators)
        await search(h(), s.token, { shopId: s.shop.id, keyword: c.username });

      const unsearched = sandboxCreator('US', 23);
      const add = () =>
        h().api.post<AddFoundCreatorsResult>(
          paths.add,
          { shopId: s.shop.id, openIds: [...creators.map((c) => c.openId), unsearched.openId] },
          { token: s.token },
        );
      const first = await add();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.added.map((a) => a.openId)).toEqual(creators.map((c) => c.openId));
      expect(first.body.data.existing).toEqual([]);
      expect(first.body.data.unknown).toEqual([unsearched.openId]);

      const talent = await h().api.get<Talent>(
        apiPaths.talents.one(first.body.data.added[0]!.talentId),
        { token: s.token },
      );
      expect(talent.body.data).toMatchObject({
        platform: 'tiktok',
        platformTalentId: creators[0]!.username,
        name: creators[0]!.nickname,
        fansCount: creators[0]!.followerCount,
        videoAvgViews: creators[0]!.avgVideoViews,
        liveAvgViews: creators[0]!.avgLiveUv,
        identity: {
          platform: 'tiktok',
          handle: creators[0]!.username,
          creatorUserOpenId: creators[0]!.openId,
        },
      });

      const again = await add();
      expect(again.body.data.added).toEqual([]);
      expect(again.body.data.existing.map((e) => e.talentId)).toEqual(
        first.body.data.added.map((a) => a.talentId),
      );
    });

    it('refuses what it cannot serve, in the seller’s words', async () => {
      const s = await seller(h());
      const douyin = await bindNewShop(h(), s.token);
      const manualTikTok = await bindNewShop(h(), s.token, {
        platform: 'tiktok',
        siteName: 'US',
        shopCode: `US${process.pid}${Date.now() % 100000}`,
      });
      const other = await signedIn(h());

      const refusals: Array<[Record<string, string | number>, string, number, string]> = [
        [{ shopId: douyin.id }, s.token, 422, 'error.creatorSearchTikTokOnly'],
        [{ shopId: manualTikTok.id }, s.token, 422, 'error.creatorSearchNotConnected'],
        [{ shopId: s.shop.id }, other.token, 404, ''],
        [
          { shopId: s.shop.id, followersMin: 10, followersMax: 5 },
          s.token,
          400,
          '范围的最小值不能大于最大值',
        ],
        [{ shopId: s.shop.id, genderShareMin: 50 }, s.token, 400, '请先选择性别'],
        [{ shopId: s.shop.id, gmvRanges: 'GMV_RANGE_ALL' }, s.token, 400, '的值无效'],
        [{ shopId: s.shop.id, pageSize: 15 }, s.token, 400, '的值无效'],
      ];
      for (const [query, token, status, hint] of refusals) {
        const res = await search(h(), token, query);
        expect({ query, status: res.status }).toEqual({ query, status });
        if (status === 422) {
          const zh = await search(h(), token, query);
          expect(zh.body.message).not.toBe('');
        }
        if (status === 400) expect(JSON.stringify(res.body)).toContain(hint);
      }
      const en = await h().api.get(`${paths.search}?shopId=${douyin.id}`, {
        token: s.token,
        lang: 'en-US',
      });
      expect(en.body.message).toMatch(/only with TikTok Shop shops connected by authorization/);

      const add = await h().api.post(
        paths.add,
        { shopId: s.shop.id, openIds: [] },
        { token: s.token },
      );
      expect(add.status).toBe(400);
    });

    it('asks for a new authorization when the shop’s lacks the creator marketplace', async () => {
      const s = await seller(
        h(),
        sandboxScopes.filter((scope) => scope !== 'seller.creator_marketplace.read'),
      );
      const res = await search(h(), s.token, { shopId: s.shop.id });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('重新授权');
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

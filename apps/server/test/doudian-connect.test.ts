import { apiPaths, type PlatformConnectionList } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformConnections, platformOauthStates } from '../src/db/schema.ts';
import {
  doudianSandboxShops,
  type DoudianSandbox,
} from '../src/modules/platforms/doudian-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { connectDoudianShop } from './support/platforms.ts';

/**
 * "Connect 抖店" end to end on the real app against the embedded sandbox 抖店开放平台: the
 * authorization link and its single-use state, the sandbox's authorization page, the callback
 * (token.create through our client), the shop bound as 中国站 under the plan's limit, and the
 * refresh job renewing the shop's tokens by token.refresh.
 */

const port = await freePort();
const HOME = doudianSandboxShops[0]!;
const BEAUTY = doudianSandboxShops[1]!;

function sandboxOf(h: Harness): DoudianSandbox {
  return h.app.doudianSandbox!;
}

async function connections(h: Harness, token: string) {
  const res = await h.api.get<PlatformConnectionList>(apiPaths.platforms.connections, { token });
  expect(res.status).toBe(200);
  return res.body.data.list;
}

describeApi(
  'Connect 抖店 (sandbox 抖店开放平台)',
  (h) => {
    listenEachTest(h, port);

    it('answers the service authorization page with a single-use state and a cookie for the 抖店 callback only', async () => {
      const { token } = await signedIn(h());
      const res = await h().app.inject({
        method: 'POST',
        url: apiPaths.platforms.doudianConnect,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const link = new URL((res.json() as { data: { authorizeUrl: string } }).data.authorizeUrl);
      expect(link.pathname).toBe('/sandbox/doudian/authorize');
      expect(link.searchParams.get('service_id')).toMatch(/^\d+$/);
      expect(link.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`Path=${apiPaths.platforms.doudianCallback}`);
      expect(cookie).toContain('HttpOnly');
      const states = await h().app.db.select().from(platformOauthStates);
      expect(states.map((s) => s.platform)).toEqual(['douyin']);
      // The state is stored hashed.
      expect(states[0]!.stateHash).not.toBe(link.searchParams.get('state'));
    });

    it('binds the authorized shop as 中国站 by authorization, with its connection and sealed tokens', async () => {
      const { token } = await signedIn(h());
      const { outcome, shops } = await connectDoudianShop(h(), token, HOME.id);
      expect(Object.fromEntries(outcome)).toMatchObject({
        tiktokShop: 'connected',
        platform: 'douyin',
        bound: '1',
        already: '0',
        refused: '0',
      });
      expect(shops).toHaveLength(1);
      expect(shops[0]).toMatchObject({
        platform: 'douyin',
        shopName: HOME.name['zh-CN'],
        siteName: '中国站',
        shopCode: HOME.id,
        source: 'authorization',
        bindStatus: 'BOUND',
        platformRegion: 'CN',
      });
      const list = await connections(h(), token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        platform: 'douyin',
        sellerName: HOME.name['zh-CN'],
        status: 'active',
        needsReconnect: false,
        missingScopes: [],
        shopIds: [shops[0]!.id],
      });
      const created = await sandboxOf(h()).calls({ apiMethod: 'token.create' });
      expect(created.map((c) => c.code)).toEqual([10000]);
      // Sealed at rest: the database holds no token the sandbox issued in clear.
      const [row] = await h().app.db.select().from(platformConnections);
      expect(row!.accessTokenSealed).not.toMatch(/^[0-9a-f-]{20,}$/);
      const api = await h().app.connections.doudianShopApi(row!.userId, shops[0]!.id, new Date());
      expect(api.access.accessToken).not.toBe(row!.accessTokenSealed);
      const activities = await api.client.listShopActivities(api.access, { applyStatus: 2 });
      expect(activities.activities.length).toBeGreaterThan(0);

      // Authorizing the same shop again finds it bound already.
      const again = await connectDoudianShop(h(), token, HOME.id);
      expect(again.outcome.get('tiktokShop')).toBe('connected');
      expect(again.outcome.get('already')).toBe('1');
      expect(await connections(h(), token)).toHaveLength(1);
    });

    it('binds under the plan’s limit: a second shop on the free allowance is refused with the reason', async () => {
      const { token } = await signedIn(h());
      await connectDoudianShop(h(), token, HOME.id);
      const second = await connectDoudianShop(h(), token, BEAUTY.id);
      expect(Object.fromEntries(second.outcome)).toMatchObject({
        tiktokShop: 'refused',
        bound: '0',
        refused: '1',
        reason: 'limit_reached',
      });
      expect(second.shops.map((s) => s.shopCode)).toEqual([HOME.id]);
    });

    it('a declined authorization binds nothing and says so', async () => {
      const { token } = await signedIn(h());
      const { outcome, shops } = await connectDoudianShop(h(), token, HOME.id, 'deny');
      expect(outcome.get('tiktokShop')).toBe('denied');
      expect(shops).toEqual([]);
      expect(await sandboxOf(h()).calls({ apiMethod: 'token.create' })).toEqual([]);
    });

    it('a state works once and only in its browser; a TikTok state is no 抖店 state', async () => {
      const { token } = await signedIn(h());
      const started = await h().app.inject({
        method: 'POST',
        url: apiPaths.platforms.doudianConnect,
        headers: { authorization: `Bearer ${token}` },
      });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const state = new URL(
        (started.json() as { data: { authorizeUrl: string } }).data.authorizeUrl,
      ).searchParams.get('state')!;
      // Without the browser's cookie: nothing is bound, and the state is spent.
      const stranger = await h().app.inject({
        method: 'GET',
        url: `${apiPaths.platforms.doudianCallback}?code=abc&state=${state}`,
      });
      expect(stranger.statusCode).toBe(302);
      const where = new URL(String(stranger.headers.location)).searchParams;
      expect(where.get('tiktokShop')).toBe('failed');
      expect(where.get('reason')).toBe('state_invalid');
      const replay = await h().app.inject({
        method: 'GET',
        url: `${apiPaths.platforms.doudianCallback}?code=abc&state=${state}`,
        headers: { cookie },
      });
      expect(new URL(String(replay.headers.location)).searchParams.get('reason')).toBe(
        'state_invalid',
      );

      // A state started for TikTok Shop is refused at the 抖店 callback.
      const tiktok = await h().app.inject({
        method: 'POST',
        url: apiPaths.platforms.tiktokShopConnect,
        headers: { authorization: `Bearer ${token}` },
      });
      const tiktokState = new URL(
        (tiktok.json() as { data: { authorizeUrl: string } }).data.authorizeUrl,
      ).searchParams.get('state')!;
      const crossed = await h().app.inject({
        method: 'GET',
        url: `${apiPaths.platforms.doudianCallback}?code=abc&state=${tiktokState}`,
        headers: { cookie: String(tiktok.headers['set-cookie']).split(';')[0]! },
      });
      expect(new URL(String(crossed.headers.location)).searchParams.get('reason')).toBe(
        'state_invalid',
      );
      expect(await sandboxOf(h()).calls({ apiMethod: 'token.create' })).toEqual([]);
    });

    it('the refresh job renews the shop’s tokens by token.refresh a day before they expire', async () => {
      const { token } = await signedIn(h());
      const { shops } = await connectDoudianShop(h(), token, HOME.id);
      const [before] = await h().app.db.select().from(platformConnections);
      // Six and a half days on: the 7-day access token is within the day ahead.
      const later = new Date(before!.accessTokenExpiresAt.getTime() - 12 * 3_600_000);
      expect(await h().app.connections.refreshDue(later)).toBe(1);
      const refreshed = await sandboxOf(h()).calls({ apiMethod: 'token.refresh' });
      expect(refreshed.map((c) => c.code)).toEqual([10000]);
      const [after] = await h().app.db.select().from(platformConnections);
      expect(after!.accessTokenSealed).not.toBe(before!.accessTokenSealed);
      expect(after!.refreshTokenSealed).not.toBe(before!.refreshTokenSealed);
      expect(after!.status).toBe('active');
      // The renewed token works.
      const api = await h().app.connections.doudianShopApi(after!.userId, shops[0]!.id, new Date());
      await api.client.listShopActivities(api.access, { applyStatus: 2 });
    });

    it('a revoked authorization makes the connection "Reconnect" at the next call or refresh', async () => {
      const { token } = await signedIn(h());
      const { shops } = await connectDoudianShop(h(), token, HOME.id);
      await sandboxOf(h()).revoke(HOME.id);
      const [row] = await h().app.db.select().from(platformConnections);
      await expect(
        h().app.connections.withDoudianShopApi(row!.userId, shops[0]!.id, (api) =>
          api.client.listShopActivities(api.access, { applyStatus: 2 }),
        ),
      ).rejects.toMatchObject({ name: 'DoudianError', reason: 'authorization_revoked' });
      const [after] = await h()
        .app.db.select()
        .from(platformConnections)
        .where(eq(platformConnections.id, row!.id));
      expect(after!.status).toBe('revoked');
      const list = await connections(h(), token);
      expect(list[0]).toMatchObject({ needsReconnect: true, status: 'revoked' });
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

import {
  apiPaths,
  type DoudianConnectData,
  type Shop,
  type ShopPage,
  type TiktokShopConnectData,
} from '@inviteflow/contract';
import {
  TIKTOK_SHOP_SANDBOX_BASE,
  sandboxScopes,
  tiktokShopSandboxCredentials,
} from '../../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import {
  DOUDIAN_SANDBOX_BASE,
  doudianSandboxCredentials,
} from '../../src/modules/platforms/doudian-sandbox/index.ts';
import type { Harness } from './harness.ts';

/**
 * A seller's way through "Connect TikTok Shop" against the embedded sandbox, as a browser
 * goes: Connect (the link and the browser cookie), the sandbox's authorization page's
 * decision, and the callback with the code and state. The app must listen on its PUBLIC_URL
 * (the client reaches the sandbox over HTTP, as it reaches the platform).
 */
export async function connectSandboxSeller(
  h: Harness,
  token: string,
  seller: string,
  scopes: readonly string[] = sandboxScopes,
): Promise<Shop[]> {
  const started = await h.app.inject({
    method: 'POST',
    url: apiPaths.platforms.tiktokShopConnect,
    headers: { authorization: `Bearer ${token}` },
  });
  if (started.statusCode !== 200) throw new Error(`connect failed: ${started.body}`);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const link = new URL((started.json() as { data: TiktokShopConnectData }).data.authorizeUrl);
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  const form = new URLSearchParams({
    service_id: creds.serviceId,
    state: link.searchParams.get('state')!,
    decision: 'allow',
    seller,
  });
  for (const scope of scopes) form.append('scope', scope);
  const decided = await h.app.inject({
    method: 'POST',
    url: `${TIKTOK_SHOP_SANDBOX_BASE}/open/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const back = new URL(String(decided.headers.location));
  const callback = await h.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const outcome = new URL(String(callback.headers.location)).searchParams.get('tiktokShop');
  if (outcome !== 'connected') throw new Error(`authorization ended ${outcome}: ${callback.body}`);
  const shops = await h.api.get<ShopPage>(apiPaths.shops.list, { token });
  return shops.body.data.list.filter((shop) => shop.source === 'authorization');
}

/**
 * "Connect 抖店" against the embedded sandbox 抖店开放平台, as a browser goes: Connect (the
 * link and the browser cookie), the sandbox's authorization page's decision for one of its
 * shops, and the callback with the code and state. Answers the callback's outcome query and
 * the shops bound by authorization. The app must listen on its PUBLIC_URL.
 */
export async function connectDoudianShop(
  h: Harness,
  token: string,
  shopId: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ outcome: URLSearchParams; shops: Shop[] }> {
  const started = await h.app.inject({
    method: 'POST',
    url: apiPaths.platforms.doudianConnect,
    headers: { authorization: `Bearer ${token}` },
  });
  if (started.statusCode !== 200) throw new Error(`connect failed: ${started.body}`);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const link = new URL((started.json() as { data: DoudianConnectData }).data.authorizeUrl);
  const creds = await doudianSandboxCredentials(h.app.db);
  const decided = await h.app.inject({
    method: 'POST',
    url: `${DOUDIAN_SANDBOX_BASE}/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      service_id: creds.serviceId,
      state: link.searchParams.get('state')!,
      shop_id: shopId,
      decision,
    }).toString(),
  });
  const back = new URL(String(decided.headers.location));
  const callback = await h.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const outcome = new URL(String(callback.headers.location)).searchParams;
  const shops = await h.api.get<ShopPage>(apiPaths.shops.list, { token });
  return {
    outcome,
    shops: shops.body.data.list.filter(
      (shop) => shop.source === 'authorization' && shop.platform === 'douyin',
    ),
  };
}

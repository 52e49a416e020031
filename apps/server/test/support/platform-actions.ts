import {
  apiPaths,
  type SendRecord,
  type SendRecordPage,
  type SendTaskBody,
  type Shop,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import { expect } from 'vitest';
import type { DoudianSandboxCall } from '../../src/modules/platforms/doudian-sandbox/index.ts';
import {
  sandboxCreator,
  sandboxProductId,
  sandboxSellers,
  type SandboxCall,
} from '../../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { signedIn, type Harness } from './harness.ts';
import { connectSandboxSeller } from './platforms.ts';
import { grantPlan } from './sending.ts';
import { seedTalents } from './talents.ts';

/**
 * What the tests of the server's executor (platform-actions, doudian-actions) share: a seller
 * whose shop is connected by authorization, the task's records and platform calls as the
 * console reads them, a pass of the executor, and what a sandbox platform received.
 */

/** A task's end: a month ahead, the last second of that day in China (UTC+8). */
export const ENDS_AT = new Date(Date.now() + 30 * 86_400_000);
ENDS_AT.setUTCHours(15, 59, 59, 0);

export interface ConnectedSeller {
  token: string;
  userId: number;
  shop: Shop;
  productTemplateIds: number[];
}

/**
 * A signed-in seller on the enterprise plan, a shop connected by authorization (`connect`
 * answers it) and a product template for each of `products`, in order.
 */
export async function connectedSeller(
  h: Harness,
  connect: (token: string) => Promise<Shop>,
  products: ReadonlyArray<{ productId: string; productName: string }>,
): Promise<ConnectedSeller> {
  const account = await signedIn(h);
  await grantPlan(h, account.tokens.user.id, 'enterprise');
  const shop = await connect(account.token);
  const productTemplateIds: number[] = [];
  for (const product of products) {
    const res = await h.api.post<{ id: number }>(apiPaths.templates.products, product, {
      token: account.token,
    });
    productTemplateIds.push(res.body.data.id);
  }
  return { token: account.token, userId: account.tokens.user.id, shop, productTemplateIds };
}

/** One pass of the executor, as the job makes each second (at `at`, when given). */
export async function drain(h: Harness, at?: Date) {
  return h.app.platformActions.drain(at ? () => new Date(at.getTime()) : undefined);
}

/** The task's records, oldest first, as the console lists them. */
export async function records(h: Harness, token: string, taskId: number): Promise<SendRecord[]> {
  const res = await h.api.get<SendRecordPage>(
    `${apiPaths.sendRecords.list}?taskId=${taskId}&pageSize=100&order=asc`,
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

/** The task's platform actions and counts, as the console shows them. */
export async function platformCalls(h: Harness, token: string, taskId: number) {
  const res = await h.api.get<TaskPlatformCalls>(apiPaths.sendRecords.taskPlatformCalls(taskId), {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The calls the sandbox TikTok Shop received under a path (of one HTTP method, when given). */
export async function tiktokSandboxCalls(
  h: Harness,
  pathPrefix: string,
  method?: string,
): Promise<SandboxCall[]> {
  const calls = await h.app.tiktokShopSandbox!.calls({ pathPrefix, limit: 10_000 });
  return calls.filter((c) => !method || c.method === method);
}

/** The calls the sandbox 抖店开放平台 received of one API method. */
export async function doudianSandboxCalls(
  h: Harness,
  apiMethod: string,
): Promise<DoudianSandboxCall[]> {
  return h.app.doudianSandbox!.calls({ apiMethod, limit: 10_000 });
}

/** The sandbox's first seller's US shop (seller `local-us`). */
export const TIKTOK_US_SHOP = sandboxSellers[0]!.shops[0]!;

/** Creators with no special trait in the sandbox (n % 50 is 7 excluded, 17 followers, 27 linked). */
export function plainCreators(count: number, from = 1) {
  const out = [];
  for (let n = from; out.length < count; n++) {
    if (![7, 17, 27].includes(n % 50)) out.push(sandboxCreator('US', n));
  }
  return out;
}

export type Seller = ConnectedSeller;

/** A seller with its US sandbox shop connected by authorization, two products of that shop. */
export function seller(h: Harness): Promise<Seller> {
  return connectedSeller(
    h,
    async (token) => {
      const shops = await connectSandboxSeller(h, token, 'local-us');
      return shops.find((s) => s.shopCode === TIKTOK_US_SHOP.code) ?? shops[0]!;
    },
    [1, 2].map((n) => ({
      productId: sandboxProductId(TIKTOK_US_SHOP, n),
      productName: `Sandbox product ${n}`,
    })),
  );
}

export async function talentsFor(
  h: Harness,
  s: Seller,
  creators: ReadonlyArray<{ username: string; openId: string }>,
  options: { withOpenId?: boolean } = {},
): Promise<number[]> {
  const rows = await seedTalents(
    h,
    s.userId,
    creators.map((c) => ({
      name: c.username,
      platform: 'tiktok',
      platformTalentId: c.username,
      creatorOpenId: options.withOpenId === false ? null : c.openId,
    })),
  );
  return rows.map((r) => r.id);
}

export function tiktokTask(s: Seller, talentIds: number[], overrides: Partial<SendTaskBody> = {}) {
  const [first, second] = s.productTemplateIds;
  return {
    shopId: s.shop.id,
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds,
    productTemplateIds: [first!, second!],
    script: 'Hello from {shopName}: {productNames}',
    setName: 'Spring launch',
    collaborationName: 'Spring launch',
    endsAt: ENDS_AT.toISOString(),
    commissionRates: { [String(first)]: 1250, [String(second)]: 2000 },
    contactEmail: 'team@sunny.example',
    ...overrides,
  } satisfies SendTaskBody;
}

import {
  apiPaths,
  type SendRecord,
  type SendRecordPage,
  type Shop,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import { expect } from 'vitest';
import type { DoudianSandboxCall } from '../../src/modules/platforms/doudian-sandbox/index.ts';
import type { SandboxCall } from '../../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { signedIn, type Harness } from './harness.ts';
import { grantPlan } from './sending.ts';

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

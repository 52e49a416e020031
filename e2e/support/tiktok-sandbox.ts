import { expect } from '@playwright/test';
import { api } from './console.ts';
import { sandboxGet } from './platform-tasks.ts';
import { baseURL } from './server.ts';

/**
 * The sandbox TikTok Shop as the browser specs share it. One server runs every spec, one
 * after the other, against one sandbox: its creators, its products and its clock are the same
 * for all of them. So every spec takes its creators from a number range of its own (below),
 * and reads the sandbox's clock for dates the platform checks, since the specs that follow
 * creators for weeks move that clock ahead of ours.
 */

/** The sandbox TikTok Shop's root (its control API is under `/control`). */
export const TIKTOK_SANDBOX = `${baseURL}/sandbox/tiktok-shop`;

const DAY_S = 86_400;

/** A sandbox creator as the control API lists it. */
export interface SandboxCreator {
  /** The creator's number within its region (the sandbox's fixed behaviours go by it). */
  n: number;
  creator_open_id: string;
  username: string;
  nickname: string;
  follower_count: number;
  /** A special creator (`excluded`, …), or null for a plain one. */
  trait: string | null;
  /** A fixed behaviour by its number (n % 50: 1 accepts, 2 declines, 3 silent, 4 replies). */
  behaviour: 'accepts' | 'declines' | 'silent' | 'replies' | null;
}

/**
 * The creator numbers each spec invites, apart from every other spec's, so that no spec finds
 * a creator already in another spec's collaboration or conversation on the same product.
 * A spec that invites sandbox creators takes its range here.
 */
export const CREATOR_RANGES = {
  'affiliate-orders': [100, 150],
  'tiktok-shop-tasks': [300, 400],
  conversations: [400, 450],
  'find-creators': [550, 600],
  'follow-ups': [600, 750],
  'loop-links': [750, 850],
  'closing-the-loop': [850, 900],
  samples: [900, 1000],
} as const satisfies Record<string, readonly [number, number]>;

/** A GET of the sandbox's control API, its data. */
export function tiktokControlGet<T>(path: string): Promise<T> {
  return sandboxGet<T>(TIKTOK_SANDBOX, path);
}

/** The sandbox US seller's products on sale. */
export async function sandboxUsLiveProducts(): Promise<Array<{ id: string; title: string }>> {
  const world = await tiktokControlGet<{
    shops: Array<{
      seller_key: string;
      products: Array<{ id: string; title: string; status: string }>;
    }>;
  }>('/shops');
  return world.shops
    .find((s) => s.seller_key === 'local-us')!
    .products.filter((p) => p.status === 'LIVE');
}

/** A change through the sandbox's control API (settings, the clock). */
export async function tiktokControl(path: string, body: unknown, method = 'POST') {
  const res = await fetch(`${TIKTOK_SANDBOX}/control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
}

/** Moves the sandbox clock forward. */
export async function advanceSandboxClock(seconds: number) {
  await tiktokControl('/clock/advance', { seconds });
}

/** Access tokens that outlive the weeks a spec moves the clock. */
export async function longLivedSandboxTokens() {
  await tiktokControl('/settings', { access_token_ttl_seconds: 300 * DAY_S }, 'PUT');
}

/**
 * The US creators of the spec's range (plain ones: no trait), in number order; `behaviour`
 * narrows them to one fixed behaviour.
 */
export async function creatorsOf(
  spec: keyof typeof CREATOR_RANGES,
  behaviour?: SandboxCreator['behaviour'],
): Promise<SandboxCreator[]> {
  const [from, to] = CREATOR_RANGES[spec];
  const listed = await tiktokControlGet<{ creators: SandboxCreator[] }>(
    `/creators?region=US&limit=${to + 50}`,
  );
  return listed.creators.filter(
    (c) =>
      c.n >= from &&
      c.n < to &&
      c.trait === null &&
      (behaviour === undefined || c.behaviour === behaviour),
  );
}

/**
 * A collaboration's end date (YYYY-MM-DD), 40 days after the sandbox's today: the platform
 * refuses an end in its own past (`end_time must be later than the current time`), and the
 * specs that follow orders move the sandbox clock three weeks each.
 */
export async function collaborationEndDate(): Promise<string> {
  const clock = await tiktokControlGet<{ now: number }>('/clock');
  return new Date((clock.now + 40 * DAY_S) * 1000).toISOString().slice(0, 10);
}

/** Adds the creator to the seller's talent library through the API, with its platform identity. */
export function addTikTokTalent(creator: SandboxCreator, token: string): Promise<{ id: number }> {
  return api<{ id: number }>(
    '/api/v1/talents',
    {
      platform: 'tiktok',
      platformTalentId: creator.username,
      name: creator.username,
      creatorUserOpenId: creator.creator_open_id,
    },
    token,
  );
}

import { douyinAdapter } from './douyin.ts';
import { testAdapter } from './test.ts';
import { tiktokShopAdapter } from './tiktok-shop.ts';
import type { PlatformAdapter } from './types.ts';

export type { PlatformAdapter } from './types.ts';

/** Every platform page the extension knows; the test stand-in only in a build that asks for it. */
export function adaptersFor(includeTest: boolean): PlatformAdapter[] {
  const real = [tiktokShopAdapter, douyinAdapter];
  return includeTest ? [...real, testAdapter] : real;
}

/** The adapter of the page at `url`, or null when no adapter knows it. */
export function adapterForUrl(url: URL, adapters: PlatformAdapter[]): PlatformAdapter | null {
  return adapters.find((adapter) => adapter.handles(url)) ?? null;
}

import { PINNED_EXTENSION_ID, apiPaths } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { parseConsoleOrigins } from '../src/build-config.ts';
import {
  EXTENSION_PUBLIC_KEY,
  buildManifest,
  channelHostPermissions,
  extensionIdOf,
} from './manifest.ts';

/**
 * Chrome's match patterns (`<scheme>://<host><path>`, `*` any run of characters in the
 * path, `*.` any subdomain), as it applies them to a page's URL without its fragment.
 */
function matchesPattern(pattern: string, url: string): boolean {
  const parsed = /^(\*|https?):\/\/(\*|(?:\*\.)?[^/*]+)(\/.*)$/.exec(pattern);
  if (!parsed) throw new Error(`not a match pattern: ${pattern}`);
  const [, scheme, host, path] = parsed as unknown as [string, string, string, string];
  const target = new URL(url);
  if (scheme !== '*' && `${scheme}:` !== target.protocol) return false;
  const hostOk =
    host === '*' ||
    (host.startsWith('*.')
      ? target.host === host.slice(2) || target.host.endsWith(host.slice(1))
      : target.host === host);
  const glob = new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return hostOk && glob.test(`${target.pathname}${target.search}`);
}

const config = {
  consoleOrigins: ['https://console.example.com', 'http://127.0.0.1:3000'],
  version: '1.2.3',
};

describe('the manifest', () => {
  it('pins the id the console sends to', async () => {
    expect(await extensionIdOf(EXTENSION_PUBLIC_KEY)).toBe(PINNED_EXTENSION_ID);
    expect(buildManifest(config, { withKey: true }).key).toBe(EXTENSION_PUBLIC_KEY);
    // The store refuses a key: its package has none.
    expect('key' in buildManifest(config, { withKey: false })).toBe(false);
  });

  it('trusts exactly the configured console origins, everywhere they matter', () => {
    const manifest = buildManifest(config, { withKey: true });
    const pages = ['https://console.example.com/*', 'http://127.0.0.1:3000/*'];
    expect(manifest.externally_connectable.matches).toEqual(pages);
    expect(manifest.host_permissions).toEqual([...pages, ...channelHostPermissions]);
    expect(manifest.content_scripts[0]).toMatchObject({
      matches: pages,
      js: ['console-bridge.js'],
    });
    expect(manifest.permissions).toEqual(['storage', 'alarms', 'notifications', 'scripting']);
  });

  it('runs the bridge on console pages only, not on the API, its document or the sandbox', () => {
    const bridge = buildManifest(config, { withKey: true }).content_scripts[0]!;
    const runsOn = (url: string) =>
      bridge.matches.some((pattern) => matchesPattern(pattern, url)) &&
      !(bridge.exclude_matches ?? []).some((pattern) => matchesPattern(pattern, url));
    for (const origin of config.consoleOrigins) {
      for (const path of ['/', '/login', '/sent/search-table?page=2', '/redirect/user/info']) {
        expect(runsOn(`${origin}${path}`), path).toBe(true);
      }
      for (const path of [
        apiPaths.docs,
        `${apiPaths.docs}/`,
        `${apiPaths.docs}/static/index.html`,
        `${apiPaths.docs}/json`,
        apiPaths.health,
        apiPaths.menu,
        `${apiPaths.sandbox.alipayGateway}?app_id=1`,
        apiPaths.sandbox.pay,
      ]) {
        expect(runsOn(`${origin}${path}`), path).toBe(false);
      }
    }
  });

  it('declares no content script on a platform page: the channel injects into its own tab', () => {
    const manifest = buildManifest(config, { withKey: true });
    expect(manifest.content_scripts).toHaveLength(1);
    const platformPages = [
      'https://affiliate.tiktok.com/connection/target-invitation/create?shop_region=GB',
      'https://seller-us.tiktok.com/homepage',
      'https://buyin.jinritemai.com/dashboard/servicehall/daren-square',
      'https://fxg.jinritemai.com/ffa/buyin/dashboard',
    ];
    for (const url of platformPages) {
      const declared = manifest.content_scripts.some((script) =>
        script.matches.some((pattern) => matchesPattern(pattern, url)),
      );
      expect(declared, url).toBe(false);
    }
  });

  it('reads CONSOLE_ORIGINS strictly', () => {
    expect(parseConsoleOrigins(undefined)).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
    expect(
      parseConsoleOrigins(' https://a.example.com , https://a.example.com,http://10.0.0.2:8080'),
    ).toEqual(['https://a.example.com', 'http://10.0.0.2:8080']);
    expect(() => parseConsoleOrigins('https://a.example.com/')).toThrow(/must be an origin/);
    expect(() => parseConsoleOrigins('a.example.com')).toThrow(/not a URL/);
    expect(() => parseConsoleOrigins('ftp://a.example.com')).toThrow(/must be an origin/);
  });
});

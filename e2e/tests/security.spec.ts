import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { registerSeller, type Seller } from '../support/console.ts';
import { baseURL, extensionDir } from '../support/server.ts';

/**
 * The browser side of the security suite (npm run test:security covers the API): a page
 * of another origin (another 127.0.0.1 port) tries the console and the companion
 * extension with the protocol's own window messages. The console cannot be framed, a
 * window it opens is cut off from the console by COOP, and even with COOP stripped (an
 * older browser, a proxy dropping the header) the console answers nothing to
 * PLUGIN_LOGIN_REQUEST and the extension stores or clears nothing on PLUGIN_LOGIN_DATA,
 * LOGIN_STATUS_RESPONSE or PLUGIN_LOGOUT. Controls from the console's own window show
 * that the same messages do work when they come from where they should.
 */
test.describe.configure({ mode: 'serial' });

const extensionId = 'ngneapepkmcpohibcobcfphlliineemk';

const stamp = Date.now().toString().slice(-8);
const seller: Seller = {
  username: `sec_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Security-pass-1',
};

interface StoredAuth {
  token: string;
  expiresAt: string;
  userInfo: { id: number; username: string };
}

interface ChromeInWorker {
  storage: { local: { get(key: string | null): Promise<Record<string, unknown>> } };
}

/** The attacker's page: it opens or frames the console and says what came back to it. */
const attackerPage = `<!doctype html>
<meta charset="utf-8"><title>not the console</title>
<body>
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    window.received.push({ origin: event.origin, data: event.data });
  });
</script>
</body>`;

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let attackerServer: Server;
let attackerOrigin: string;
let userDataDir: string;

async function storedAuth(): Promise<StoredAuth | undefined> {
  const all = await worker.evaluate(async () =>
    (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get('auth'),
  );
  return all.auth as StoredAuth | undefined;
}

async function everythingStored(): Promise<string> {
  return JSON.stringify(
    await worker.evaluate(async () =>
      (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get(null),
    ),
  );
}

async function openAttacker(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${attackerOrigin}/attacker.html`);
  return page;
}

/** The messages the protocol knows, as a hostile page would send them. */
function hostileMessages(userId: number) {
  const expiresAt = new Date(Date.now() + 9 * 60_000).toISOString();
  const userInfo = { id: userId, username: 'attacker', phoneNumber: '13900000000' };
  return [
    { type: 'PLUGIN_LOGIN_REQUEST' },
    { type: 'PLUGIN_LOGIN_DATA', token: 'forged.by.attacker', expiresAt, userInfo },
    {
      type: 'LOGIN_STATUS_RESPONSE',
      isLoggedIn: true,
      token: 'forged.by.attacker',
      expiresAt,
      userInfo,
    },
    { type: 'PLUGIN_LOGOUT' },
  ];
}

test.beforeAll(async () => {
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(
      `No extension build at ${extensionDir}: run "npm run build:e2e -w @inviteflow/extension" ` +
        '(with the same E2E_PORT and E2E_ARTIFACTS as this run).',
    );
  }
  const manifest = JSON.parse(readFileSync(path.join(extensionDir, 'manifest.json'), 'utf8')) as {
    externally_connectable: { matches: string[] };
  };
  expect(manifest.externally_connectable.matches).toEqual([`${baseURL}/*`]);

  attackerServer = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(attackerPage);
  });
  await new Promise<void>((resolve) => attackerServer.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attackerServer.address() as AddressInfo).port}`;

  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-security-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium() ?? undefined,
    args: [
      ...chromiumArgs,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(worker.url()).toBe(`chrome-extension://${extensionId}/service-worker.js`);

  await registerSeller(seller);
  // Signed in with "remember": a console window opened by anyone is signed in too, so a
  // leak would hand over a real token.
  consolePage = await context.newPage();
  await consolePage.goto('/login');
  await consolePage.getByLabel('用户名或手机号').fill(seller.username);
  await consolePage.getByLabel('密码', { exact: true }).fill(seller.password);
  await consolePage.getByText('记住密码').click();
  await consolePage.getByRole('button', { name: '登录', exact: true }).click();
  await expect(consolePage).toHaveURL(/\/sent\/search-table$/);
  await expect.poll(async () => (await storedAuth())?.userInfo.username).toBe(seller.username);
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => attackerServer?.close(resolve));
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('another origin cannot frame the console', async () => {
  const attacker = await openAttacker();
  await attacker.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
  }, `${baseURL}/sent/search-table`);
  // frame-ancestors 'none': Chromium puts its error page in the frame, never the console.
  await expect
    .poll(() =>
      attacker
        .frames()
        .filter((frame) => frame !== attacker.mainFrame())
        .map((frame) => frame.url()),
    )
    .toEqual(['chrome-error://chromewebdata/']);
  expect(
    await attacker.evaluate(() => (window as unknown as { received: unknown[] }).received),
  ).toEqual([]);
  await attacker.close();
});

test('a console window opened by another origin is cut off from it (COOP same-origin)', async () => {
  const attacker = await openAttacker();
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    attacker.evaluate((url) => {
      (window as unknown as { target: Window | null }).target = window.open(url, '_blank');
    }, `${baseURL}/sent/search-table`),
  ]);
  await expect(opened.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
  // The opener's handle no longer reaches the console: nothing it posts can arrive.
  expect(
    await attacker.evaluate(() => {
      const target = (window as unknown as { target: Window | null }).target;
      return target === null || target.closed;
    }),
  ).toBe(true);
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();
  await attacker.close();
});

test.describe('with COOP stripped, the console and the extension still ignore another origin', () => {
  test.beforeAll(async () => {
    // Serve the console's pages as a browser without COOP would treat them.
    await context.route(`${baseURL}/**`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      await route.fulfill({ response, headers });
    });
  });

  test.afterAll(async () => {
    await context.unroute(`${baseURL}/**`);
  });

  test('the console answers nothing; the extension stores nothing and clears nothing', async () => {
    const attacker = await openAttacker();
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      attacker.evaluate((url) => {
        (window as unknown as { target: Window | null }).target = window.open(url, '_blank');
      }, `${baseURL}/sent/search-table`),
    ]);
    await expect(opened.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
    // Without COOP the handle is live: the attacker really can post into the console.
    expect(
      await attacker.evaluate(() => {
        const target = (window as unknown as { target: Window | null }).target;
        return target !== null && !target.closed;
      }),
    ).toBe(true);

    // The control: the console signed in there answers its own window's request.
    const ownAnswer = await opened.evaluate(
      () =>
        new Promise<{ isLoggedIn: boolean; token: string | null }>((resolve) => {
          window.addEventListener('message', (event) => {
            const data = event.data as { type?: string; isLoggedIn: boolean; token: string | null };
            if (data?.type === 'LOGIN_STATUS_RESPONSE') resolve(data);
          });
          window.postMessage({ type: 'PLUGIN_LOGIN_REQUEST' }, window.location.origin);
        }),
    );
    expect(ownAnswer.isLoggedIn).toBe(true);
    expect(ownAnswer.token).toBeTruthy();
    // That answer (and the new window's own hand-over) gave the extension a fresh token:
    // wait until its login stops changing, then take it as the state to keep.
    let before = (await storedAuth())!;
    for (let settled = 0; settled < 4;) {
      await attacker.waitForTimeout(500);
      const now = (await storedAuth())!;
      settled = now.token === before.token ? settled + 1 : 0;
      before = now;
    }
    expect(before.userInfo.username).toBe(seller.username);
    const storedBefore = await everythingStored();

    // The attack: every message of the protocol, posted from the other origin, several times.
    for (let round = 0; round < 3; round++) {
      await attacker.evaluate((messages) => {
        const target = (window as unknown as { target: Window }).target;
        for (const message of messages) target.postMessage(message, '*');
      }, hostileMessages(before.userInfo.id));
      await attacker.waitForTimeout(500);
    }
    await attacker.waitForTimeout(1500);

    // The console answered nothing: the attacker received no message at all.
    expect(
      await attacker.evaluate(() => (window as unknown as { received: unknown[] }).received),
    ).toEqual([]);
    // The extension kept its login as it was: nothing stored, nothing cleared.
    const after = await storedAuth();
    expect(after).toEqual(before);
    const storedAfter = await everythingStored();
    expect(storedAfter).not.toContain('forged.by.attacker');
    expect(storedAfter).not.toContain('"username":"attacker"');
    expect(JSON.parse(storedAfter).auth).toEqual(JSON.parse(storedBefore).auth);

    // The control for the extension: the same logout from the console's own window clears it.
    await opened.evaluate(() =>
      window.postMessage({ type: 'PLUGIN_LOGOUT' }, window.location.origin),
    );
    await expect.poll(async () => storedAuth()).toBeUndefined();
    await opened.close();
    await attacker.close();
  });
});

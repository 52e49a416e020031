/**
 * Console bundle budgets, measured the way a browser loads the product: the
 * JavaScript Chromium actually fetches for /login, and for the signed-in shell (a seller
 * with a session opening the console) up to its first send-records table. Budgets: /login ≤ 150 KB gzip, the shell ≤ 300 KB
 * gzip. Also prints every chunk's size, and checks that the production build holds
 * no mock or dev-only code and that heavy feature code (charts, import, export)
 * is loaded only where it is used.
 *
 * Run: npm run bench -- bundle   (the console must be built: npm run build)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { launchChromium } from './support/chromium.ts';
import { repoRoot, startProduct } from './support/product.ts';

export const BUDGET_LOGIN_KB = 150;
export const BUDGET_SHELL_KB = 300;

const dist = path.join(repoRoot, 'apps/console/dist');
const assets = path.join(dist, 'assets');
const kb = (bytes: number) => bytes / 1024;

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

function chunks(): Map<string, Chunk> {
  const map = new Map<string, Chunk>();
  for (const file of readdirSync(assets)) {
    if (!file.endsWith('.js')) continue;
    const content = readFileSync(path.join(assets, file));
    map.set(file, { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return map;
}

/**
 * Strings that only development, test or mock code carries. The production build
 * must contain none of them.
 */
const devOnlyMarkers: Array<[string, RegExp]> = [
  ['React development build', /react(-dom)?\.development/],
  ['Vite HMR client', /\[vite\] connect/],
  ['Testing Library', /testing-library/],
  ['jsdom', /jsdom/],
  ['Vitest', /vitest/],
  ['the spec mock login', /Account or password incorrect.{0,40}mock|mock[A-Z]\w*Login/i],
  ['test fixtures', /features\/[\w-]+\/testing\//],
];

/**
 * Heavy feature code that must never be in the initial JavaScript of /login or of the
 * shell: it loads with the dialog or page that uses it. Named by the chunk the build
 * gives it (the module's file name).
 */
const lazyOnly: Array<[string, string]> = [
  ['charts (workplace)', 'workplace-charts'],
  ['the import dialog (talents, send records)', 'file-import-modal'],
  ['the export progress dialog', 'export-progress-modal'],
  ['the English texts', 'english'],
];

/** The scripts a page load fetches: every `/assets/*.js` response until the network is idle. */
function recordScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
      seen.add(path.basename(url.pathname));
  });
  return seen;
}

/**
 * /login as a first visit; then the signed-in shell as a signed-in seller opens it each
 * day: a fresh browser context (cold cache) holding the session, straight to the default
 * landing page, until its send-records table is on screen.
 */
async function loadedScripts(): Promise<{ login: Set<string>; shell: Set<string> }> {
  const product = await startProduct(3910);
  const browser = await launchChromium();
  try {
    const visitor = await browser.newContext({ locale: 'zh-CN' });
    const page = await visitor.newPage();
    const login = recordScripts(page);
    await page.goto(`${product.url}/login`, { waitUntil: 'networkidle' });
    const loginScripts = new Set(login);
    // Sign in (typing loads the login checks; not part of the first screen) for a session.
    const { username, password } = product.demo();
    await page.getByLabel('用户名或手机号').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/sent\/search-table$/);
    const session = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));

    const seller = await browser.newContext({ locale: 'zh-CN' });
    await seller.addInitScript((stored: string) => {
      for (const [key, value] of Object.entries(JSON.parse(stored) as Record<string, string>))
        sessionStorage.setItem(key, value);
    }, session);
    const shellPage = await seller.newPage();
    const shell = recordScripts(shellPage);
    await shellPage.goto(`${product.url}/sent/search-table`);
    await shellPage.locator('.arco-table').first().waitFor();
    await shellPage.waitForLoadState('networkidle');
    return { login: loginScripts, shell };
  } finally {
    await browser.close();
    await product.stop();
  }
}

export async function benchBundle(out: (line?: string) => void): Promise<number> {
  statSync(path.join(dist, 'index.html')); // throws when the console is not built
  const all = chunks();
  const { login, shell } = await loadedScripts();
  const total = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + (all.get(file)?.gzip ?? 0), 0);
  let broken = 0;

  out('## Console bundle\n');
  out('| chunk | raw KB | gzip KB | on /login | in the shell |');
  out('|---|---:|---:|:-:|:-:|');
  for (const chunk of [...all.values()].sort((a, b) => b.gzip - a.gzip)) {
    out(
      `| ${chunk.file} | ${kb(chunk.raw).toFixed(1)} | ${kb(chunk.gzip).toFixed(1)} | ${login.has(chunk.file) ? '●' : ''} | ${shell.has(chunk.file) ? '●' : ''} |`,
    );
  }
  const loginKb = kb(total(login));
  const shellKb = kb(total(shell));
  const verdict = (value: number, budget: number) => {
    const ok = value <= budget;
    if (!ok) broken++;
    return `${value.toFixed(1)} KB gzip (budget ${budget} KB: ${ok ? 'ok' : 'BROKEN'})`;
  };
  out('');
  out(`- Initial JavaScript of /login: ${login.size} files, ${verdict(loginKb, BUDGET_LOGIN_KB)}`);
  out(
    `- Initial JavaScript of the signed-in shell (a signed-in seller opening the console, up to the first send-records table): ${shell.size} files, ${verdict(shellKb, BUDGET_SHELL_KB)}`,
  );

  const contents = [...all.keys()].map((file) => ({
    file,
    text: readFileSync(path.join(assets, file), 'utf8'),
  }));
  for (const [what, pattern] of devOnlyMarkers) {
    const found = contents.filter((c) => pattern.test(c.text)).map((c) => c.file);
    if (found.length) broken++;
    out(`- No ${what} in the build: ${found.length ? `BROKEN (${found.join(', ')})` : 'ok'}`);
  }
  for (const [what, name] of lazyOnly) {
    const holders = [...all.keys()].filter((file) => file.startsWith(`${name}-`));
    const early = holders.filter((file) => login.has(file) || shell.has(file));
    if (holders.length === 0 || early.length) broken++;
    out(
      `- ${what} loaded only where used: ${holders.length === 0 ? `BROKEN (no ${name}-*.js chunk: merged into another)` : early.length ? `BROKEN (${early.join(', ')} load at start)` : `ok (${holders.join(', ')})`}`,
    );
  }
  return broken;
}

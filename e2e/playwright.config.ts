import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './support/chromium.ts';
import path from 'node:path';
import { artifactsDir, baseURL } from './support/server.ts';

// Browser tests drive the built product (console + API in one process, a fresh
// PGlite data directory) in Debian's Chromium. Never a downloaded browser.
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(artifactsDir, 'test-results'),
  fullyParallel: false,
  workers: 1,
  // Budgets for a busy 2-core machine (CI beside other jobs), where the product, the
  // browser and the tests share the cores. They are deadlines: every wait in the specs is
  // for a condition (a locator, expect.poll) and returns as soon as it holds.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../reports/playwright.json' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
  },
});

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
  timeout: 60_000,
  expect: { timeout: 10_000 },
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

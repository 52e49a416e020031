// Runs the browser tests when a Chromium is available. Without one they are
// skipped with the reason printed, except under CI=true, where that is a failure.
import { spawnSync } from 'node:child_process';
import { findChromium } from './support/chromium.ts';

const chromium = findChromium();
if (!chromium) {
  const reason =
    'No Chromium found (set CHROME_PATH, or install Debian\'s "chromium" package for /usr/lib/chromium/chromium).';
  if (process.env.CI === 'true') {
    console.error(`[browser tests] FAILED: ${reason} CI needs the browser tests to run.`);
    process.exit(1);
  }
  console.warn(`[browser tests] SKIPPED: ${reason}`);
  process.exit(0);
}

const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'playwright.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
process.exit(result.status ?? 1);

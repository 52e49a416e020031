import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../e2e/support/chromium.ts';

/** Debian's Chromium (or CHROME_PATH) with the browser tests' flags; never a downloaded browser. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium (set CHROME_PATH or apt-get install chromium).');
  return chromium.launch({ executablePath, args: chromiumArgs });
}

import { existsSync } from 'node:fs';

/** Debian's Chromium binary (not the /usr/bin/chromium wrapper script). */
const debianChromium = '/usr/lib/chromium/chromium';

/** CHROME_PATH first, then Debian's Chromium; null when neither exists. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync(debianChromium) ? debianChromium : null;
}

/** The flags this machine needs: no sandbox as root, and no traffic beyond 127.0.0.1. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every other host name fails to resolve at once: a platform host the test has not routed
  // (the extension's worker looks at its page on start, before a restarted browser's routes
  // are back) never reaches the network, and never waits on a resolver that does not answer.
  // Playwright's routes answer before any lookup, so routed platform hosts still load.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

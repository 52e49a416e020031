import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_ARTIFACTS lets two runs on one machine keep their logs and pictures apart.
export const artifactsDir = path.resolve(repoRoot, process.env.E2E_ARTIFACTS ?? 'e2e/artifacts');
export const serverLog = path.join(artifactsDir, 'server.log');
/** The extension built for the browser tests (`npm run build:e2e -w @inviteflow/extension`). */
export const extensionDir = path.join(artifactsDir, 'extension');
export const screenshotsDir = path.join(artifactsDir, 'screenshots');
export const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * The newest verification code the server's console SMS provider logged for a
 * phone: what a developer reads in the `npm start` output.
 */
export async function smsCodeFromLog(phoneNumber: string, timeoutMs = 30_000): Promise<string> {
  const pattern = new RegExp(`verification code for ${phoneNumber} \\([a-z-]+\\): (\\d{6})`, 'g');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(serverLog)) {
      const matches = [...readFileSync(serverLog, 'utf8').matchAll(pattern)];
      const last = matches.at(-1);
      if (last?.[1]) return last[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification code for ${phoneNumber} appeared in ${serverLog}`);
}

/**
 * What a build of the extension is configured with, read once by scripts/build.ts and
 * baked into every bundle (and the manifest). Nothing at run time reads the environment.
 */
export interface BuildConfig {
  /** Console origins (the API lives there too), exact: scheme, host and port. */
  consoleOrigins: string[];
  version: string;
}

export const DEFAULT_CONSOLE_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];

/**
 * Parses `CONSOLE_ORIGINS` (comma-separated). Each entry must be a bare origin: a typo
 * here would make the extension ignore the console silently, so it stops the build.
 */
export function parseConsoleOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_CONSOLE_ORIGINS];
  const origins = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`CONSOLE_ORIGINS: "${origin}" is not a URL`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(
        `CONSOLE_ORIGINS: "${origin}" must be an origin like https://console.example.com (no path, no trailing slash)`,
      );
    }
  }
  if (!origins.length) throw new Error('CONSOLE_ORIGINS names no origin');
  return [...new Set(origins)];
}

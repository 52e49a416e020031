import { DEFAULT_CONSOLE_ORIGINS, type BuildConfig } from './build-config.ts';

// Replaced by the build (esbuild `define`); tests set it through vitest's `define`.
declare const __INVITEFLOW_BUILD__: BuildConfig;

/** The build's settings: the console origins the extension trusts and talks to. */
export const buildConfig: BuildConfig =
  typeof __INVITEFLOW_BUILD__ === 'undefined'
    ? { consoleOrigins: DEFAULT_CONSOLE_ORIGINS, version: '0.0.0' }
    : __INVITEFLOW_BUILD__;

/** Exact match against the configured console origins: no prefixes, no wildcards. */
export function isConsoleOrigin(origin: string | undefined | null): origin is string {
  return typeof origin === 'string' && buildConfig.consoleOrigins.includes(origin);
}

/** The console to open from the popup: where the token came from, else the first configured. */
export function consoleUrl(path: string, preferredOrigin?: string | null): string {
  const origin = isConsoleOrigin(preferredOrigin) ? preferredOrigin : buildConfig.consoleOrigins[0];
  return `${origin}${path}`;
}

import { PINNED_EXTENSION_ID } from '@inviteflow/contract';

/**
 * The only reader of `import.meta.env` (STYLE.md habit 7). Everything the build can be
 * configured with is read and checked here once; the rest of the app imports `env`.
 */
export interface ConsoleEnv {
  /** Prefix put before every API path; empty means the page's own origin. */
  apiBase: string;
  /**
   * Chrome extension id for `chrome.runtime.sendMessage`: the companion's pinned id unless
   * VITE_EXTENSION_ID names another (a store build has the store's id); `none` turns it off.
   */
  extensionId: string | undefined;
  /** The FAQ page opened in a new tab by the FAQ menu entry. */
  faqUrl: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readEnv(source: Record<string, unknown>): ConsoleEnv {
  const apiBase = (text(source.VITE_API_BASE) ?? '').replace(/\/+$/, '');
  const configured = text(source.VITE_EXTENSION_ID);
  const extensionId = configured === 'none' ? undefined : (configured ?? PINNED_EXTENSION_ID);
  if (extensionId !== undefined && !/^[a-p]{32}$/.test(extensionId)) {
    // A wrong id would make every hand-over fail silently; say so once, loudly, at start.
    console.warn(`VITE_EXTENSION_ID "${extensionId}" is not a Chrome extension id; ignored.`);
  }
  return {
    apiBase,
    extensionId: extensionId && /^[a-p]{32}$/.test(extensionId) ? extensionId : undefined,
    faqUrl: text(source.VITE_FAQ_URL) ?? '/faq.html',
  };
}

export const env: ConsoleEnv = readEnv(import.meta.env as Record<string, unknown>);

import type { BuildConfig } from '../src/build-config.ts';
import { channelHostPermissions } from '../src/shop/seller-hosts.ts';

export { channelHostPermissions };

/**
 * The public half of the key pair that pins the extension's id to
 * ngneapepkmcpohibcobcfphlliineemk (PINNED_EXTENSION_ID in the contract): Chrome derives
 * an unpacked extension's id from it. The private half was not kept: loading unpacked
 * needs none, and the Chrome Web Store signs with its own.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwIlaMjkPcMG6yucRgg3Ogpl5lSENSWXtbESS9Ck9oHyp2meWUxrRPC834dDCngktKoDk72p3RJRfn46ke+T0+XG3kxNf6gQHUQDVYcn+gW1w5YmcX+72kUddaaL6C77pQ7BM1Cragne1JcKwVXrqsmAxuufDr909f35SfGmoXWOtoqhImdHUWRZhPTynveIyHD+xVnzOuYl/ZLTJQT/4JZ3JicbkwWtWnFyhftuMSSkhRgDn/3smgAaknDYEQDTBOdkJ953taAk8dKVtjfcFdFdmyMZypXpswANZxRKWtpDkm1+PibpO3FWTFQhIHhc1jhXpLuqYtHn6EYdkD9JJvwIDAQAB';

export const iconSizes = [16, 32, 48, 128] as const;

/** Paths of a console origin that the server answers itself, not the console (match patterns). */
export const serverOnlyPaths = ['/api/*', '/sandbox/*'] as const;

/** Chrome's id of an extension: the first 128 bits of SHA-256 of its public key, as letters a-p. */
export async function extensionIdOf(publicKeyBase64: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const hex = createHash('sha256')
    .update(Buffer.from(publicKeyBase64, 'base64'))
    .digest('hex')
    .slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/**
 * The manifest of a build. The console origins appear three times: the console pages the
 * bridge runs on, the pages that may message the extension directly, and where the API
 * calls go. `withKey: false` for the store upload (the store refuses a key).
 */
export function buildManifest(config: BuildConfig, options: { withKey: boolean }) {
  const consolePages = config.consoleOrigins.map((origin) => `${origin}/*`);
  // The console's server answers more than the console on its origin: the API (and its
  // document's pages at /api/docs) and the sandbox payment pages. The bridge has no
  // business there: it runs on the console's own pages only.
  const notConsolePages = config.consoleOrigins.flatMap((origin) =>
    serverOnlyPaths.map((path) => `${origin}${path}`),
  );
  const icons = Object.fromEntries(
    iconSizes.map((size) => [String(size), `icons/icon-${size}.png`]),
  );
  return {
    manifest_version: 3,
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    version: config.version,
    default_locale: 'zh_CN',
    ...(options.withKey ? { key: EXTENSION_PUBLIC_KEY } : {}),
    minimum_chrome_version: '116',
    icons,
    action: {
      default_popup: 'popup.html',
      default_title: '__MSG_actionTitle__',
      default_icon: icons,
    },
    background: { service_worker: 'service-worker.js' },
    // alarms: the channel's loop wakes without any page; notifications: a captcha or a lost
    // platform login is told to the seller; scripting: the page flows in the channel's own tab.
    permissions: ['storage', 'alarms', 'notifications', 'scripting'],
    // The platform hosts: the channel's own tab (it injects the page flow there itself), and
    // the URL of the seller's seller-center tab the popup prefills a shop from. No content
    // script runs on a platform page.
    host_permissions: [...consolePages, ...channelHostPermissions],
    content_scripts: [
      {
        matches: consolePages,
        exclude_matches: notConsolePages,
        js: ['console-bridge.js'],
        run_at: 'document_idle',
      },
    ],
    externally_connectable: { matches: consolePages },
  };
}

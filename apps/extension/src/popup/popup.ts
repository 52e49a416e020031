import type { ShopIdentityBody } from '@inviteflow/contract';
import { httpTaskApi } from '../api/api-client.ts';
import { ownedTab } from '../channel/owned-tab.ts';
import { channelPacingItem } from '../channel/pacing.ts';
import { channelEnabledItem, channelStatusItem } from '../channel/status.ts';
import { consoleUrl } from '../config.ts';
import { resolveLocale, t } from '../locale/index.ts';
import { pickSellerTab, reportShop, shopHintFromUrl, type ShopHint } from '../shop/report-shop.ts';
import { channelHostPermissions } from '../shop/seller-hosts.ts';
import { authItem, localeItem, shopReportItem } from '../storage/items.ts';
import { renderPopup, type PopupModel } from './popup-view.ts';

/** The popup page: wiring only (the view is popup-view.ts). */
const app = document.getElementById('app')!;
let summary: PopupModel['summary'] = { state: 'loading' };
let heldOrigin: string | null = null;
let shopHint: ShopHint | null = null;
let binding = false;
let shopDraft: Partial<ShopIdentityBody> = {};
/** What each kept section on screen was drawn from (it stays while this holds). */
let drawnFrom: Record<string, string> = {};

async function model(): Promise<PopupModel> {
  const [stored, choice, shopReport, enabled, status, pacing] = await Promise.all([
    authItem.get(),
    localeItem.get(),
    shopReportItem.get(),
    channelEnabledItem.get(),
    channelStatusItem.get(),
    channelPacingItem.get(),
  ]);
  const now = new Date();
  const expired = stored !== null && Date.parse(stored.expiresAt) <= now.getTime();
  heldOrigin = stored?.apiOrigin ?? null;
  return {
    locale: resolveLocale(choice),
    auth: expired ? null : stored,
    expired,
    summary,
    now,
    shopReport,
    shopHint,
    shopDraft,
    binding,
    channel: { enabled, status, pacing },
  };
}

async function bindShop(identity: ShopIdentityBody) {
  if (binding) return;
  binding = true;
  await render();
  try {
    const locale = resolveLocale(await localeItem.get());
    await reportShop(
      httpTaskApi(() => locale),
      identity,
    );
  } finally {
    binding = false;
  }
  // The bound shops come from the summary: read it again (it renders).
  await loadSummary();
}

async function render() {
  const current = await model();
  document.documentElement.lang = current.locale;
  document.title = t(current.locale, 'brand.name');
  app.dataset.view = current.auth ? 'signed-in' : 'signed-out';
  const nodes = renderPopup(document, current, {
    openConsole: (path) => void chrome.tabs.create({ url: consoleUrl(path, heldOrigin) }),
    switchLanguage: () =>
      void localeItem.set(current.locale === 'zh-CN' ? 'en-US' : 'zh-CN').then(loadSummary),
    bindShop: (identity) => void bindShop(identity),
    draftShop: (draft) => {
      shopDraft = draft;
    },
    channel: {
      setEnabled: (enabled) => void channelEnabledItem.set(enabled),
      savePacing: (pacing) => void channelPacingItem.set(pacing),
    },
  });
  // The channel's status changes every few seconds while a run goes on: the forms the seller
  // may be typing in (the bind form, the pacing) stay the same elements (focus, caret,
  // selection and an open <details> kept) unless what they show changed.
  const keys: Record<string, string> = {
    'bind-shop': JSON.stringify([current.locale, current.binding, current.shopHint]),
    'channel-pacing': JSON.stringify([current.locale, current.channel.pacing]),
  };
  keepSections(nodes, keys);
  drawnFrom = keys;
}

/** Puts `nodes` on screen, keeping each live section whose key is what it was drawn from. */
function keepSections(nodes: Node[], keys: Record<string, string>) {
  const next = nodes.map((node) => {
    const name = node instanceof HTMLElement ? node.dataset.section : undefined;
    if (!name || !(name in keys)) return node;
    const live = app.querySelector<HTMLElement>(`:scope > [data-section="${name}"]`);
    if (live && drawnFrom[name] === keys[name]) return live;
    // Redrawn (its values changed): an open <details> stays open.
    const wasOpen = live?.querySelector('details')?.open;
    const details = (node as HTMLElement).querySelector('details');
    if (wasOpen && details) details.open = true;
    return node;
  });
  for (const child of [...app.children]) if (!next.includes(child)) child.remove();
  // The kept ones are already in order: only the new ones are inserted around them.
  next.forEach((node, index) => {
    if (app.children[index] !== node) app.insertBefore(node, app.children[index] ?? null);
  });
}

/**
 * The seller's open seller-center tab, by its URL only (the host permissions let the popup
 * see the URLs of those hosts; nothing runs in the tab).
 */
async function readShopHint() {
  try {
    const [tabs, owned] = await Promise.all([
      chrome.tabs.query({ url: [...channelHostPermissions] }),
      ownedTab(),
    ]);
    shopHint = shopHintFromUrl(pickSellerTab(tabs, owned?.tabId ?? null)?.url);
  } catch {
    shopHint = null;
  }
}

async function loadSummary() {
  const locale = resolveLocale(await localeItem.get());
  const answer = await httpTaskApi(() => locale).summary();
  if (answer.ok) summary = { state: 'ok', data: answer.data };
  else if (answer.error.kind === 'network')
    summary = { state: 'error', message: t(locale, 'error.network') };
  else if (answer.error.kind === 'signedOut' || answer.error.kind === 'unauthorized')
    summary = { state: 'loading' };
  else
    summary = {
      state: 'error',
      message:
        answer.error.message || t(locale, 'error.server', { status: answer.error.status ?? 0 }),
    };
  await render();
  // Everything the popup will show is on screen (for the seller's eye and for tests).
  app.dataset.ready = 'true';
}

for (const item of [authItem, localeItem, shopReportItem]) item.watch(() => void render());
for (const item of [channelEnabledItem, channelStatusItem, channelPacingItem]) {
  item.watch(() => void render());
}
authItem.watch((auth) => {
  if (auth) void loadSummary();
});
void readShopHint().then(render).then(loadSummary);

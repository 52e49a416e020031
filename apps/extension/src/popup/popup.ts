import { httpTaskApi } from '../api/api-client.ts';
import { consoleUrl } from '../config.ts';
import { resolveLocale, t } from '../locale/index.ts';
import { leaseHeld } from '../runner/runner-lease.ts';
import {
  authItem,
  controlItem,
  leaseItem,
  localeItem,
  shopReportItem,
  statusItem,
} from '../storage/items.ts';
import { renderPopup, type PopupModel } from './popup-view.ts';
import { channelPacingItem } from '../channel/pacing.ts';
import { channelEnabledItem, channelStatusItem } from '../channel/status.ts';

/** The popup page: wiring only (the view is popup-view.ts). */
const app = document.getElementById('app')!;
let summary: PopupModel['summary'] = { state: 'loading' };
let heldOrigin: string | null = null;
let leaseTimer: ReturnType<typeof setTimeout> | undefined;

async function model(): Promise<PopupModel> {
  const [channelEnabled, channelStatus, channelPacing] = await Promise.all([
    channelEnabledItem.get(),
    channelStatusItem.get(),
    channelPacingItem.get(),
  ]);
  const [stored, choice, status, control, shopReport, lease] = await Promise.all([
    authItem.get(),
    localeItem.get(),
    statusItem.get(),
    controlItem.get(),
    shopReportItem.get(),
    leaseItem.get(),
  ]);
  const now = new Date();
  const expired = stored !== null && Date.parse(stored.expiresAt) <= now.getTime();
  heldOrigin = stored?.apiOrigin ?? null;
  // A run whose page died leaves its lease to lapse: look again then.
  clearTimeout(leaseTimer);
  if (leaseHeld(lease, now)) {
    leaseTimer = setTimeout(() => void render(), Date.parse(lease!.until) - now.getTime() + 100);
  }
  return {
    locale: resolveLocale(choice),
    auth: expired ? null : stored,
    expired,
    summary,
    status,
    paused: control.paused,
    lease,
    now,
    shopReport,
    channel: { enabled: channelEnabled, status: channelStatus, pacing: channelPacing },
  };
}

async function render() {
  const current = await model();
  document.documentElement.lang = current.locale;
  document.title = t(current.locale, 'brand.name');
  app.dataset.view = current.auth ? 'signed-in' : 'signed-out';
  app.replaceChildren(
    ...renderPopup(document, current, {
      openConsole: (path) => void chrome.tabs.create({ url: consoleUrl(path, heldOrigin) }),
      pause: () => void controlItem.set({ paused: true }),
      resume: () => void controlItem.set({ paused: false, resumedAt: new Date().toISOString() }),
      switchLanguage: () =>
        void localeItem.set(current.locale === 'zh-CN' ? 'en-US' : 'zh-CN').then(loadSummary),
      channel: {
        setEnabled: (enabled) => void channelEnabledItem.set(enabled),
        savePacing: (pacing) => void channelPacingItem.set(pacing),
      },
    }),
  );
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

for (const item of [authItem, localeItem, statusItem, controlItem, shopReportItem, leaseItem]) {
  item.watch(() => void render());
}
for (const item of [channelEnabledItem, channelStatusItem, channelPacingItem]) {
  item.watch(() => void render());
}
authItem.watch((auth) => {
  if (auth) void loadSummary();
});
void render().then(loadSummary);

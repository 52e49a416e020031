import { adapterForUrl, adaptersFor } from '../adapters/index.ts';
import { buildConfig } from '../config.ts';
import { resolveLocale, t } from '../locale/index.ts';
import { askBackground, messagingTaskApi } from '../messaging/messages.ts';
import { PagePanel, type PanelShop } from '../page/panel.ts';
import { acquireRunnerLease, type HeldLease } from '../runner/runner-lease.ts';
import { TaskRunner } from '../runner/runner.ts';
import { reportSeenShop } from '../shop/report-shop.ts';
import { authItem, controlItem, localeItem, statusItem } from '../storage/items.ts';

/**
 * Content script on seller-center pages: wiring only. The page's adapter reads the shop,
 * which is reported; once it is bound, the task runner works through its records. One
 * runner per browser (a lease in storage), so two open tabs never split one journal.
 */
const adapter = adapterForUrl(new URL(location.href), adaptersFor(buildConfig.testSellerCenter));

async function main() {
  if (!adapter) return;
  // The browser channel's own tab is the channel's: no shop report, no record-by-record run.
  if (await askBackground<boolean>({ kind: 'is-owned-tab' }).catch(() => false)) return;
  const api = messagingTaskApi();
  const panel = new PagePanel(document);
  let shop: PanelShop = 'reporting';
  let runner: TaskRunner | null = null;
  const mark = (value: string) => (document.documentElement.dataset.inviteflowSeller = value);

  const render = async () => {
    const locale = resolveLocale(await localeItem.get());
    panel.render({ locale, shop, status: await statusItem.get() });
  };
  statusItem.watch(() => void render());
  localeItem.watch(() => void render());

  // Once the page goes, its run stops and the lease is given back at once.
  const pageGone = new AbortController();
  let lease: HeldLease | null = null;
  window.addEventListener('pagehide', () => {
    pageGone.abort();
    runner?.stop();
    lease?.release();
  });

  let starting = false;
  const startRunner = async (shopId: number) => {
    if (starting || pageGone.signal.aborted) return;
    starting = true;
    try {
      const locale = resolveLocale(await localeItem.get());
      const current = new TaskRunner({
        api,
        adapter,
        document,
        interruptedMessage: t(locale, 'result.interrupted'),
      });
      runner = current;
      // One runner per browser: another tab (of any seller-center origin) may hold the lease.
      lease = await acquireRunnerLease({ signal: pageGone.signal, onLost: () => current.stop() });
      if (lease) await current.run(shopId);
    } finally {
      lease?.release();
      lease = null;
      runner = null;
      starting = false;
    }
  };

  const report = async () => {
    // Seller centers are single-page apps: the shop may appear a moment after load.
    for (let attempt = 0; attempt < 20; attempt++) {
      const outcome = await reportSeenShop(api, adapter, document);
      if (outcome !== 'noShop') {
        shop = outcome;
        mark(typeof outcome === 'string' ? outcome : outcome.outcome);
        await render();
        if (typeof outcome === 'object' && outcome.shop) void startRunner(outcome.shop.id);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    shop = 'noShop';
    mark('noShop');
    await render();
  };

  // A login handed over later (the console opened after this page) reports the shop then.
  authItem.watch((auth) => {
    if (!auth) return;
    if (shop === 'signedOut' || shop === 'noShop') void report();
    // A run that ended signed out goes on with the renewed login.
    else if (typeof shop === 'object' && shop.shop) void startRunner(shop.shop.id);
  });
  // Resume after a run ended (quota, the platform's login, an error): run again on this
  // page's shop. A run still alive (paused, or waiting for the lease) goes on by itself.
  controlItem.watch((control) => {
    if (!control.paused && !runner && typeof shop === 'object' && shop.shop)
      void startRunner(shop.shop.id);
  });
  mark('reporting');
  await render();
  await report();
}

void main();

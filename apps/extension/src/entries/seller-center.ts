import { adapterForUrl, adaptersFor } from '../adapters/index.ts';
import { buildConfig } from '../config.ts';
import { resolveLocale, t } from '../locale/index.ts';
import { messagingTaskApi } from '../messaging/messages.ts';
import { PagePanel, type PanelShop } from '../page/panel.ts';
import { TaskRunner } from '../runner/runner.ts';
import { reportSeenShop } from '../shop/report-shop.ts';
import { authItem, localeItem, statusItem } from '../storage/items.ts';

/**
 * Content script on seller-center pages: wiring only. The page's adapter reads the shop,
 * which is reported; once it is bound, the task runner works through its records. One
 * runner per browser (a Web Lock), so two open tabs never split one journal.
 */
const adapter = adapterForUrl(new URL(location.href), adaptersFor(buildConfig.testSellerCenter));

async function main() {
  if (!adapter) return;
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

  const startRunner = async (shopId: number) => {
    if (runner) return;
    const locale = resolveLocale(await localeItem.get());
    runner = new TaskRunner({
      api,
      adapter,
      document,
      interruptedMessage: t(locale, 'result.interrupted'),
    });
    const current = runner;
    window.addEventListener('pagehide', () => current.stop());
    const run = () => current.run(shopId).finally(() => (runner = null));
    if (navigator.locks) await navigator.locks.request('inviteflow-task-runner', run);
    else await run();
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
  mark('reporting');
  await render();
  await report();
}

void main();

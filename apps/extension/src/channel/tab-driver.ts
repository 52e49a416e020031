import type { ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { installAnswerHook } from '../page/flows/answer-hook.ts';
import type { PrepareResult, SendResult } from '../page/flows/flow-types.ts';
import {
  PageNotLoaded,
  type PageDriver,
  type PageFlowHooks,
  type PageFlowResult,
} from './action-runner.ts';
import { forgetOwnedTab, ownedTab, rememberOwnedTab } from './owned-tab.ts';

/**
 * The page side of the browser channel in Chrome: the extension's own tab in a window of its
 * own (never a seller's tab), kept from being discarded; the page flows run in it through a
 * programmatically injected script (`page-flow.js`, isolated world) and the JSON answer hook
 * in the page's world. Nothing is added to the page's DOM.
 */

export interface FlowRequest {
  kind: 'flow-prepare' | 'flow-send' | 'flow-readback';
  action: ClaimedBrowserAction;
  pack: PagePack;
  key: string;
  stepTimeoutMs: number;
  recordIds?: number[];
}

export class OwnedTabDriver implements PageDriver {
  constructor(private readonly stepTimeoutMs = 15_000) {}

  private async tabId(): Promise<number> {
    // Only a tab opened in this browser session (ownedTab: after a restart the kept id can
    // name a seller's tab).
    const held = await ownedTab();
    if (held) {
      try {
        const tab = await chrome.tabs.get(held.tabId);
        if (tab.id !== undefined) return tab.id;
      } catch {
        // Closed by the seller: a new one is opened.
      }
    }
    const window = await chrome.windows.create({
      url: 'about:blank',
      focused: false,
      type: 'normal',
    });
    const tab = window?.tabs?.[0];
    if (!window?.id || tab?.id === undefined) throw new Error('no window for the channel');
    await rememberOwnedTab({ windowId: window.id, tabId: tab.id });
    return tab.id;
  }

  async open(url: string): Promise<string> {
    const tabId = await this.tabId();
    let unloaded = false;
    const loaded = new Promise<void>((resolve) => {
      const timer = setTimeout(done, 45_000);
      function done() {
        clearTimeout(timer);
        chrome.tabs.onUpdated.removeListener(listener);
        resolve();
      }
      function listener(id: number, change: chrome.tabs.OnUpdatedInfo) {
        if (id !== tabId) return;
        if (change.status === 'complete') done();
        // Chrome can unload a background window's tab before it has loaded (seen on a busy
        // machine, right after a browser start): such a tab does not load again when asked.
        else if (change.status === 'unloaded') {
          unloaded = true;
          done();
        }
      }
      chrome.tabs.onUpdated.addListener(listener);
    });
    await chrome.tabs.update(tabId, { url, autoDiscardable: false });
    await loaded;
    const tab = await chrome.tabs.get(tabId);
    const committed =
      !unloaded && (tab.status === 'complete' || (tab.status === 'loading' && !tab.pendingUrl));
    if (!committed) {
      // Unloaded, or a navigation that never committed in 45 s: this tab is given up and the
      // next look opens a fresh one (every later open would wait on the same stuck tab).
      await forgetOwnedTab();
      await chrome.windows.remove(tab.windowId).catch(() => undefined);
      throw new PageNotLoaded(`the page did not load (${unloaded ? 'unloaded' : 'no answer'})`);
    }
    // Single-page apps redirect after load (a login page): let the route settle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (await chrome.tabs.get(tabId)).url ?? '';
  }

  private async inPage<A extends unknown[], R>(
    func: (...args: A) => R,
    args: A,
  ): Promise<Awaited<R>> {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: await this.tabId() },
      func,
      args,
    });
    return result?.result as Awaited<R>;
  }

  async missing(selectors: string[]): Promise<string[]> {
    return this.inPage(
      (list: string[]) => list.filter((selector) => !document.querySelector(selector)),
      [selectors],
    );
  }

  async captchaShown(pack: PagePack): Promise<boolean> {
    return this.inPage(
      (selectors: string[]) =>
        selectors.some((selector) => {
          const found = document.querySelector<HTMLElement>(selector);
          return !!found && found.getClientRects().length > 0;
        }),
      [[...pack.captcha.selectors, ...pack.captcha.iframes]],
    );
  }

  async run(
    action: ClaimedBrowserAction,
    pack: PagePack,
    hooks: PageFlowHooks,
  ): Promise<PageFlowResult> {
    const tabId = await this.tabId();
    const key = `if-${crypto.randomUUID()}`;
    await chrome.scripting.executeScript({
      target: { tabId },
      world: 'MAIN',
      func: installAnswerHook,
      args: [pack.endpoints, key],
    });
    await chrome.scripting.executeScript({ target: { tabId }, files: ['page-flow.js'] });
    const base = { action, pack, key, stepTimeoutMs: this.stepTimeoutMs };
    const prepared = (await chrome.tabs.sendMessage(tabId, {
      ...base,
      kind: 'flow-prepare',
    } satisfies FlowRequest)) as PrepareResult | undefined;
    if (!prepared) throw new Error('the page flow did not answer');
    if (!prepared.ready) return { outcomes: prepared.outcomes, stop: prepared.stop, unknown: [] };
    if (!(await hooks.beforeSend(prepared.recordIds)))
      return { outcomes: prepared.outcomes, unknown: [] };
    const sent = (await chrome.tabs.sendMessage(tabId, {
      ...base,
      kind: 'flow-send',
      recordIds: prepared.recordIds,
    } satisfies FlowRequest)) as SendResult | undefined;
    if (!sent) return { outcomes: prepared.outcomes, unknown: prepared.recordIds };
    return {
      outcomes: [...prepared.outcomes, ...sent.outcomes],
      unknown: sent.unknown,
      ...(sent.stop ? { stop: sent.stop } : {}),
      ...(sent.unattributed ? { unattributed: sent.unattributed } : {}),
    };
  }

  /** What the page shows of the action's records (the runner has opened its page). */
  async readBack(
    action: ClaimedBrowserAction,
    pack: PagePack,
  ): Promise<Map<number, 'sent' | 'not_sent'> | null> {
    const tabId = await this.tabId();
    const key = `if-${crypto.randomUUID()}`;
    // The hook reads the answers of the calls a flow asks the page to make (TikTok's conflict
    // check); the page's own calls are seen too.
    await chrome.scripting.executeScript({
      target: { tabId },
      world: 'MAIN',
      func: installAnswerHook,
      args: [pack.endpoints, key],
    });
    await chrome.scripting.executeScript({ target: { tabId }, files: ['page-flow.js'] });
    const seen = (await chrome.tabs.sendMessage(tabId, {
      kind: 'flow-readback',
      action,
      pack,
      key,
      stepTimeoutMs: this.stepTimeoutMs,
    } satisfies FlowRequest)) as Array<[number, 'sent' | 'not_sent']> | null | undefined;
    return seen ? new Map(seen) : null;
  }
}

import type { Locale } from '@inviteflow/contract';
import { t, type TextKey } from '../locale/index.ts';
import type { RunnerStatus, ShopReport } from '../storage/items.ts';

/**
 * The small InviteFlow panel on a seller-center page: what happened to the shop in view
 * and what the runner is doing, in the seller's language. It lives in a shadow root, so
 * the page's styles do not restyle it (and its styles do not leak into the page).
 */
export type PanelShop = ShopReport | 'reporting' | 'signedOut' | 'noShop';

export interface PanelState {
  locale: Locale;
  shop: PanelShop;
  status: RunnerStatus | null;
}

const styles = `
:host { all: initial; }
.panel { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; width: 280px;
  font: 13px/1.5 -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif;
  color: #1d2129; background: #fff; border: 1px solid #e5e6eb; border-radius: 8px;
  box-shadow: 0 4px 16px rgba(29, 33, 41, .12); overflow: hidden; }
.head { display: flex; align-items: center; gap: 8px; padding: 8px 12px; background: #165dff; color: #fff; font-weight: 600; }
.logo { width: 18px; height: 18px; border-radius: 4px; background: #fff; color: #165dff; display: grid; place-items: center; font-size: 11px; font-weight: 700; }
.body { padding: 10px 12px; display: grid; gap: 6px; }
.row { display: flex; gap: 8px; align-items: flex-start; }
.dot { flex: none; width: 8px; height: 8px; border-radius: 50%; margin-top: 6px; background: #86909c; }
.ok .dot { background: #00b42a; } .warn .dot { background: #ff7d00; } .bad .dot { background: #f53f3f; } .busy .dot { background: #165dff; }
.muted { color: #86909c; font-size: 12px; }
`;

function shopLine(state: PanelState): { tone: string; text: string } {
  const { locale, shop } = state;
  if (shop === 'reporting') return { tone: 'busy', text: t(locale, 'panel.reporting') };
  if (shop === 'signedOut') return { tone: 'warn', text: t(locale, 'panel.signedOut') };
  if (shop === 'noShop') return { tone: 'warn', text: t(locale, 'panel.noShop') };
  const name = shop.identity.shopName;
  switch (shop.outcome) {
    case 'bound':
      return { tone: 'ok', text: `${t(locale, 'panel.bound')} · ${name}` };
    case 'alreadyBound':
      return { tone: 'ok', text: `${t(locale, 'panel.alreadyBound')} · ${name}` };
    case 'refused':
      return { tone: 'bad', text: t(locale, 'panel.refused', { message: shop.message }) };
    case 'failed':
      return { tone: 'bad', text: t(locale, 'panel.failed', { message: shop.message }) };
  }
}

function runnerLine(locale: Locale, status: RunnerStatus): { tone: string; text: string } {
  const state = t(locale, `runner.state.${status.state}` as TextKey);
  const reason = status.reason ? `: ${t(locale, `runner.reason.${status.reason}` as TextKey)}` : '';
  const tone =
    status.state === 'running'
      ? 'busy'
      : status.state === 'stopped'
        ? 'bad'
        : status.state === 'paused' || status.state === 'capReached'
          ? 'warn'
          : 'ok';
  return { tone, text: `${state}${reason}` };
}

function line(document: Document, tone: string, text: string, role?: string): HTMLElement {
  const row = document.createElement('div');
  row.className = `row ${tone}`;
  if (role) row.dataset.role = role;
  const dot = document.createElement('span');
  dot.className = 'dot';
  const label = document.createElement('span');
  label.textContent = text;
  row.append(dot, label);
  return row;
}

export class PagePanel {
  private readonly host: HTMLElement;
  private readonly root: ShadowRoot;

  constructor(private readonly document: Document) {
    this.host = document.createElement('inviteflow-panel');
    this.root = this.host.attachShadow({ mode: 'open' });
    document.documentElement.append(this.host);
  }

  render(state: PanelState) {
    const { document } = this;
    const style = document.createElement('style');
    style.textContent = styles;
    const panel = document.createElement('div');
    panel.className = 'panel';
    const head = document.createElement('div');
    head.className = 'head';
    const logo = document.createElement('span');
    logo.className = 'logo';
    logo.textContent = 'IF';
    const brand = document.createElement('span');
    brand.textContent = t(state.locale, 'brand.name');
    head.append(logo, brand);
    const body = document.createElement('div');
    body.className = 'body';
    const shop = shopLine(state);
    body.append(line(document, shop.tone, shop.text, 'shop'));
    if (state.status && typeof state.shop === 'object' && state.shop.shop) {
      const runner = runnerLine(state.locale, state.status);
      body.append(line(document, runner.tone, runner.text, 'runner'));
      const progress = document.createElement('div');
      progress.className = 'muted';
      progress.textContent = t(state.locale, 'panel.progress', {
        count: state.status.executed.count,
      });
      body.append(progress);
    }
    panel.append(head, body);
    this.root.replaceChildren(style, panel);
    // The state in attributes too: a glance for support staff in DevTools, and for tests.
    this.host.dataset.shop = typeof state.shop === 'string' ? state.shop : state.shop.outcome;
    this.host.dataset.runner = state.status?.state ?? '';
  }
}

import type { ExtensionSummary, Locale } from '@inviteflow/contract';
import { t, tShared, type TextKey } from '../locale/index.ts';
import { capDay } from '../runner/pacing.ts';
import { channelSection, type ChannelActions, type ChannelModel } from './channel-view.ts';
import { shownRunnerState } from '../runner/runner-lease.ts';
import type { AuthState, RunnerLease, RunnerStatus, ShopReport } from '../storage/items.ts';

/** Everything the popup shows; built from storage and the summary call by popup.ts. */
export interface PopupModel {
  locale: Locale;
  auth: AuthState | null;
  /** A login was held but its token has expired. */
  expired: boolean;
  summary:
    | { state: 'loading' }
    | { state: 'ok'; data: ExtensionSummary }
    | { state: 'error'; message: string };
  status: RunnerStatus;
  paused: boolean;
  /** Who runs the tasks: a live state without a live lease is a page that went away. */
  lease: RunnerLease | null;
  now: Date;
  shopReport: ShopReport | null;
  /** The browser channel (issue 17); absent in views that predate it. */
  channel?: ChannelModel;
}

export interface PopupActions {
  openConsole(path: string): void;
  pause(): void;
  /** Lifts a pause, or starts again a run that stopped. */
  resume(): void;
  switchLanguage(): void;
  channel?: ChannelActions;
}

type Child = Node | string | null | undefined | false;

function h(
  document: Document,
  tag: string,
  props: Record<string, string> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

function formatDate(locale: Locale, iso: string, withTime = false): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).format(new Date(iso));
}

function header(document: Document, model: PopupModel, actions: PopupActions) {
  const switcher = h(
    document,
    'button',
    {
      class: 'link-button',
      type: 'button',
      'data-action': 'language',
      'aria-label': t(model.locale, 'language.switchLabel'),
    },
    t(model.locale, 'language.switch'),
  );
  switcher.addEventListener('click', () => actions.switchLanguage());
  return h(
    document,
    'header',
    {},
    h(document, 'span', { class: 'logo', 'aria-hidden': 'true' }, 'IF'),
    h(document, 'span', { class: 'brand' }, t(model.locale, 'brand.name')),
    switcher,
  );
}

function signedOut(document: Document, model: PopupModel, actions: PopupActions) {
  const { locale } = model;
  const button = h(
    document,
    'button',
    { class: 'button primary block', type: 'button', 'data-action': 'login' },
    t(locale, 'signedOut.action'),
  );
  button.addEventListener('click', () => actions.openConsole('/login'));
  return h(
    document,
    'section',
    { class: 'signed-out', 'data-state': 'signed-out' },
    h(document, 'div', { class: 'illustration', 'aria-hidden': 'true' }, '⇄'),
    h(document, 'h1', {}, t(locale, 'signedOut.title')),
    h(document, 'p', {}, t(locale, model.expired ? 'signedOut.expired' : 'signedOut.body')),
    button,
  );
}

function membershipTag(document: Document, locale: Locale, summary: ExtensionSummary | null) {
  if (!summary) return null;
  const { level, isActive } = summary.membership;
  if (!isActive || level === 'none') {
    return h(document, 'span', { class: 'tag' }, t(locale, 'account.noMembership'));
  }
  return h(document, 'span', { class: 'tag primary' }, tShared(locale, `plan.${level}`));
}

function account(document: Document, model: PopupModel, summary: ExtensionSummary | null) {
  const { locale, auth } = model;
  const name = summary?.user.username ?? auth!.userInfo.username;
  const validTo = summary?.membership.isActive ? summary.membership.validTo : null;
  return h(
    document,
    'section',
    { 'data-section': 'account' },
    h(
      document,
      'div',
      { class: 'account' },
      h(
        document,
        'div',
        { class: 'avatar', 'aria-hidden': 'true' },
        name.slice(0, 1).toUpperCase(),
      ),
      h(
        document,
        'div',
        {},
        h(document, 'div', { class: 'account-name', 'data-field': 'username' }, name),
        h(
          document,
          'div',
          {},
          membershipTag(document, locale, summary),
          validTo &&
            h(
              document,
              'span',
              { class: 'muted' },
              ' ',
              t(locale, 'account.validTo', { date: formatDate(locale, validTo) }),
            ),
        ),
      ),
    ),
  );
}

function stat(document: Document, label: string, value: number | string, field: string) {
  return h(
    document,
    'div',
    { class: 'stat' },
    h(document, 'div', { class: 'stat-value', 'data-count': field }, String(value)),
    h(document, 'div', { class: 'stat-label' }, label),
  );
}

function today(document: Document, model: PopupModel) {
  const { locale, summary } = model;
  const data = summary.state === 'ok' ? summary.data : null;
  const value = (n: number | undefined) => (n === undefined ? '–' : n);
  return h(
    document,
    'section',
    { 'data-section': 'today' },
    h(document, 'h2', {}, t(locale, 'today.title')),
    h(
      document,
      'div',
      { class: 'stats' },
      stat(document, t(locale, 'today.pending'), value(data?.counts.pending), 'pending'),
      stat(document, t(locale, 'today.running'), value(data?.counts.running), 'running'),
      stat(document, t(locale, 'today.done'), value(data?.counts.done), 'done'),
    ),
    data &&
      h(
        document,
        'div',
        { class: 'muted', style: 'margin-top:8px' },
        t(locale, 'today.doneDetail', {
          succeeded: data.counts.succeeded,
          failed: data.counts.failed,
        }),
        ' · ',
        t(locale, 'today.remaining', { count: data.membership.remainingToday }),
      ),
    summary.state === 'loading' &&
      h(document, 'div', { class: 'muted' }, t(locale, 'summary.loading')),
    summary.state === 'error' &&
      h(
        document,
        'div',
        { class: 'error', role: 'alert' },
        t(locale, 'summary.failed', { message: summary.message }),
      ),
  );
}

function runner(document: Document, model: PopupModel, actions: PopupActions) {
  const { locale, status, paused } = model;
  const state = shownRunnerState(status.state, paused, model.lease, model.now);
  const tone =
    state === 'running'
      ? 'running'
      : state === 'stopped'
        ? 'bad'
        : state === 'paused' || state === 'capReached'
          ? 'warn'
          : 'ok';
  const reason =
    state === 'stopped' && status.reason
      ? ` · ${t(locale, `runner.reason.${status.reason}` as TextKey)}`
      : '';
  // A stopped run (the platform's quota, its login) starts again with Resume.
  const resumable = paused || state === 'stopped';
  const toggle = h(
    document,
    'button',
    {
      class: `button${resumable ? ' primary' : ''}`,
      type: 'button',
      'data-action': 'toggle-runner',
    },
    t(locale, resumable ? 'runner.resume' : 'runner.pause'),
  );
  toggle.addEventListener('click', () => (resumable ? actions.resume() : actions.pause()));
  return h(
    document,
    'section',
    { 'data-section': 'runner' },
    h(document, 'h2', {}, t(locale, 'runner.title')),
    h(
      document,
      'div',
      { class: 'runner' },
      h(
        document,
        'div',
        { class: 'runner-state', 'data-runner-state': state },
        h(document, 'span', { class: `dot ${tone}` }),
        `${t(locale, `runner.state.${state}` as TextKey)}${reason}`,
        status.detail && h(document, 'div', { class: 'muted' }, status.detail),
        h(
          document,
          'div',
          { class: 'muted' },
          // A count of an earlier day (no runner has run since) is not today's.
          t(locale, 'runner.executedToday', {
            count:
              status.executed.day ===
              capDay(
                model.now,
                model.summary.state === 'ok' ? model.summary.data.timeZone : undefined,
              )
                ? status.executed.count
                : 0,
          }),
        ),
      ),
      toggle,
    ),
  );
}

function currentShop(document: Document, model: PopupModel) {
  const { locale, shopReport } = model;
  if (!shopReport) {
    return h(
      document,
      'section',
      { 'data-section': 'current-shop' },
      h(document, 'h2', {}, t(locale, 'shop.current')),
      h(document, 'div', { class: 'muted' }, t(locale, 'shop.none')),
    );
  }
  const tone =
    shopReport.outcome === 'bound' || shopReport.outcome === 'alreadyBound' ? 'success' : 'danger';
  return h(
    document,
    'section',
    { 'data-section': 'current-shop', 'data-outcome': shopReport.outcome },
    h(document, 'h2', {}, t(locale, 'shop.current')),
    h(
      document,
      'div',
      { class: 'runner' },
      h(
        document,
        'div',
        { class: 'runner-state' },
        h(document, 'div', { class: 'shop-name' }, shopReport.identity.shopName),
        h(
          document,
          'div',
          { class: 'muted' },
          `${t(locale, `platform.${shopReport.identity.platform}`)} · ${shopReport.identity.shopCode}`,
        ),
      ),
      h(
        document,
        'span',
        { class: `tag ${tone}` },
        t(locale, `shop.outcome.${shopReport.outcome}` as TextKey),
      ),
    ),
    tone === 'danger' &&
      shopReport.message &&
      h(document, 'div', { class: 'error' }, shopReport.message),
  );
}

function boundShops(document: Document, model: PopupModel) {
  const { locale, summary } = model;
  if (summary.state !== 'ok') return null;
  const shops = summary.data.shops;
  return h(
    document,
    'section',
    { 'data-section': 'shops' },
    h(document, 'h2', {}, `${t(locale, 'shops.title')} (${shops.length})`),
    shops.length
      ? h(
          document,
          'ul',
          { class: 'shops' },
          ...shops.map((shop) =>
            h(
              document,
              'li',
              {},
              h(document, 'span', { class: 'shop-name' }, shop.shopName),
              h(document, 'span', { class: 'tag' }, t(locale, `platform.${shop.platform}`)),
            ),
          ),
        )
      : h(document, 'div', { class: 'muted' }, t(locale, 'shops.empty')),
  );
}

function footer(document: Document, model: PopupModel, actions: PopupActions) {
  const open = h(
    document,
    'button',
    { class: 'link-button', type: 'button', 'data-action': 'open-console' },
    `${t(model.locale, 'console.open')} ↗`,
  );
  open.addEventListener('click', () => actions.openConsole('/'));
  return h(
    document,
    'footer',
    {},
    h(
      document,
      'span',
      { class: 'muted' },
      model.auth
        ? t(model.locale, 'account.tokenUntil', {
            time: formatDate(model.locale, model.auth.expiresAt, true),
          })
        : '',
    ),
    open,
  );
}

/** The popup's whole view for a model: signed out, or the account, today's work and the runner. */
export function renderPopup(document: Document, model: PopupModel, actions: PopupActions): Node[] {
  if (!model.auth) return [header(document, model, actions), signedOut(document, model, actions)];
  const summary = model.summary.state === 'ok' ? model.summary.data : null;
  return [
    header(document, model, actions),
    account(document, model, summary),
    today(document, model),
    runner(document, model, actions),
    model.channel && actions.channel
      ? channelSection(document, model.locale, model.channel, actions.channel)
      : null,
    currentShop(document, model),
    boundShops(document, model),
    footer(document, model, actions),
  ].filter((node): node is HTMLElement => node !== null);
}

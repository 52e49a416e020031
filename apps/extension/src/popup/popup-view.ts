import type { ExtensionSummary, Locale, ShopIdentityBody } from '@inviteflow/contract';
import { t, type TextKey } from '../locale/index.ts';
import type { ShopHint } from '../shop/report-shop.ts';
import type { AuthState, ShopReport } from '../storage/items.ts';
import {
  channelSection,
  pacingSection,
  type ChannelActions,
  type ChannelModel,
} from './channel-view.ts';

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
  now: Date;
  shopReport: ShopReport | null;
  /** What the URL of the seller's open seller-center tab says of its shop, if any. */
  shopHint: ShopHint | null;
  /** What the seller typed in the bind form so far (kept across renders). */
  shopDraft: Partial<ShopIdentityBody>;
  /** A shop report is on its way. */
  binding: boolean;
  /** The browser channel (issue 17): the only way the extension sends. */
  channel: ChannelModel;
}

export interface PopupActions {
  openConsole(path: string): void;
  switchLanguage(): void;
  bindShop(identity: ShopIdentityBody): void;
  draftShop(draft: Partial<ShopIdentityBody>): void;
  channel: ChannelActions;
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
  return h(document, 'span', { class: 'tag primary' }, t(locale, `plan.${level}`));
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

function currentShop(document: Document, model: PopupModel) {
  const { locale, shopReport } = model;
  if (!shopReport) return null;
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

/**
 * Binds a shop to the account from the browser (issue 17): prefilled from the URL of the
 * seller's open seller-center tab where it says something, confirmed or typed by the seller.
 */
function bindShop(document: Document, model: PopupModel, actions: PopupActions) {
  const { locale } = model;
  const hint = model.shopHint;
  const draft = model.shopDraft;
  const input = (name: string, value: string, extra: Record<string, string> = {}) =>
    h(document, 'input', { name, value, class: 'input', ...extra }) as HTMLInputElement;
  const platform = h(
    document,
    'select',
    { name: 'platform', class: 'input' },
    ...(['douyin', 'tiktok'] as const).map((value) => {
      const option = h(document, 'option', { value }, t(locale, `platform.${value}`));
      if ((draft.platform ?? hint?.platform ?? 'douyin') === value)
        option.setAttribute('selected', '');
      return option;
    }),
  ) as HTMLSelectElement;
  const shopName = input('shop-name', draft.shopName ?? hint?.shopName ?? '', { maxlength: '100' });
  const shopCode = input('shop-code', draft.shopCode ?? hint?.shopCode ?? '', { maxlength: '64' });
  const siteName = input('site-name', draft.siteName ?? hint?.siteName ?? '', { maxlength: '100' });
  const row = (label: string, control: HTMLElement) =>
    h(document, 'label', { class: 'field' }, h(document, 'span', {}, label), control);
  const submit = h(
    document,
    'button',
    { class: 'button primary', type: 'submit', 'data-action': 'bind-shop' },
    t(locale, model.binding ? 'shop.bind.busy' : 'shop.bind.submit'),
  );
  if (model.binding) submit.setAttribute('disabled', '');
  const form = h(
    document,
    'form',
    { class: 'bind-shop' },
    row(t(locale, 'shop.bind.platform'), platform),
    row(t(locale, 'shop.bind.name'), shopName),
    row(t(locale, 'shop.bind.code'), shopCode),
    row(t(locale, 'shop.bind.site'), siteName),
    submit,
  );
  const values = () => ({
    platform: platform.value as ShopIdentityBody['platform'],
    shopName: shopName.value,
    shopCode: shopCode.value,
    siteName: siteName.value,
  });
  form.addEventListener('input', () => actions.draftShop(values()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = values();
    actions.bindShop({
      platform: typed.platform,
      shopName: typed.shopName.trim(),
      shopCode: typed.shopCode.trim(),
      siteName: typed.siteName.trim(),
    });
  });
  return h(
    document,
    'section',
    { 'data-section': 'bind-shop' },
    h(document, 'h2', {}, t(locale, 'shop.bind.title')),
    h(
      document,
      'div',
      { class: 'muted' },
      t(locale, hint ? 'shop.bind.fromTab' : 'shop.bind.hint'),
    ),
    form,
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

/** The popup's whole view for a model: signed out, or the account, today's work, the channel and the shops. */
export function renderPopup(document: Document, model: PopupModel, actions: PopupActions): Node[] {
  if (!model.auth) return [header(document, model, actions), signedOut(document, model, actions)];
  const summary = model.summary.state === 'ok' ? model.summary.data : null;
  return [
    header(document, model, actions),
    account(document, model, summary),
    today(document, model),
    channelSection(document, model.locale, model.channel, actions.channel),
    pacingSection(document, model.locale, model.channel.pacing, actions.channel.savePacing),
    boundShops(document, model),
    currentShop(document, model),
    bindShop(document, model, actions),
    footer(document, model, actions),
  ].filter((node): node is HTMLElement => node !== null);
}

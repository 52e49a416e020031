import { describe, expect, it } from 'vitest';
import type { ShopIdentityBody } from '@inviteflow/contract';
import { defaultChannelPacing } from '../channel/pacing.ts';
import { idleChannelStatus } from '../channel/status.ts';
import type { AuthState } from '../storage/items.ts';
import { renderPopup, type PopupActions, type PopupModel } from './popup-view.ts';

const now = new Date('2025-06-01T02:00:00Z');
const auth: AuthState = {
  token: 'ext-token',
  expiresAt: new Date(now.getTime() + 600_000).toISOString(),
  userInfo: {
    id: 7,
    username: 'seller01',
    phoneNumber: '13800138000',
    membershipLevel: 'none',
    membershipValidTo: null,
    maxShopBindCount: 1,
    currentShopBindCount: 1,
  },
  apiOrigin: 'http://127.0.0.1:3000',
  session: null,
  receivedVia: { window: now.toISOString(), external: null },
};

function render(model: Partial<PopupModel>) {
  const calls: string[] = [];
  const bound: ShopIdentityBody[] = [];
  const drafts: Array<Partial<ShopIdentityBody>> = [];
  const actions: PopupActions = {
    openConsole: (path) => calls.push(`open ${path}`),
    switchLanguage: () => calls.push('language'),
    bindShop: (identity) => bound.push(identity),
    draftShop: (draft) => drafts.push(draft),
    channel: {
      setEnabled: (enabled) => calls.push(`channel ${enabled}`),
      savePacing: () => calls.push('pacing'),
    },
  };
  const app = document.createElement('main');
  app.append(
    ...renderPopup(
      document,
      {
        locale: 'zh-CN',
        auth: null,
        expired: false,
        summary: { state: 'loading' },
        now,
        shopReport: null,
        shopHint: null,
        shopDraft: {},
        binding: false,
        channel: { enabled: true, status: idleChannelStatus, pacing: defaultChannelPacing },
        ...model,
      },
      actions,
    ),
  );
  document.body.replaceChildren(app);
  return { app, calls, bound, drafts };
}

describe('the popup', () => {
  it('signed out: says so in each language, and its button opens the console’s login page', () => {
    const zh = render({});
    expect(zh.app.textContent).toContain('尚未登录');
    zh.app.querySelector<HTMLButtonElement>('[data-action="login"]')!.click();
    expect(zh.calls).toEqual(['open /login']);
    const en = render({ locale: 'en-US', expired: true });
    expect(en.app.querySelector('[data-action="login"]')!.textContent).toBe(
      'Sign in on the console',
    );
    expect(en.app.textContent).toContain('Your sign-in has expired');
  });

  it('signed in: shows the browser channel (no record-by-record runner) and its switch', () => {
    const { app, calls } = render({ auth });
    expect(app.querySelector('[data-section="channel"]')).not.toBeNull();
    expect(app.querySelector('[data-section="runner"]')).toBeNull();
    expect(app.querySelector('[data-action="toggle-runner"]')).toBeNull();
    const toggle = app.querySelector<HTMLInputElement>('input[name="channel-enabled"]')!;
    expect(toggle.checked).toBe(true);
    toggle.click();
    expect(calls).toEqual(['channel false']);
  });

  it('binds a shop prefilled from the seller-center tab’s URL, as the seller corrects it', () => {
    const { app, bound, drafts } = render({
      auth,
      shopHint: { platform: 'tiktok', siteName: 'GB', shopCode: '7495' },
    });
    const section = app.querySelector('[data-section="bind-shop"]')!;
    expect(section.textContent).toContain('已根据打开的卖家中心页面地址预填');
    const field = (name: string) => section.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect(field('platform').value).toBe('tiktok');
    expect(field('shop-code').value).toBe('7495');
    expect(field('site-name').value).toBe('GB');
    field('shop-name').value = '  Mia Store ';
    field('shop-name').dispatchEvent(new Event('input', { bubbles: true }));
    expect(drafts.at(-1)).toMatchObject({ shopName: '  Mia Store ' });
    section.querySelector<HTMLButtonElement>('[data-action="bind-shop"]')!.click();
    expect(bound).toEqual([
      { platform: 'tiktok', shopName: 'Mia Store', shopCode: '7495', siteName: 'GB' },
    ]);
  });

  it('keeps what the seller typed across a re-render, and shows the report’s outcome', () => {
    const { app } = render({
      auth,
      locale: 'en-US',
      shopDraft: { platform: 'douyin', shopName: '小店', shopCode: 'DY1' },
      binding: true,
      shopReport: {
        identity: { platform: 'douyin', shopName: '小店', shopCode: 'DY1', siteName: '中国站' },
        outcome: 'refused',
        message: 'Every shop slot of your plan is in use',
        shop: null,
        at: now.toISOString(),
      },
    });
    const section = app.querySelector('[data-section="bind-shop"]')!;
    expect(section.querySelector<HTMLInputElement>('[name="shop-name"]')!.value).toBe('小店');
    expect(section.querySelector<HTMLInputElement>('[name="platform"]')!.value).toBe('douyin');
    const submit = section.querySelector<HTMLButtonElement>('[data-action="bind-shop"]')!;
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('Binding…');
    const outcome = app.querySelector('[data-section="current-shop"]')!;
    expect(outcome.getAttribute('data-outcome')).toBe('refused');
    expect(outcome.textContent).toContain('Every shop slot of your plan is in use');
  });
});

import { describe, expect, it } from 'vitest';
import { idleStatus, type AuthState, type RunnerStatus } from '../storage/items.ts';
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
const running: RunnerStatus = {
  ...idleStatus,
  state: 'running',
  shopId: 1,
  executed: { day: '2025-06-01', count: 3 },
};

function render(model: Partial<PopupModel>) {
  const calls: string[] = [];
  const actions: PopupActions = {
    openConsole: (path) => calls.push(`open ${path}`),
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    switchLanguage: () => calls.push('language'),
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
        status: idleStatus,
        paused: false,
        lease: null,
        now,
        shopReport: null,
        ...model,
      },
      actions,
    ),
  );
  return { app, calls };
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

  it('a run whose page went away shows as idle, not as still running', () => {
    const live = render({
      auth,
      status: running,
      lease: { owner: 'tab', until: new Date(now.getTime() + 60_000).toISOString() },
    });
    const state = (app: HTMLElement) =>
      app.querySelector('[data-runner-state]')!.getAttribute('data-runner-state');
    expect(state(live.app)).toBe('running');
    expect(live.app.textContent).toContain('本浏览器今日已执行 3 条');
    const gone = render({ auth, status: running, lease: null });
    expect(state(gone.app)).toBe('idle');
    expect(gone.app.textContent).toContain('空闲，打开卖家中心后开始执行');
  });

  it('counts only today’s executions, and Pause / Resume toggles', () => {
    const yesterday = render({
      auth,
      locale: 'en-US',
      status: { ...running, state: 'stopped', executed: { day: '2025-05-31', count: 9 } },
      paused: true,
    });
    expect(yesterday.app.textContent).toContain('0 executed in this browser today');
    const toggle = yesterday.app.querySelector<HTMLButtonElement>('[data-action="toggle-runner"]')!;
    expect(toggle.textContent).toBe('Resume');
    toggle.click();
    expect(yesterday.calls).toEqual(['resume']);
  });

  it('offers Pause while a run goes on, and Resume once it stopped (the quota, say)', () => {
    const toggle = (app: HTMLElement) =>
      app.querySelector<HTMLButtonElement>('[data-action="toggle-runner"]')!;
    const live = render({
      auth,
      locale: 'en-US',
      status: running,
      lease: { owner: 'tab', until: new Date(now.getTime() + 60_000).toISOString() },
    });
    expect(toggle(live.app).textContent).toBe('Pause');
    toggle(live.app).click();
    expect(live.calls).toEqual(['pause']);

    const stopped = render({
      auth,
      locale: 'en-US',
      status: { ...running, state: 'stopped', reason: 'quota' },
    });
    expect(stopped.app.textContent).toContain("The platform's invitation quota is used up");
    expect(toggle(stopped.app).textContent).toBe('Resume');
    toggle(stopped.app).click();
    expect(stopped.calls).toEqual(['resume']);
  });
});

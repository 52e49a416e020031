import type { ShopPause } from '@inviteflow/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, resetApp, signIn } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { ShopPauseAlert, ShopPauseTag, shopPauseText } from './shop-pause.tsx';

// Sunday 2026-11-29 00:00 in Los Angeles (PST, UTC-8): the platform's weekly quota reset.
const sundayLa = '2026-11-29T08:00:00.000Z';

function pause(overrides: Partial<ShopPause> = {}): ShopPause {
  return {
    reason: 'quota_exceeded',
    channel: 'api',
    resumesAt: sundayLa,
    timeZone: 'America/Los_Angeles',
    answer: { code: '16024022', message: 'Insufficient quota', requestId: 'req-42' },
    since: '2026-11-26T02:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
  useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
});

describe('shopPauseText', () => {
  it('tells a browser stop’s remedy: sign in again or solve the captcha in the extension’s window', () => {
    const login = pause({
      reason: 'login_expired',
      channel: 'browser',
      resumesAt: null,
      answer: null,
    });
    expect(shopPauseText(login, 'zh-CN')).toBe(
      '插件窗口中的平台登录已失效：请在插件打开的平台窗口重新登录，登录后自动继续，等待中的记录不会失败',
    );
    expect(shopPauseText(login, 'en-US')).toContain('sign in again there');
    const captcha = pause({ reason: 'captcha_required', channel: 'browser', resumesAt: null });
    expect(shopPauseText(captcha, 'zh-CN')).toContain('完成验证');
    expect(shopPauseText(captcha, 'en-US')).toContain('complete it in the extension');
    // A browser quota stop ends at the platform's reset, like the API's.
    const quota = pause({ channel: 'browser' });
    expect(shopPauseText(quota, 'en-US', 'Asia/Shanghai')).toContain('resumes 2026-11-29 16:00');
  });

  it('says when a quota pause ends in the account’s time, and names the shop’s zone', () => {
    expect(shopPauseText(pause(), 'zh-CN', 'Asia/Shanghai')).toBe(
      '平台邀约额度已用完，2026-11-29 16:00（店铺时间 America/Los_Angeles 0 点）自动继续',
    );
    expect(shopPauseText(pause(), 'en-US', 'Asia/Shanghai')).toBe(
      'The platform invitation quota is used up; resumes 2026-11-29 16:00 (00:00 shop time, America/Los_Angeles)',
    );
    // The same instant read in the shop's own zone is its midnight.
    expect(shopPauseText(pause(), 'en-US', 'America/Los_Angeles')).toContain(
      'resumes 2026-11-29 00:00',
    );
  });

  it('words each reason, to the second for a rate limit, and without an end when there is none', () => {
    const rate = pause({ reason: 'rate_limited', resumesAt: '2026-11-26T02:00:07.000Z' });
    expect(shopPauseText(rate, 'zh-CN', 'Asia/Shanghai')).toBe(
      '平台限流，2026-11-26 10:00:07 自动继续',
    );
    expect(shopPauseText(rate, 'en-US', 'Asia/Shanghai')).toBe(
      'Rate limited by the platform; resumes 2026-11-26 10:00:07',
    );
    for (const reason of ['authorization_revoked', 'authorization_scope_missing'] as const) {
      expect(shopPauseText(pause({ reason, resumesAt: null }), 'zh-CN')).toBe(
        '店铺授权已失效或缺少权限：重新授权后继续，记录保持等待中',
      );
    }
    expect(shopPauseText(pause({ reason: 'shop_ineligible' }), 'en-US', 'Asia/Shanghai')).toBe(
      'The shop does not meet a platform requirement; retried 2026-11-29 16:00',
    );
    expect(
      shopPauseText(pause({ reason: 'platform_configuration' }), 'zh-CN', 'Asia/Shanghai'),
    ).toBe('平台应用配置有误，管理员修正后 2026-11-29 16:00 重试');
    // No end and no seller's action: what it waits for, never "resumes —".
    expect(shopPauseText(pause({ reason: 'rate_limited', resumesAt: null }), 'en-US')).toBe(
      'Rate limited by the platform; resumes automatically; waiting records do not fail',
    );
  });
});

describe('ShopPauseAlert and ShopPauseTag', () => {
  it('shows an authorization pause with the platform’s answer and the way to My Shops', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/sent',
          element: (
            <ShopPauseAlert pause={pause({ reason: 'authorization_revoked', resumesAt: null })} />
          ),
        },
        { path: '/shop/list', element: <div>my shops page</div> },
      ],
      '/sent',
    );
    const alert = await screen.findByTestId('shop-pause');
    expect(within(alert).getByText("This shop's platform calls are paused")).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Shop authorization lost or lacking a permission: reconnect the shop to resume; records keep waiting',
      ),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText('Platform code 16024022 · Insufficient quota'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('Request ID: req-42')).toBeInTheDocument();
    expect(within(alert).getByText('Paused since 2026-11-26 10:00')).toBeInTheDocument();
    fireEvent.click(within(alert).getByText('Reconnect on My Shops'));
    expect(await screen.findByText('my shops page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/list');
  });

  it('offers no reconnect for a pause that ends by itself, in Chinese', async () => {
    await resetApp('zh-CN');
    signIn();
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
    renderRoutes([{ path: '*', element: <ShopPauseAlert pause={pause()} /> }], '/');
    const alert = await screen.findByTestId('shop-pause');
    expect(within(alert).getByText('该店铺的平台调用已暂停')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        '平台邀约额度已用完，2026-11-29 16:00（店铺时间 America/Los_Angeles 0 点）自动继续',
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByText('平台错误码 16024022 · Insufficient quota')).toBeInTheDocument();
    expect(within(alert).queryByText('去“我的店铺”重新授权')).toBeNull();
  });

  it('tags a paused shop and tells why on hover', async () => {
    renderRoutes([{ path: '*', element: <ShopPauseTag pause={pause()} /> }], '/');
    const tag = await screen.findByText('Paused');
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText(
        'The platform invitation quota is used up; resumes 2026-11-29 16:00 (00:00 shop time, America/Los_Angeles)',
      ),
    ).toBeInTheDocument();
  });
});

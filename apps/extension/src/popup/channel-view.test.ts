import { describe, expect, it } from 'vitest';
import { defaultChannelPacing, type ChannelPacing } from '../channel/pacing.ts';
import { idleChannelStatus, type ChannelStatus } from '../channel/status.ts';
import { channelSection, pacingSection } from './channel-view.ts';

function render(status: Partial<ChannelStatus>, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const saved: ChannelPacing[] = [];
  const toggled: boolean[] = [];
  const section = channelSection(
    document,
    locale,
    { enabled: true, status: { ...idleChannelStatus, ...status }, pacing: defaultChannelPacing },
    { setEnabled: (enabled) => toggled.push(enabled), savePacing: (pacing) => saved.push(pacing) },
  );
  document.body.replaceChildren(section);
  return { section, saved, toggled };
}

describe('the browser channel in the popup', () => {
  it('shows the action’s progress', () => {
    const { section } = render({
      state: 'running',
      action: {
        id: 1,
        kind: 'buyin_batch_invitation',
        shopName: '小店',
        total: 40,
        sent: 12,
        failed: 1,
      },
    });
    expect(section.querySelector('[data-field="channel-progress"]')!.textContent).toBe(
      '小店 · 百应 批量邀约带货：已发送 12 / 40，失败 1',
    );
  });

  it('shows a stop with its reason, its remedy and the records left pending, in both languages', () => {
    const stop = {
      reason: 'captcha' as const,
      detail: null,
      packVersion: 'buyin.daren-square@2',
      pending: 28,
      since: '2026-11-26T10:00:00Z',
    };
    const zh = render({ state: 'stopped', stop }).section.querySelector('.channel-stop')!;
    expect(zh.textContent).toContain('平台要求完成验证码');
    expect(zh.textContent).toContain('请在插件打开的窗口中完成验证码');
    expect(zh.textContent).toContain('28 位达人未尝试，已退回待执行');
    const en = render(
      { state: 'stopped', stop: { ...stop, reason: 'page_changed' } },
      'en-US',
    ).section;
    expect(en.querySelector('.channel-stop')!.textContent).toContain(
      'The page does not match its page pack (buyin.daren-square@2)',
    );
  });

  it('says what a waiting channel waits for, in both languages', () => {
    const waiting = (reason: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
      render({ state: 'waiting', waiting: reason }, locale).section.querySelector(
        '[data-field="channel-waiting"]',
      )?.textContent;
    expect(waiting('pack_stopped')).toContain('平台页面流程已暂停');
    expect(waiting('daily_allowance', 'en-US')).toBe(
      "Today's plan allowance is used up; continues tomorrow (shop time zone) on its own",
    );
    expect(waiting('unreachable')).toBe('暂时连不上 InviteFlow 服务器，稍后自动重试');
    expect(waiting('shop_stopped')).toContain('店铺因平台登录、验证码或额度暂停');
    // Nothing to explain when there is simply no batch yet.
    expect(waiting('nothing')).toBeUndefined();
  });

  it('saves pacing held to its bounds, and switches the channel', () => {
    const { section: channel, saved, toggled } = render({});
    const section = pacingSection(document, 'zh-CN', defaultChannelPacing, (pacing) =>
      saved.push(pacing),
    );
    document.body.append(section);
    expect(channel.querySelector('input[name="min-delay"]')).toBeNull();
    const set = (name: string, value: string) => {
      section.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.value = value;
    };
    set('min-delay', '1');
    set('max-delay', '9999');
    set('work-start', '08:30');
    section.querySelector<HTMLButtonElement>('[data-action="save-pacing"]')!.click();
    expect(saved).toEqual([
      { minDelaySeconds: 3, maxDelaySeconds: 600, workStart: '08:30', workEnd: '22:00' },
    ]);
    const toggle = channel.querySelector<HTMLInputElement>('input[name="channel-enabled"]')!;
    toggle.click();
    expect(toggled).toEqual([false]);
  });
});

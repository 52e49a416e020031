import { apiPaths, type MeData, type ProfileData } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { UserInfoPage } from './user-info-page.tsx';

/**
 * The account's time zone in the user center (issue 20 #9): shown, chosen in the edit
 * modal, saved, and every time on the page then shown in it.
 */

const base: ProfileData = {
  id: 7,
  username: 'seller01',
  nickname: 'Lin',
  email: '',
  phoneNumber: '13800138000',
  registeredAt: '2025-01-01T06:05:09.000Z',
  lastLoginAt: null,
  timeZone: 'Asia/Shanghai',
  timeZoneDaysFrom: null,
};

const me = (timeZone: string): MeData => ({
  id: 7,
  username: 'seller01',
  phoneNumber: '13800138000',
  createdAt: base.registeredAt,
  timeZone,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server holding one profile: PUT changes it, me and GET answer it. */
function server(initial: ProfileData) {
  let profile = initial;
  const puts: Array<Record<string, unknown>> = [];
  const fetchStub = stubFetch((url, init) => {
    if (url.startsWith(apiPaths.auth.me)) return ok(me(profile.timeZone));
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      profile = { ...profile, timeZone: String(body.timeZone) };
      return ok(profile);
    }
    return ok(profile);
  });
  return { puts, fetchStub };
}

describe('user info: time zone', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
  });

  it('saves the zone chosen, and shows the times in it afterwards', async () => {
    const { puts } = server(base);
    renderPage(<UserInfoPage />, '/user/info');
    const zone = await screen.findByTestId('user-time-zone');
    expect(zone).toHaveTextContent('Asia/Shanghai (GMT+8)');
    expect(screen.getByText('2025-01-01 14:05:09')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Every time is shown in this zone; the workplace and the daily invitation allowance count its days',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText(/^\(GMT\+8\) Asia\/Shanghai/));
    const search = dialog.querySelector('.arco-select input') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'Los_Angeles' } });
    // The search is highlighted inside the option: find it by its whole name.
    fireEvent.click(await screen.findByRole('option', { name: /America\/Los_Angeles/ }));
    expect(
      await within(dialog).findByText(/^Times follow the new zone as soon as you save/),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ timeZone: 'America/Los_Angeles' });
    // `me` names the new zone: the page shows its times there.
    await waitFor(() => expect(useAuthStore.getState().timeZone).toBe('America/Los_Angeles'));
    expect(await screen.findByText('2024-12-31 22:05:09')).toBeInTheDocument();
    expect(screen.getByTestId('user-time-zone')).toHaveTextContent(
      /America\/Los_Angeles \(GMT-[78]\)/,
    );
  });

  it('says when days move to a zone changed after invitations were created today', async () => {
    server({
      ...base,
      timeZone: 'America/Los_Angeles',
      timeZoneDaysFrom: '2025-01-02T08:00:00.000Z',
    });
    useAuthStore.setState({ timeZone: 'America/Los_Angeles' });
    renderPage(<UserInfoPage />, '/user/info');
    expect(await screen.findByTestId('user-time-zone')).toHaveTextContent(
      "Today's invitation allowance and workplace figures still count the current day; days follow the new zone from 2025-01-02 00:00",
    );
  });
});

describe('user info: time zone in zh-CN', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
  });

  it('names the zone and the pending change in Chinese', async () => {
    server({ ...base, timeZoneDaysFrom: '2025-01-02T16:00:00.000Z' });
    renderPage(<UserInfoPage />, '/user/info');
    const zone = await screen.findByTestId('user-time-zone');
    expect(zone).toHaveTextContent('Asia/Shanghai（GMT+8）');
    expect(zone).toHaveTextContent(
      '今天的邀约额度和工作台统计仍按原来的一天计算，2025-01-03 00:00 起按新时区计日',
    );
  });
});

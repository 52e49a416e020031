import { apiPaths, type ConnectedBrowserList } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { ConnectedBrowsers } from './connected-browsers.tsx';

/** Connected browsers in User Settings (issue 17): listed with when last seen; revoked. */

const office = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Office Chrome',
  browser: 'Chrome 131',
  createdAt: '2026-11-20T02:00:00.000Z',
  lastSeenAt: '2026-11-26T01:30:00.000Z',
};
const laptop = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Laptop',
  browser: '',
  createdAt: '2026-11-21T02:00:00.000Z',
  lastSeenAt: null,
};

function server() {
  let list: ConnectedBrowserList['list'] = [office, laptop];
  const deleted: string[] = [];
  stubFetch((url, init) => {
    if (init.method === 'DELETE') {
      const id = url.split('/').at(-1)!;
      deleted.push(url);
      list = list.filter((b) => b.id !== id);
      return ok(null);
    }
    if (url.startsWith(apiPaths.user.browsers)) return ok({ list });
    return ok(null);
  });
  return { deleted };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connected browsers', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('lists each browser with when it was last seen, and revokes one after a confirmation', async () => {
    const { deleted } = server();
    renderPage(<ConnectedBrowsers />, '/user/info');
    const card = await screen.findByTestId('connected-browsers');
    expect(await within(card).findByText('Office Chrome')).toBeInTheDocument();
    expect(within(card).getByText('Chrome 131')).toBeInTheDocument();
    expect(within(card).getByText('Not seen yet')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Revoke Laptop' }));
    expect(
      await screen.findByText(
        'Revoke "Laptop"? The extension in that browser stops at once; records not sent stay pending.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual([apiPaths.user.browser(laptop.id)]));
    await waitFor(() => expect(within(card).queryByText('Laptop')).not.toBeInTheDocument());
    expect(within(card).getByText('Office Chrome')).toBeInTheDocument();
  });
});

describe('connected browsers in zh-CN', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('speaks Chinese, and says when none is connected', async () => {
    stubFetch((url) => (url.startsWith(apiPaths.user.browsers) ? ok({ list: [] }) : ok(null)));
    renderPage(<ConnectedBrowsers />, '/user/info');
    const card = await screen.findByTestId('connected-browsers');
    expect(within(card).getByText('已连接的浏览器')).toBeInTheDocument();
    expect(await within(card).findByText('还没有连接的浏览器')).toBeInTheDocument();
  });
});

import { apiPaths, type MessageData } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderRoutes, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { MessageBoxEntry } from './message-box.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const paidMessage: MessageData = {
  id: 11,
  type: 'notice',
  kind: 'paymentSucceeded',
  title: 'Payment succeeded',
  subTitle: 'Pro membership',
  avatar: 'payment',
  content: 'Order M1 is paid. Your Pro membership is valid until 2025-06-08 14:05.',
  time: '2025-03-08 14:05',
  createdAt: '2025-03-08T06:05:00.000Z',
  status: 0,
  messageType: 1,
};

/** The box once it is on screen (its code loads on the first click of the bell). */
function openedBox(): Promise<HTMLElement> {
  return waitFor(() => {
    const box = document.querySelector<HTMLElement>('.message-box');
    if (!box) throw new Error('the message box is not open');
    return box;
  });
}

describe('message box', () => {
  it('shows unread counts per tab and the latest items; a click marks read; All Read; View More', async () => {
    let read = false;
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
      if (url.startsWith(apiPaths.messages.read) || url.startsWith(apiPaths.messages.readAll)) {
        read = true;
        return ok({ affected: 1 });
      }
      return ok({
        unread: { message: 0, notice: read ? 0 : 1, todo: 0 },
        latest: { message: [], notice: [{ ...paidMessage, status: read ? 1 : 0 }], todo: [] },
      });
    });
    const { router } = renderRoutes(
      [
        { path: '/', element: <MessageBoxEntry /> },
        { path: '/user/messages', element: <div>message center</div> },
      ],
      '/',
    );
    await waitFor(() =>
      expect(document.querySelector('.arco-badge-number')).toHaveTextContent('1'),
    );
    expect(calls[0]).toMatch(new RegExp(`^GET ${apiPaths.messages.summary}\\?timeZone=`));
    fireEvent.click(screen.getByLabelText('Messages'));
    const box = await openedBox();
    // It opens on the tab the unread message is in, not on an empty one.
    expect(await within(box).findByText('Payment succeeded')).toBeInTheDocument();
    fireEvent.click(within(box).getByText('Message'));
    expect(await within(box).findByText('No Content')).toBeInTheDocument();
    fireEvent.click(within(box).getByText('Notice (1)'));
    expect(await within(box).findByText('Payment succeeded')).toBeInTheDocument();
    expect(within(box).getByText('Pro membership')).toBeInTheDocument();
    expect(within(box).getByText('2025-03-08 14:05')).toBeInTheDocument();

    fireEvent.click(within(box).getByText('Payment succeeded'));
    await waitFor(() => expect(calls).toContain(`POST ${apiPaths.messages.read} {"ids":[11]}`));
    await waitFor(() => expect(within(box).getByText('Notice')).toBeInTheDocument());
    expect(within(box).getByRole('button', { name: 'All Read' })).toBeDisabled();

    fireEvent.click(within(box).getByRole('button', { name: 'View More' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/messages'));
    expect(router.state.location.search).toBe('?type=notice');
  });

  it('All Read marks the open tab read', async () => {
    let read = false;
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
      if (url.startsWith(apiPaths.messages.readAll)) {
        read = true;
        return ok({ affected: 1 });
      }
      return ok({
        unread: { message: 0, notice: read ? 0 : 1, todo: 0 },
        latest: { message: [], notice: [{ ...paidMessage, status: read ? 1 : 0 }], todo: [] },
      });
    });
    renderRoutes([{ path: '/', element: <MessageBoxEntry /> }], '/');
    fireEvent.click(await screen.findByLabelText('Messages'));
    const box = await openedBox();
    fireEvent.click(await within(box).findByText('Notice (1)'));
    fireEvent.click(within(box).getByRole('button', { name: 'All Read' }));
    await waitFor(() =>
      expect(calls).toContain(`POST ${apiPaths.messages.readAll} {"type":"notice"}`),
    );
    await waitFor(() => expect(document.querySelector('.arco-badge-number')).toBeNull());
  });
});

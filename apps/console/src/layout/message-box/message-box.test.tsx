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
  conversationId: null,
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

  it("opens a creator's reply Todo in its conversation drawer, read there", async () => {
    const calls: string[] = [];
    const reply: MessageData = {
      ...paidMessage,
      id: 12,
      type: 'todo',
      kind: 'creatorReplied',
      title: 'A creator replied',
      subTitle: 'rosy_cook · Sunny US',
      avatar: 'conversation',
      content: 'rosy_cook replied in shop "Sunny US": Sounds good',
      messageType: 0,
      conversationId: 7,
    };
    const conversation = {
      id: 7,
      shopId: 3,
      shopName: 'Sunny US',
      platform: 'tiktok',
      talentId: null,
      creatorUsername: 'rosy_cook',
      unreadCount: 1,
      lastMessageAt: '2026-03-10T02:03:00.000Z',
      lastMessagePreview: 'Sounds good',
      awaitingReplySince: '2026-03-10T02:03:00.000Z',
      sellerMessagesLeft: null,
    };
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url.split('?')[0]}`);
      if (url.startsWith(apiPaths.messages.read)) return ok({ affected: 1 });
      if (url.startsWith(apiPaths.conversations.read(7))) {
        return ok({ ...conversation, unreadCount: 0 });
      }
      if (url.startsWith(apiPaths.conversations.messages(7))) {
        const sentAt = '2026-03-10T02:03:00.000Z';
        const base = { type: 'TEXT', productId: null, targetCollaborationId: null, sentAt };
        return ok({
          list: [{ ...base, id: 1, sender: 'creator', text: 'Sounds good' }],
          hasMore: false,
        });
      }
      if (url.startsWith(apiPaths.conversations.one(7))) {
        return ok({ conversation, collaborations: [] });
      }
      return ok({
        unread: { message: 0, notice: 0, todo: 1 },
        latest: { message: [], notice: [], todo: [reply] },
      });
    });
    renderRoutes([{ path: '/', element: <MessageBoxEntry /> }], '/');
    fireEvent.click(await screen.findByLabelText('Messages'));
    const box = await openedBox();
    fireEvent.click(await within(box).findByText('A creator replied'));
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.conversation-drawer');
      if (!found) throw new Error('no drawer');
      return found;
    });
    expect(await within(drawer).findByText('Sounds good')).toBeInTheDocument();
    expect(within(drawer).getByText('@rosy_cook')).toBeInTheDocument();
    expect(within(drawer).getByText(/The creator is waiting for your answer/)).toBeInTheDocument();
    // The Todo is read, and the conversation (here and on the platform) with it.
    await waitFor(() => expect(calls).toContain(`POST ${apiPaths.messages.read}`));
    await waitFor(() => expect(calls).toContain(`POST ${apiPaths.conversations.read(7)}`));
    expect(calls).toContain(`GET ${apiPaths.conversations.one(7)}`);
  });
});

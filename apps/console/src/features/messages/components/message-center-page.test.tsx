import { apiPaths, type MessageData } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { MessageCenterPage } from './message-center-page.tsx';

beforeEach(async () => {
  await resetApp('zh-CN');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const todo: MessageData = {
  id: 5,
  type: 'todo',
  kind: 'membershipExpiring',
  title: '会员即将到期',
  subTitle: '专业版会员',
  avatar: 'membership-expiring',
  content: '您的专业版会员将于 2025-06-08 14:05 到期。',
  time: '2025-06-05 14:05',
  createdAt: '2025-06-05T06:05:00.000Z',
  status: 0,
  messageType: 3,
  conversationId: null,
};

describe('message center', () => {
  it('opens on the tab it was sent to, marks a message read on click and the tab with All Read', async () => {
    const calls: string[] = [];
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
      if (url.startsWith(apiPaths.messages.summary))
        return ok({
          unread: { message: 0, notice: 0, todo: 1 },
          latest: { message: [], notice: [], todo: [todo] },
        });
      if (url.startsWith(apiPaths.messages.read)) return ok({ affected: 1 });
      return ok({ list: [todo], total: 1, page: 1, pageSize: 10 });
    });
    renderPage(<MessageCenterPage />, '/user/messages?type=todo');
    expect(await screen.findByText('会员即将到期')).toBeInTheDocument();
    expect(calls.find((c) => c.startsWith(`GET ${apiPaths.messages.list}?`))).toMatch(/type=todo/);
    expect(screen.getByText('待办 (1)')).toBeInTheDocument();

    fireEvent.click(screen.getByText('会员即将到期'));
    await waitFor(() => expect(calls).toContain(`POST ${apiPaths.messages.read} {"ids":[5]}`));

    fireEvent.click(screen.getByRole('button', { name: '本页签全部已读' }));
    await waitFor(() =>
      expect(calls).toContain(`POST ${apiPaths.messages.readAll} {"type":"todo"}`),
    );
  });

  it('shows No Content when there is nothing', async () => {
    stubFetch((url) =>
      url.startsWith(apiPaths.messages.summary)
        ? ok({
            unread: { message: 0, notice: 0, todo: 0 },
            latest: { message: [], notice: [], todo: [] },
          })
        : ok({ list: [], total: 0, page: 1, pageSize: 10 }),
    );
    renderPage(<MessageCenterPage />, '/user/messages');
    expect(await screen.findByText('暂无内容')).toBeInTheDocument();
  });

  it('says when the messages fail to load, not that there are none', async () => {
    stubFetch((url) =>
      url.startsWith(apiPaths.messages.summary)
        ? ok({
            unread: { message: 0, notice: 0, todo: 0 },
            latest: { message: [], notice: [], todo: [] },
          })
        : fail(500, '服务器开小差了，请稍后重试'),
    );
    renderPage(<MessageCenterPage />, '/user/messages');
    expect(await screen.findByText('列表加载失败')).toBeInTheDocument();
    // The toast and the failure state both say why.
    expect(screen.getAllByText('服务器开小差了，请稍后重试').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.queryByText('暂无内容')).toBeNull();
  });

  it("opens a creator's reply Todo in its conversation drawer (zh-CN)", async () => {
    const calls: string[] = [];
    const reply: MessageData = {
      ...todo,
      id: 6,
      kind: 'creatorReplied',
      title: '达人回复了消息',
      subTitle: 'rosy_cook · Sunny US',
      avatar: 'conversation',
      content: '达人 rosy_cook 在店铺「Sunny US」回复：好的',
      messageType: 0,
      conversationId: 7,
    };
    const conversation = {
      id: 7,
      shopId: 3,
      shopName: 'Sunny US',
      platform: 'tiktok',
      talentId: 11,
      creatorUsername: 'rosy_cook',
      unreadCount: 0,
      lastMessageAt: '2026-03-10T02:03:00.000Z',
      lastMessagePreview: '好的',
      awaitingReplySince: '2026-03-10T02:03:00.000Z',
      sellerMessagesLeft: null,
    };
    stubFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url.split('?')[0]}`);
      if (url.startsWith(apiPaths.messages.summary))
        return ok({
          unread: { message: 0, notice: 0, todo: 1 },
          latest: { message: [], notice: [], todo: [reply] },
        });
      if (url.startsWith(apiPaths.messages.read)) return ok({ affected: 1 });
      if (url.startsWith(apiPaths.conversations.messages(7))) {
        const sentAt = '2026-03-10T02:03:00.000Z';
        const base = { type: 'TEXT', productId: null, targetCollaborationId: null, sentAt };
        return ok({ list: [{ ...base, id: 1, sender: 'creator', text: '好的' }], hasMore: false });
      }
      if (url.startsWith(apiPaths.conversations.one(7))) {
        return ok({ conversation, collaborations: [] });
      }
      return ok({ list: [reply], total: 1, page: 1, pageSize: 10 });
    });
    renderPage(<MessageCenterPage />, '/user/messages?type=todo');
    fireEvent.click(await screen.findByText('达人回复了消息'));
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.conversation-drawer');
      if (!found) throw new Error('no drawer');
      return found;
    });
    expect(await within(drawer).findByText('好的')).toBeInTheDocument();
    expect(within(drawer).getByText('私信')).toBeInTheDocument();
    expect(within(drawer).getByText(/达人在等你的回复/)).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain(`POST ${apiPaths.messages.read}`));
    // Already read on the platform: nothing more to mark.
    expect(calls).not.toContain(`POST ${apiPaths.conversations.read(7)}`);
  });
});

import {
  apiPaths,
  type ConversationData,
  type ConversationMessageData,
  type RecordConversation,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, pathOf } from '@/test/talent-fixtures.ts';
import { ConversationDrawer } from './conversation-drawer.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const conversation = (overrides: Partial<ConversationData> = {}): ConversationData => ({
  id: 7,
  shopId: 3,
  shopName: 'Sunny US',
  platform: 'tiktok',
  talentId: 11,
  creatorUsername: 'rosy_cook',
  unreadCount: 1,
  lastMessageAt: '2026-03-10T02:03:00.000Z',
  lastMessagePreview: 'Sounds good',
  awaitingReplySince: '2026-03-10T02:03:00.000Z',
  sellerMessagesLeft: null,
  ...overrides,
});

const message = (
  id: number,
  sender: 'creator' | 'seller',
  overrides: Partial<ConversationMessageData> = {},
): ConversationMessageData => ({
  id,
  sender,
  type: 'TEXT',
  text: `${sender} says ${id}`,
  productId: null,
  targetCollaborationId: null,
  sentAt: `2026-03-10T02:0${id}:00.000Z`,
  ...overrides,
});

function findDrawer(): Promise<HTMLElement> {
  return waitFor(() => {
    const drawer = document.querySelector<HTMLElement>('.conversation-drawer');
    if (!drawer) throw new Error('no drawer');
    return drawer;
  });
}

function recordAnswer(overrides: Partial<RecordConversation> = {}): RecordConversation {
  return {
    recordId: 5,
    shopId: 3,
    talentId: 11,
    conversation: conversation(),
    canStart: true,
    collaborations: [
      {
        shopId: 3,
        recordId: 5,
        taskId: 2,
        targetCollaborationId: '7300001',
        createdAt: '2026-03-09T02:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('conversation drawer', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it("shows a record's conversation, reads it, checks and sends a text and a collaboration card", async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    stubFetch((url, init) => {
      const path = pathOf(url);
      if (init.method === 'POST') {
        const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
        posted.push({ path, body });
        if (path === apiPaths.conversations.read(7)) return ok(conversation({ unreadCount: 0 }));
        return ok({
          conversation: conversation({ awaitingReplySince: null }),
          message: message(9, 'seller'),
        });
      }
      if (path === apiPaths.conversations.ofRecord(5)) return ok(recordAnswer());
      if (path === apiPaths.conversations.messages(7)) {
        return ok({
          list: [
            message(1, 'seller'),
            message(2, 'seller', { type: 'PRODUCT_CARD', text: null, productId: '1729' }),
            message(3, 'creator', { text: 'Sounds good' }),
          ],
          hasMore: false,
        });
      }
      throw new Error(`unexpected ${path}`);
    });
    renderPage(
      <ConversationDrawer
        subject={{ kind: 'record', recordId: 5, name: 'Rosy' }}
        onClose={() => undefined}
      />,
    );
    const drawer = await findDrawer();
    expect(within(drawer).getByText('Messages with Rosy')).toBeInTheDocument();
    expect(await within(drawer).findByText('Sounds good')).toBeInTheDocument();
    expect(within(drawer).getByText('seller says 1')).toBeInTheDocument();
    expect(within(drawer).getByText('Product card · 1729')).toBeInTheDocument();
    expect(within(drawer).getByText(/The creator is waiting for your answer/)).toBeInTheDocument();
    // Opened with an unread message: read, once.
    await waitFor(() =>
      expect(posted.filter((p) => p.path === apiPaths.conversations.read(7))).toHaveLength(1),
    );

    // An empty text is refused here, in the reader's language; nothing is sent.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(await within(drawer).findByText('Enter a message')).toBeVisible();
    expect(posted.filter((p) => p.path === apiPaths.conversations.send)).toHaveLength(0);

    fireEvent.change(within(drawer).getByPlaceholderText('Write to the creator'), {
      target: { value: 'Shall I send a sample?' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted.filter((p) => p.path === apiPaths.conversations.send)).toEqual([
        {
          path: apiPaths.conversations.send,
          body: { conversationId: 7, message: { type: 'TEXT', text: 'Shall I send a sample?' } },
        },
      ]),
    );

    // A collaboration card: the record's target collaboration.
    fireEvent.click(within(drawer).getByText('Collaboration card'));
    const select = await waitFor(() => {
      const found = drawer.querySelector<HTMLElement>('.conversation-composer .arco-select');
      if (!found) throw new Error('no select');
      return found;
    });
    await chooseOption(select, /7300001/);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted.filter((p) => p.path === apiPaths.conversations.send).at(-1)!.body).toEqual({
        conversationId: 7,
        message: { type: 'TARGET_COLLABORATION_CARD', recordId: 5 },
      }),
    );
  });

  it('opens a conversation from a record without one, and says the limit before a reply', async () => {
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      const path = pathOf(url);
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return fail(409, 'TikTok Shop takes at most 5 messages before the creator replies');
      }
      if (path === apiPaths.conversations.ofRecord(5)) {
        return ok(recordAnswer({ conversation: null }));
      }
      throw new Error(`unexpected ${path}`);
    });
    renderPage(
      <ConversationDrawer
        subject={{ kind: 'record', recordId: 5, name: 'Rosy' }}
        onClose={() => undefined}
      />,
    );
    const drawer = await findDrawer();
    expect(await within(drawer).findByText(/the first message opens one/)).toBeInTheDocument();
    fireEvent.change(within(drawer).getByPlaceholderText('Write to the creator'), {
      target: { value: 'Hello' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { talentId: 11, shopId: 3, message: { type: 'TEXT', text: 'Hello' } },
      ]),
    );
  });

  it('blocks sending once the platform takes no more before a reply; a read one is not read again', async () => {
    const posted: string[] = [];
    stubFetch((url, init) => {
      const path = pathOf(url);
      if (init.method === 'POST') {
        posted.push(path);
        return ok(null);
      }
      if (path === apiPaths.conversations.ofTalent(11)) {
        return ok({
          list: [conversation({ unreadCount: 0, awaitingReplySince: null, sellerMessagesLeft: 0 })],
          collaborations: [],
          hasRecords: true,
          startShops: [],
        });
      }
      if (path === apiPaths.conversations.messages(7)) {
        return ok({ list: [message(1, 'seller')], hasMore: false });
      }
      throw new Error(`unexpected ${path}`);
    });
    renderPage(
      <ConversationDrawer
        subject={{ kind: 'talent', talentId: 11, name: 'Rosy' }}
        onClose={() => undefined}
      />,
    );
    const drawer = await findDrawer();
    expect(
      await within(drawer).findByText(/At most 5 messages before the creator replies/),
    ).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(await within(drawer).findByText('seller says 1')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});

describe('conversation drawer in Chinese', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('speaks Chinese, and tells a talent without a conversation', async () => {
    stubFetch((url) => {
      const path = pathOf(url);
      if (path === apiPaths.conversations.ofTalent(11)) {
        // Invited by a task: its conversations come from the invitations, none offered here.
        return ok({
          list: [],
          collaborations: [],
          hasRecords: true,
          startShops: [{ shopId: 3, shopName: 'Sunny US', platformRegion: 'US' }],
        });
      }
      throw new Error(`unexpected ${path}`);
    });
    renderPage(
      <ConversationDrawer
        subject={{ kind: 'talent', talentId: 11, name: '小林' }}
        onClose={() => undefined}
      />,
    );
    const drawer = await findDrawer();
    expect(within(drawer).getByText('与 小林 的私信')).toBeInTheDocument();
    expect(await within(drawer).findByText('与该达人还没有会话')).toBeInTheDocument();
    expect(screen.queryByText('No conversation with this talent yet')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '开启会话' })).toBeNull();
  });
});

describe.each(['en-US', 'zh-CN'] as const)(
  'conversation drawer: a talent with no record (%s)',
  (locale) => {
    const en = locale === 'en-US';
    beforeEach(async () => {
      await resetApp(locale);
      signIn();
    });

    it('opens its conversation in the shop the seller picks', async () => {
      const started: unknown[] = [];
      stubFetch((url, init) => {
        const path = pathOf(url);
        if (init.method === 'POST' && path === apiPaths.conversations.start) {
          started.push(JSON.parse(String(init.body)));
          return ok(conversation({ shopId: 4, shopName: 'Bright GB', unreadCount: 0 }));
        }
        if (path === apiPaths.conversations.ofTalent(11)) {
          const opened = started.length > 0;
          return ok({
            list: opened
              ? [
                  conversation({
                    shopId: 4,
                    shopName: 'Bright GB',
                    unreadCount: 0,
                    awaitingReplySince: null,
                    sellerMessagesLeft: 5,
                  }),
                ]
              : [],
            collaborations: [],
            hasRecords: false,
            startShops: opened
              ? []
              : [
                  { shopId: 3, shopName: 'Sunny US', platformRegion: 'US' },
                  { shopId: 4, shopName: 'Bright GB', platformRegion: 'GB' },
                ],
          });
        }
        if (path === apiPaths.conversations.messages(7)) return ok({ list: [], hasMore: false });
        throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
      });
      renderPage(
        <ConversationDrawer
          subject={{ kind: 'talent', talentId: 11, name: 'Rosy' }}
          onClose={() => undefined}
        />,
      );
      const drawer = await findDrawer();
      expect(
        await within(drawer).findByText(en ? /Choose a TikTok Shop shop/ : /选择一个已授权私信的/),
      ).toBeInTheDocument();
      await chooseOption(
        drawer.querySelector('.conversation-shop') as HTMLElement,
        'Bright GB · GB',
      );
      fireEvent.click(
        within(drawer).getByRole('button', { name: en ? 'Open conversation' : '开启会话' }),
      );
      await waitFor(() => expect(started).toEqual([{ talentId: 11, shopId: 4 }]));
      // The conversation is open: nothing sent yet, the platform's five before a reply all left.
      expect(
        await within(drawer).findByText(
          en ? '5 more messages before the creator replies' : '达人回复前还能发送 5 条消息',
        ),
      ).toBeInTheDocument();
      expect(within(drawer).getByText(en ? 'No messages yet' : '还没有消息')).toBeInTheDocument();
    });

    it('says what a conversation needs when no shop can open one', async () => {
      stubFetch((url) => {
        const path = pathOf(url);
        if (path === apiPaths.conversations.ofTalent(11)) {
          return ok({ list: [], collaborations: [], hasRecords: false, startShops: [] });
        }
        throw new Error(`unexpected ${path}`);
      });
      renderPage(
        <ConversationDrawer
          subject={{ kind: 'talent', talentId: 11, name: 'Rosy' }}
          onClose={() => undefined}
        />,
      );
      const drawer = await findDrawer();
      expect(
        await within(drawer).findByText(
          en ? /Messages need a TikTok Shop shop/ : /私信需要通过授权连接/,
        ),
      ).toBeInTheDocument();
    });
  },
);

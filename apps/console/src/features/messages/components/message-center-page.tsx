import {
  Button,
  Card,
  DatePicker,
  Pagination,
  Select,
  Space,
  Spin,
  Tabs,
  Typography,
} from '@arco-design/web-react';
import { messageTypes, type MessageType } from '@inviteflow/contract';
import { useState } from 'react';
import { useMessages, type MessageListParams } from '@/api/messages/get-messages.ts';
import { useMessageSummary } from '@/api/messages/get-message-summary.ts';
import { useMarkAllMessagesRead, useMarkMessagesRead } from '@/api/messages/mark-messages-read.ts';
import type { ConversationSubject } from '@/components/conversations/conversation-drawer.tsx';
import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';
import { MessageItem } from '@/components/message-item.tsx';
import { useListParams, type FilterCodec } from '@/components/crud/list-params.ts';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { ListEmpty } from '@/components/list-empty.tsx';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import { useMessageCenterT } from '../locale/index.ts';
import './messages.css';

type Tab = MessageType | 'all';

// A creator's reply Todo opens its conversation (issue 19), the drawer loaded when first opened.
const ConversationDrawer = lazyWhenShown(
  async () =>
    (await import('@/components/conversations/conversation-drawer.tsx')).ConversationDrawer,
  (props: { subject: ConversationSubject | null; onClose: () => void }) => props.subject !== null,
);
const tabKey = {
  message: 'messageBox.tab.message',
  notice: 'messageBox.tab.notice',
  todo: 'messageBox.tab.todo',
} as const;

/** The tab, read status and days in the page's URL (list-params.ts), with page and size. */
const codec: FilterCodec = {
  type: { kind: 'enum', values: messageTypes },
  status: { kind: 'enum', values: ['0', '1'] },
  date: { kind: 'days', from: 'createdFrom', to: 'createdTo' },
};

interface Filters {
  type?: MessageType;
  status?: '0' | '1';
  createdFrom?: string;
  createdTo?: string;
}

/** View More: every message, by tab, read status and date, a page at a time. */
export function MessageCenterPage() {
  const { t } = useMessageCenterT();
  const url = useListParams<Filters>('messages', codec);
  const { filters } = url;
  const tab: Tab = filters.type ?? 'all';
  const status = filters.status === undefined ? undefined : (Number(filters.status) as 0 | 1);
  const days: [string, string] | undefined =
    filters.createdFrom && filters.createdTo
      ? [dayOf(filters.createdFrom), dayOf(filters.createdTo)]
      : undefined;
  const paging = usePaging('messages', { url: true });
  const { page, pageSize } = paging;
  // Each choice is a new entry of the URL, from page 1: Back returns to the one before.
  const choose = (change: Partial<Filters>) => url.change({ filters: { ...filters, ...change } });
  const query: MessageListParams = {
    page,
    pageSize,
    type: filters.type,
    status,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
  };
  const list = useMessages(query);
  const summary = useMessageSummary();
  const markRead = useMarkMessagesRead();
  const markAll = useMarkAllMessagesRead();
  const [conversation, setConversation] = useState<ConversationSubject | null>(null);
  const unread = summary.data?.unread ?? { message: 0, notice: 0, todo: 0 };
  const unreadHere = tab === 'all' ? unread.message + unread.notice + unread.todo : unread[tab];
  const rows = list.data?.list ?? [];

  const tabTitle = (type: Tab) => {
    const label = type === 'all' ? t('center.all') : t(tabKey[type]);
    const count = type === 'all' ? unread.message + unread.notice + unread.todo : unread[type];
    return count > 0 ? `${label} (${count})` : label;
  };

  return (
    <Card className="message-center" title={t('menu.user.messages')}>
      <Typography.Paragraph type="secondary">{t('center.intro')}</Typography.Paragraph>
      <Tabs
        activeTab={tab}
        onChange={(key) => choose({ type: key === 'all' ? undefined : (key as MessageType) })}
      >
        {(['all', ...messageTypes] as Tab[]).map((type) => (
          <Tabs.TabPane key={type} title={tabTitle(type)} />
        ))}
      </Tabs>
      <div className="message-center-toolbar">
        <Space wrap size={12}>
          <label className="message-center-field">
            <span>{t('center.status')}</span>
            <Select
              style={{ width: 140 }}
              aria-label={t('center.status')}
              value={status === undefined ? 'any' : String(status)}
              onChange={(value: string) =>
                choose({ status: value === 'any' ? undefined : (value as '0' | '1') })
              }
              options={[
                { label: t('center.all'), value: 'any' },
                { label: t('center.unread'), value: '0' },
                { label: t('center.read'), value: '1' },
              ]}
            />
          </label>
          <label className="message-center-field">
            <span>{t('center.date')}</span>
            <DatePicker.RangePicker
              style={{ width: 260 }}
              value={days}
              onChange={(value) =>
                choose(
                  value && value.length === 2
                    ? { createdFrom: dayStart(value[0]!), createdTo: dayEnd(value[1]!) }
                    : { createdFrom: undefined, createdTo: undefined },
                )
              }
            />
          </label>
        </Space>
        <Button
          type="primary"
          disabled={unreadHere === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(tab === 'all' ? undefined : tab)}
        >
          {tab === 'all' ? t('center.markAllRead') : t('center.markTabRead')}
        </Button>
      </div>
      <Spin loading={list.isFetching} block>
        {rows.length === 0 && !list.isPending ? (
          <ListEmpty load={list} description={t('messageBox.noContent')} />
        ) : (
          <div className="message-center-list">
            {rows.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onOpen={(item) => {
                  if (item.status === 0) markRead.mutate([item.id]);
                  if (item.conversationId !== null) {
                    setConversation({ kind: 'conversation', conversationId: item.conversationId });
                  }
                }}
              />
            ))}
          </div>
        )}
      </Spin>
      <div className="message-center-pager">
        <Pagination
          {...paging.props}
          current={list.data?.page ?? page}
          total={list.data?.total ?? 0}
          showTotal
          showJumper
        />
      </div>
      <ConversationDrawer subject={conversation} onClose={() => setConversation(null)} />
    </Card>
  );
}

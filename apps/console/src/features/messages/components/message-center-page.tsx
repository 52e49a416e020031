import {
  Button,
  Card,
  DatePicker,
  Empty,
  Pagination,
  Select,
  Space,
  Spin,
  Tabs,
  Typography,
} from '@arco-design/web-react';
import { inboxTypes, type InboxType } from '@inviteflow/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMessages, type MessageListQuery } from '@/api/messages/get-messages.ts';
import { useMessageSummary } from '@/api/messages/get-message-summary.ts';
import { useMarkAllMessagesRead, useMarkMessagesRead } from '@/api/messages/mark-messages-read.ts';
import { MessageItem } from '@/components/message-item.tsx';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { dayEnd, dayStart } from '@/lib/day-range.ts';
import { useMessageCenterT } from '../locale/index.ts';
import './messages.css';

type Tab = InboxType | 'all';
const tabKey = {
  message: 'messageBox.tab.message',
  notice: 'messageBox.tab.notice',
  todo: 'messageBox.tab.todo',
} as const;

function isType(value: string | null): value is InboxType {
  return (inboxTypes as readonly string[]).includes(value ?? '');
}

/** View More: every message, by tab, read status and date, a page at a time. */
export function MessageCenterPage() {
  const { t } = useMessageCenterT();
  const [search, setSearch] = useSearchParams();
  const initial = search.get('type');
  const [tab, setTab] = useState<Tab>(isType(initial) ? initial : 'all');
  const [status, setStatus] = useState<0 | 1 | undefined>(undefined);
  const [days, setDays] = useState<[string, string] | undefined>(undefined);
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const query: MessageListQuery = {
    page,
    pageSize,
    type: tab === 'all' ? undefined : tab,
    status,
    createdFrom: days ? dayStart(days[0]) : undefined,
    createdTo: days ? dayEnd(days[1]) : undefined,
  };
  const list = useMessages(query);
  const summary = useMessageSummary();
  const markRead = useMarkMessagesRead();
  const markAll = useMarkAllMessagesRead();
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
        onChange={(key) => {
          setTab(key as Tab);
          setPage(1);
          setSearch(key === 'all' ? {} : { type: key }, { replace: true });
        }}
      >
        {(['all', ...inboxTypes] as Tab[]).map((type) => (
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
              onChange={(value: string) => {
                setStatus(value === 'any' ? undefined : (Number(value) as 0 | 1));
                setPage(1);
              }}
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
              onChange={(value) => {
                setDays(value && value.length === 2 ? [value[0]!, value[1]!] : undefined);
                setPage(1);
              }}
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
          <Empty description={list.isError ? t('center.loadFailed') : t('messageBox.noContent')} />
        ) : (
          <div className="message-center-list">
            {rows.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onOpen={(item) => {
                  if (item.status === 0) markRead.mutate([item.id]);
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
    </Card>
  );
}

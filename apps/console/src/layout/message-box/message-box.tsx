import { Badge, Button, Empty, List, Popover, Tabs } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useT } from '@/locale/index.ts';
import { useMessages, type MessageItem } from './use-messages.ts';

const tabs: MessageItem['type'][] = ['message', 'notice', 'todo'];

function MessagePanel() {
  const { t } = useT();
  const { list, canMarkRead, markAllRead } = useMessages();
  const [active, setActive] = useState<MessageItem['type']>('message');
  const shown = list.filter((item) => item.type === active);
  const tabKey = {
    message: 'messageBox.tab.message',
    notice: 'messageBox.tab.notice',
    todo: 'messageBox.tab.todo',
  } as const;

  return (
    <div className="message-box">
      <Tabs
        activeTab={active}
        onChange={(key) => setActive(key as MessageItem['type'])}
        type="rounded"
        size="small"
        destroyOnHide
      >
        {tabs.map((type) => {
          const count = list.filter((item) => item.type === type && item.status === 0).length;
          return (
            <Tabs.TabPane
              key={type}
              title={count > 0 ? `${t(tabKey[type])} (${count})` : t(tabKey[type])}
            >
              {shown.length === 0 ? (
                <Empty className="message-box-empty" description={t('messageBox.noContent')} />
              ) : (
                <List
                  size="small"
                  bordered={false}
                  dataSource={shown}
                  render={(item: MessageItem) => (
                    <List.Item key={item.id}>
                      <List.Item.Meta title={item.title} description={item.content} />
                    </List.Item>
                  )}
                />
              )}
            </Tabs.TabPane>
          );
        })}
      </Tabs>
      <div className="message-box-footer">
        <Button type="text" size="small" disabled={!canMarkRead} onClick={() => void markAllRead()}>
          {t('messageBox.allRead')}
        </Button>
        <Button type="text" size="small" disabled={shown.length === 0}>
          {t('messageBox.viewMore')}
        </Button>
      </div>
    </div>
  );
}

/** The navbar's message entry: a bell with the unread count, opening the message box. */
export function MessageBoxEntry() {
  const { t } = useT();
  const { unreadCount } = useMessages();
  return (
    <Popover trigger="click" position="br" content={<MessagePanel />} className="message-popover">
      <Badge count={unreadCount} dot={false} maxCount={99}>
        <Button
          shape="circle"
          icon={<IconNotification />}
          aria-label={t('navbar.messages')}
          title={t('navbar.messages')}
        />
      </Badge>
    </Popover>
  );
}

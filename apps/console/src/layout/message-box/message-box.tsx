import { Badge, Button, Empty, Popover, Spin, Tabs } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { inboxTypes, type InboxType } from '@inviteflow/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MessageItem } from '@/components/message-item.tsx';
import { useT } from '@/locale/index.ts';
import { useMessages } from './use-messages.ts';

const tabKey = {
  message: 'messageBox.tab.message',
  notice: 'messageBox.tab.notice',
  todo: 'messageBox.tab.todo',
} as const;

/** Where View More leads: the message center, on the tab being read. */
export const messageCenterPath = '/user/messages';

function MessagePanel({ onLeave }: { onLeave: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const messages = useMessages();
  // The box opens where the bell's count comes from: the first tab with unread messages.
  const [active, setActive] = useState<InboxType>(
    () => inboxTypes.find((type) => messages.unread[type] > 0) ?? 'message',
  );
  const shown = messages.latest(active);

  return (
    <div className="message-box">
      <Tabs
        activeTab={active}
        onChange={(key) => setActive(key as InboxType)}
        type="rounded"
        size="small"
        destroyOnHide
      >
        {inboxTypes.map((type) => {
          const count = messages.unread[type];
          return (
            <Tabs.TabPane
              key={type}
              title={count > 0 ? `${t(tabKey[type])} (${count})` : t(tabKey[type])}
            >
              {messages.isLoading ? (
                <Spin className="message-box-empty" />
              ) : shown.length === 0 ? (
                <Empty className="message-box-empty" description={t('messageBox.noContent')} />
              ) : (
                <div className="message-box-list">
                  {shown.map((item) => (
                    <MessageItem
                      key={item.id}
                      message={item}
                      compact
                      onOpen={(message) => void messages.open(message)}
                    />
                  ))}
                </div>
              )}
            </Tabs.TabPane>
          );
        })}
      </Tabs>
      <div className="message-box-footer">
        <Button
          type="text"
          size="small"
          disabled={messages.unread[active] === 0}
          onClick={() => void messages.markAllRead(active)}
        >
          {t('messageBox.allRead')}
        </Button>
        <Button
          type="text"
          size="small"
          onClick={() => {
            onLeave();
            navigate(`${messageCenterPath}?type=${active}`);
          }}
        >
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
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      position="br"
      popupVisible={open}
      onVisibleChange={setOpen}
      content={<MessagePanel onLeave={() => setOpen(false)} />}
      className="message-popover"
      // Arco caps a popover at 350px; the box sets its own width.
      style={{ maxWidth: 'none' }}
    >
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

import { Button, Spin, Tabs } from '@arco-design/web-react';
import { messageTypes, type MessageType } from '@inviteflow/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListEmpty } from '@/components/list-empty.tsx';
import { MessageItem } from '@/components/message-item.tsx';
import { useT } from '@/locale/index.ts';
import { messageCenterPath } from './message-box.tsx';
import { useMessages } from './use-messages.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

const tabKey = {
  message: 'messageBox.tab.message',
  notice: 'messageBox.tab.notice',
  todo: 'messageBox.tab.todo',
} as const;

/**
 * The message box: tabs with unread counts, the newest items, All Read and View More. A
 * creator's reply Todo opens its conversation (`onConversation`); any item is read on opening.
 */
export function MessagePanel({
  onLeave,
  onConversation,
}: {
  onLeave: () => void;
  onConversation: (conversationId: number) => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const messages = useMessages();
  // The box opens where the bell's count comes from: the first tab with unread messages.
  const [active, setActive] = useState<MessageType>(
    () => messageTypes.find((type) => messages.unread[type] > 0) ?? 'message',
  );
  const shown = messages.latest(active);

  return (
    <div className="message-box">
      <Tabs
        activeTab={active}
        onChange={(key) => setActive(key as MessageType)}
        type="rounded"
        size="small"
        destroyOnHide
      >
        {messageTypes.map((type) => {
          const count = messages.unread[type];
          return (
            <Tabs.TabPane
              key={type}
              title={count > 0 ? `${t(tabKey[type])} (${count})` : t(tabKey[type])}
            >
              {messages.isLoading ? (
                <Spin className="message-box-empty" />
              ) : shown.length === 0 ? (
                <ListEmpty
                  className="message-box-empty"
                  load={messages.load}
                  description={t('messageBox.noContent')}
                />
              ) : (
                <div className="message-box-list">
                  {shown.map((item) => (
                    <MessageItem
                      key={item.id}
                      message={item}
                      compact
                      onOpen={(message) => {
                        void messages.open(message);
                        if (message.conversationId !== null) onConversation(message.conversationId);
                      }}
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
            void navigate(`${messageCenterPath}?type=${active}`);
          }}
        >
          {t('messageBox.viewMore')}
        </Button>
      </div>
    </div>
  );
}

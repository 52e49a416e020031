import { Badge, Button, Popover } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useState } from 'react';
import type { ConversationSubject } from '@/components/conversations/conversation-drawer.tsx';
import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';
import { useT } from '@/locale/index.ts';
import { useMessages } from './use-messages.ts';

/** Where View More leads: the message center, on the tab being read. */
export const messageCenterPath = '/user/messages';

// The box's tabs and items load when the bell is first clicked.
const LazyMessagePanel = lazyWhenShown(
  async () => (await import('./message-panel.tsx')).MessagePanel,
  ({ open }: { open: boolean; onLeave: () => void; onConversation: (id: number) => void }) => open,
);

// A creator's reply Todo opens its conversation (issue 19) in the drawer, loaded when first opened.
const ConversationDrawer = lazyWhenShown(
  async () =>
    (await import('@/components/conversations/conversation-drawer.tsx')).ConversationDrawer,
  (props: { subject: ConversationSubject | null; onClose: () => void }) => props.subject !== null,
);

/** The navbar's message entry: a bell with the unread count, opening the message box. */
export function MessageBoxEntry() {
  const { t } = useT();
  const { unreadCount } = useMessages();
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState<ConversationSubject | null>(null);
  return (
    <>
      <Popover
        trigger="click"
        position="br"
        popupVisible={open}
        onVisibleChange={setOpen}
        content={
          <LazyMessagePanel
            open={open}
            onLeave={() => setOpen(false)}
            onConversation={(conversationId) => {
              setOpen(false);
              setConversation({ kind: 'conversation', conversationId });
            }}
          />
        }
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
      <ConversationDrawer subject={conversation} onClose={() => setConversation(null)} />
    </>
  );
}

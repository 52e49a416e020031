import { Avatar, Badge, Typography } from '@arco-design/web-react';
import {
  IconApps,
  IconCheckCircle,
  IconClockCircle,
  IconCloseCircle,
  IconExclamationCircle,
  IconGift,
  IconMessage,
} from '@arco-design/web-react/icon';
import type { MessageData } from '@inviteflow/contract';
import type { ReactNode } from 'react';

/** The server names an icon per kind of event; each has its picture and colour. */
const avatars: Record<string, { icon: ReactNode; color: string }> = {
  payment: { icon: <IconCheckCircle />, color: '#00b42a' },
  'membership-expiring': { icon: <IconClockCircle />, color: '#ff7d00' },
  'membership-expired': { icon: <IconCloseCircle />, color: '#86909c' },
  gift: { icon: <IconGift />, color: '#f53f3f' },
  'task-failed': { icon: <IconExclamationCircle />, color: '#f53f3f' },
  shop: { icon: <IconApps />, color: '#165dff' },
  conversation: { icon: <IconMessage />, color: '#14c9c9' },
};

/**
 * One message as the box and the message center show it: avatar, title and subtitle,
 * content and time, and a dot while unread. Clicking it is the caller's (mark read).
 */
export function MessageItem({
  message,
  onOpen,
  compact = false,
}: {
  message: MessageData;
  onOpen: (message: MessageData) => void;
  compact?: boolean;
}) {
  const avatar = avatars[message.avatar] ?? { icon: <IconExclamationCircle />, color: '#165dff' };
  const unread = message.status === 0;
  return (
    <div
      className={`message-item${unread ? ' message-item-unread' : ''}`}
      role="button"
      tabIndex={0}
      data-message-id={message.id}
      onClick={() => onOpen(message)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(message);
        }
      }}
    >
      <Badge dot={unread} offset={[-2, 2]}>
        <Avatar size={compact ? 32 : 40} style={{ backgroundColor: avatar.color }}>
          {avatar.icon}
        </Avatar>
      </Badge>
      <div className="message-item-body">
        <div className="message-item-head">
          <Typography.Text bold={unread} className="message-item-title">
            {message.title}
          </Typography.Text>
          <Typography.Text type="secondary" className="message-item-subtitle">
            {message.subTitle}
          </Typography.Text>
        </div>
        <Typography.Paragraph
          className={`message-item-content${compact ? ' message-item-content-compact' : ''}`}
          title={compact ? message.content : undefined}
        >
          {message.content}
        </Typography.Paragraph>
        <Typography.Text type="secondary" className="message-item-time">
          {message.time}
        </Typography.Text>
      </div>
    </div>
  );
}

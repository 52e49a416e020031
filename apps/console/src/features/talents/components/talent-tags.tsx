import { Space, Tag } from '@arco-design/web-react';
import type { Locale, TalentStatus } from '@inviteflow/contract';
import { enumText, isTier, labelText } from '../model/labels.ts';

/** One colour per status, so a column of statuses reads at a glance. */
const statusColors: Record<TalentStatus, string> = {
  cooperating: 'green',
  cooperation_ended: 'purple',
  pending_contact: 'orange',
  communicating: 'arcoblue',
  rejected: 'magenta',
  blacklisted: 'red',
  active: 'cyan',
  inactive: 'gray',
  pending: 'gold',
};

export function StatusTag({ status, locale }: { status: TalentStatus; locale: Locale }) {
  return (
    <Tag color={statusColors[status]} size="small" bordered>
      {enumText.status(locale, status)}
    </Tag>
  );
}

/** Labels as tags: tiers in the theme colour and localized, the seller's own in grey. */
export function LabelTags({ labels, locale }: { labels: readonly string[]; locale: Locale }) {
  if (labels.length === 0) return <span className="talent-muted">—</span>;
  return (
    <Space size={4} wrap>
      {labels.map((label) => (
        <Tag key={label} size="small" color={isTier(label) ? 'arcoblue' : undefined}>
          {labelText(locale, label)}
        </Tag>
      ))}
    </Space>
  );
}

import { Card, Empty, Tag } from '@arco-design/web-react';
import type { GlobalMessageKey } from '@/locale/index.ts';
import { usePlaceholderT } from '../locale/index.ts';

type SoonKey = Parameters<ReturnType<typeof usePlaceholderT>['t']>[0];

/**
 * A menu page whose feature arrives in a later issue: its real title and an honest empty
 * state, never sample rows.
 */
export function ComingSoonPage({
  title,
  description,
}: {
  title: GlobalMessageKey;
  description: SoonKey;
}) {
  const { t } = usePlaceholderT();
  return (
    <Card
      title={t(title)}
      extra={<Tag color="arcoblue">{t('soon.badge')}</Tag>}
      className="coming-soon-card"
      style={{ borderRadius: 4 }}
    >
      <Empty style={{ padding: '64px 0' }} description={t(description)} />
    </Card>
  );
}

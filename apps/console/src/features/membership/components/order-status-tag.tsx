import { Tag } from '@arco-design/web-react';
import type { OrderStatus } from '@inviteflow/contract';
import { useMembershipT } from '../locale/index.ts';

const colors: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'green',
  expired: 'gray',
  cancelled: 'gray',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useMembershipT();
  return (
    <Tag color={colors[status]} className={`order-status order-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

import { Button, Card, Result, Space, Spin } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messagesQueryKey } from '@/api/messages/get-message-summary.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { membershipQueryKey } from '../api/get-membership-info.ts';
import { useOrder } from '../api/get-order.ts';
import { usePayOrder } from '../api/pay-order.ts';
import { useMembershipT } from '../locale/index.ts';
import { paymentNavigation } from '../model/go-to-payment.ts';
import './membership.css';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

/**
 * Where the gateway sends the browser back (return_url). The order is read from the
 * server, which asks the gateway first while it is pending, so the page says what
 * really happened, whatever the return parameters claim.
 */
export function MembershipResultPage() {
  const { t, locale } = useMembershipT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderNo = search.get('out_trade_no');
  const order = useOrder(orderNo, { refetchWhilePending: true });
  const pay = usePayOrder();
  const status = order.data?.status;

  useEffect(() => {
    // A payment changes the membership and brings a message: show both fresh.
    if (status === 'paid') {
      void queryClient.invalidateQueries({ queryKey: [...membershipQueryKey, 'info'] });
      void queryClient.invalidateQueries({ queryKey: [...membershipQueryKey, 'orders'] });
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
    }
  }, [status, queryClient]);

  const toMembership = (
    <Button key="membership" type="primary" onClick={() => void navigate('/membership/purchase')}>
      {t('result.toMembership')}
    </Button>
  );
  const toRecords = (
    <Button key="records" onClick={() => void navigate('/membership/records')}>
      {t('result.toRecords')}
    </Button>
  );

  let content;
  if (!orderNo || order.isError) {
    content = (
      <Result
        status="404"
        title={t('result.missingTitle')}
        subTitle={t('result.missingSubtitle')}
        extra={toRecords}
      />
    );
  } else if (!order.data) {
    content = (
      <div className="membership-result-loading">
        <Spin tip={t('result.loading')} />
      </div>
    );
  } else if (order.data.status === 'paid') {
    content = (
      <Result
        status="success"
        title={t('result.paidTitle')}
        subTitle={t('result.paidSubtitle', {
          plan: order.data.planName,
          validTo: formatDateTime(order.data.period?.endsAt, locale),
        })}
        extra={<Space>{[toMembership, toRecords]}</Space>}
      />
    );
  } else if (order.data.status === 'pending') {
    content = (
      <Result
        status="warning"
        title={t('result.pendingTitle')}
        subTitle={t('result.pendingSubtitle', { orderNo })}
        extra={
          <Space>
            <Button
              type="primary"
              loading={pay.isPending}
              onClick={() => {
                // The chain ends in its own catch (a failed payment start re-reads the order).
                void pay
                  .mutateAsync(orderNo)
                  .then(({ paymentUrl }) => paymentNavigation.go(paymentUrl))
                  .catch(() => void order.refetch());
              }}
            >
              {t('result.payAgain')}
            </Button>
            <Button loading={order.isFetching} onClick={() => void order.refetch()}>
              {t('result.checkAgain')}
            </Button>
            {toRecords}
          </Space>
        }
      />
    );
  } else {
    const expired = order.data.status === 'expired';
    content = (
      <Result
        status="info"
        title={expired ? t('result.expiredTitle') : t('result.cancelledTitle')}
        subTitle={expired ? t('result.expiredSubtitle') : t('result.cancelledSubtitle')}
        extra={
          <Space>
            <Button type="primary" onClick={() => void navigate('/membership/purchase')}>
              {t('result.buyAgain')}
            </Button>
            {toRecords}
          </Space>
        }
      />
    );
  }
  return <Card className="membership-result">{content}</Card>;
}

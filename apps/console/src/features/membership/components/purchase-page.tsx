import {
  Alert,
  Button,
  Card,
  Descriptions,
  Grid,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconCheck, IconCheckCircleFill } from '@arco-design/web-react/icon';
import {
  ORDER_PAYMENT_WINDOW_MINUTES,
  freeAllowance,
  type MembershipPlan,
  type PlanId,
} from '@inviteflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/format-date.ts';
import { membershipQueryKey, useMembershipInfo } from '../api/get-membership-info.ts';
import { usePlans } from '../api/get-plans.ts';
import { usePurchase } from '../api/purchase.ts';
import { monthsText, useMembershipT } from '../locale/index.ts';
import { yuan } from '../model/format.ts';
import { paymentNavigation } from '../model/go-to-payment.ts';
import './membership.css';

const { Row, Col } = Grid;

function CurrentMembership() {
  const { t, locale } = useMembershipT();
  const info = useMembershipInfo();
  if (info.isError && !info.data)
    return <Result status="error" subTitle={t('current.loadFailed')} />;
  if (!info.data) return <Skeleton animation text={{ rows: 2 }} loading />;
  const data = info.data;
  if (!data.isActive) {
    return (
      <Alert
        type="info"
        className="membership-none"
        title={t('current.none')}
        content={t('current.noneHint', {
          shops: freeAllowance.shopBindLimit,
          invitations: freeAllowance.dailyInvitationCap,
        })}
      />
    );
  }
  return (
    <div className="membership-current">
      <Descriptions
        column={3}
        layout="inline-vertical"
        data={[
          {
            label: t('current.plan'),
            value: (
              <Tag color="arcoblue" size="large" className="membership-current-plan">
                {data.planName}
              </Tag>
            ),
          },
          {
            label: t('current.expire'),
            value: (
              <span className="membership-current-expire">
                {formatDateTime(data.expireDate, locale)}
              </span>
            ),
          },
          {
            label: t('current.limits'),
            value: t('current.limitsValue', {
              shops: data.shopBindLimit,
              invitations: data.dailyInvitationCap,
            }),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('current.extendHint')}</Typography.Text>
    </div>
  );
}

function PlanCard({
  plan,
  selected,
  onSelect,
}: {
  plan: MembershipPlan;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, locale } = useMembershipT();
  return (
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={0}
      data-plan={plan.id}
      className={`plan-card${selected ? ' plan-card-selected' : ''}`}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
    >
      {plan.isRecommended && <div className="plan-card-ribbon">{t('plans.recommended')}</div>}
      <div className="plan-card-name">{plan.name}</div>
      <div className="plan-card-price">
        <span className="plan-card-amount">{yuan(plan.priceFen, locale)}</span>
        <span className="plan-card-duration">
          {t('plans.perDuration', { duration: monthsText(t, plan.duration) })}
        </span>
      </div>
      <div className="plan-card-per-month">
        {t('plans.perMonth', { amount: yuan(plan.pricePerMonthFen, locale) })}
      </div>
      <ul className="plan-card-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <IconCheck className="plan-card-check" />
            {feature}
          </li>
        ))}
      </ul>
      {selected && <IconCheckCircleFill className="plan-card-selected-mark" />}
    </div>
  );
}

/** Membership purchase: the plan in force, the three plans, Alipay, the summary and Buy now. */
export function MembershipPurchasePage() {
  const { t, locale } = useMembershipT();
  const plans = usePlans();
  const buy = usePurchase();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<PlanId | null>(null);

  // Back from the payment page, the browser may restore this page as it was left: Buy
  // now still "going to the payment page". It is ready again, and the plan is read anew.
  const { reset } = buy;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      reset();
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset, queryClient]);
  const list = plans.data ?? [];
  const selected =
    list.find((plan) => plan.id === chosen) ?? list.find((plan) => plan.isRecommended) ?? list[0];

  const onBuy = async () => {
    if (!selected) return;
    try {
      const order = await buy.mutateAsync({ planId: selected.id, paymentMethod: 'alipay' });
      paymentNavigation.go(order.paymentUrl);
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <Space direction="vertical" size={16} className="membership-page">
      <Card title={t('current.title')}>
        <CurrentMembership />
      </Card>
      <Card title={t('plans.title')}>
        {plans.isError ? (
          <Result status="error" subTitle={t('plans.loadFailed')} />
        ) : !plans.data ? (
          <Skeleton animation text={{ rows: 4 }} loading />
        ) : (
          <Row gutter={[16, 16]} role="radiogroup" aria-label={t('plans.title')}>
            {list.map((plan) => (
              <Col key={plan.id} xs={24} md={8}>
                <PlanCard
                  plan={plan}
                  selected={plan.id === selected?.id}
                  onSelect={() => setChosen(plan.id)}
                />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Card title={t('payment.title')}>
        <div className="payment-method payment-method-selected" role="radio" aria-checked>
          <span className="payment-method-logo">支</span>
          <div>
            <div className="payment-method-name">{t('payment.alipay')}</div>
            <Typography.Text type="secondary">{t('payment.alipayHint')}</Typography.Text>
          </div>
          <IconCheckCircleFill className="payment-method-mark" />
        </div>
      </Card>
      <Card title={t('summary.title')}>
        {selected && (
          <div className="order-summary">
            <Descriptions
              column={1}
              labelStyle={{ width: 120 }}
              data={[
                { label: t('summary.plan'), value: selected.name },
                {
                  label: t('summary.duration'),
                  value: monthsText(t, selected.duration),
                },
                { label: t('payment.title'), value: t('payment.alipay') },
                {
                  label: t('summary.total'),
                  value: (
                    <span className="order-summary-total">{yuan(selected.priceFen, locale)}</span>
                  ),
                },
              ]}
            />
            <div className="order-summary-actions">
              <Typography.Text type="secondary">
                {t('summary.windowHint', { minutes: ORDER_PAYMENT_WINDOW_MINUTES })}
              </Typography.Text>
              <Button
                type="primary"
                size="large"
                loading={buy.isPending || buy.isSuccess}
                onClick={() => void onBuy()}
              >
                {buy.isSuccess ? t('summary.redirecting') : t('summary.buy')}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </Space>
  );
}

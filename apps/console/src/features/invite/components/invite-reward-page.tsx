import {
  Alert,
  Button,
  Card,
  Grid,
  Input,
  Message,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import type { InviteReward, Invitee } from '@inviteflow/contract';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { ListEmpty, LoadFailed } from '@/components/list-empty.tsx';
import { copyText } from '@/lib/clipboard.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { useInviteInfo } from '../api/get-invite-info.ts';
import { useInvitees } from '../api/get-invitees.ts';
import { useRewards } from '../api/get-rewards.ts';
import { useInviteT } from '../locale/index.ts';
import './invite.css';

const { Row, Col } = Grid;

/** A pager of its own for each of the two lists on the page (in memory: one URL, two pages). */
function usePager(list: 'invitees' | 'inviteRewards') {
  const paging = usePaging(list);
  return {
    query: { page: paging.page, pageSize: paging.pageSize },
    pagination: (total: number | undefined) => ({
      ...paging.props,
      current: paging.page,
      total: total ?? 0,
      showTotal: true,
    }),
  };
}

/** Invite reward: the code and link to share, the rule, the invitees and the rewards. */
export function InviteRewardPage() {
  const { t, locale } = useInviteT();
  const info = useInviteInfo();
  const inviteesPager = usePager('invitees');
  const rewardsPager = usePager('inviteRewards');
  const invitees = useInvitees(inviteesPager.query);
  const rewards = useRewards(rewardsPager.query);
  const data = info.data;
  const time = (value: string | null) => formatDateTime(value, locale);

  const copy = async (text: string) => {
    if (await copyText(text)) Message.success(t('invite.copied'));
    else Message.error(t('invite.copyFailed'));
  };

  return (
    <Space direction="vertical" size={16} className="invite-page">
      <Card title={t('invite.title')}>
        {info.isError && !data ? (
          <LoadFailed title={t('invite.loadFailed')} load={info} />
        ) : !data ? (
          <Skeleton animation text={{ rows: 4 }} loading />
        ) : (
          <Row gutter={24}>
            <Col xs={24} lg={14}>
              <div className="invite-share">
                <div className="invite-field">
                  <span className="invite-label">{t('invite.code')}</span>
                  <span className="invite-code" data-testid="invite-code">
                    {data.inviteCode}
                  </span>
                  <Button icon={<IconCopy />} onClick={() => void copy(data.inviteCode)}>
                    {t('invite.copyCode')}
                  </Button>
                </div>
                <div className="invite-field">
                  <span className="invite-label">{t('invite.link')}</span>
                  <Input
                    readOnly
                    value={data.inviteLink}
                    aria-label={t('invite.link')}
                    className="invite-link"
                  />
                  <Button
                    type="primary"
                    icon={<IconCopy />}
                    onClick={() => void copy(data.inviteLink)}
                  >
                    {t('invite.copyLink')}
                  </Button>
                </div>
              </div>
              <Alert
                className="invite-rule"
                type="info"
                title={t('invite.ruleTitle')}
                content={
                  <ol>
                    <li>{t('invite.rule1')}</li>
                    <li>{t('invite.rule2', { days: data.rewardDays })}</li>
                    <li>{t('invite.rule3', { days: data.rewardDays })}</li>
                  </ol>
                }
              />
            </Col>
            <Col xs={24} lg={10}>
              <div className="invite-stats">
                <Statistic
                  title={t('invite.stats.invited')}
                  value={data.invitedCount}
                  suffix={t('invite.unitPeople')}
                />
                <Statistic
                  title={t('invite.stats.paid')}
                  value={data.paidCount}
                  suffix={t('invite.unitPeople')}
                />
                <Statistic
                  title={t('invite.stats.days')}
                  value={data.rewardDaysTotal}
                  suffix={t('invite.unitDays')}
                />
              </div>
            </Col>
          </Row>
        )}
      </Card>
      <Card title={t('invitees.title')}>
        <Table<Invitee>
          rowKey={(row) => `${row.phoneNumber}-${row.registeredAt}`}
          className="invitees-table"
          // On a narrow screen the table scrolls in its own box.
          scroll={{ x: 560 }}
          data={invitees.data?.list ?? []}
          loading={invitees.isFetching}
          noDataElement={<ListEmpty load={invitees} description={t('invitees.empty')} />}
          pagination={inviteesPager.pagination(invitees.data?.total)}
          columns={[
            { title: t('invitees.phone'), dataIndex: 'phoneNumber' },
            {
              title: t('invitees.registeredAt'),
              dataIndex: 'registeredAt',
              render: (value: string) => time(value),
            },
            {
              title: t('invitees.paid'),
              dataIndex: 'hasPaid',
              render: (paid: boolean) =>
                paid ? (
                  <Tag color="green">{t('invitees.paidYes')}</Tag>
                ) : (
                  <Tag>{t('invitees.paidNo')}</Tag>
                ),
            },
            {
              title: t('invitees.reward'),
              dataIndex: 'rewardGranted',
              render: (granted: boolean) =>
                granted ? (
                  <Tag color="arcoblue">{t('invitees.rewarded')}</Tag>
                ) : (
                  <Typography.Text type="secondary">{t('invitees.notRewarded')}</Typography.Text>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('rewards.title')}>
        <Table<InviteReward>
          rowKey="id"
          className="rewards-table"
          scroll={{ x: 640 }}
          data={rewards.data?.list ?? []}
          loading={rewards.isFetching}
          noDataElement={<ListEmpty load={rewards} description={t('rewards.empty')} />}
          pagination={rewardsPager.pagination(rewards.data?.total)}
          columns={[
            { title: t('rewards.invitee'), dataIndex: 'invitee' },
            {
              title: t('rewards.days'),
              dataIndex: 'days',
              render: (days: number) => t('rewards.daysValue', { days }),
            },
            {
              title: t('rewards.grantedAt'),
              dataIndex: 'grantedAt',
              render: (value: string) => time(value),
            },
            {
              title: t('rewards.period'),
              dataIndex: 'startsAt',
              render: (_: unknown, row) =>
                row.startsAt && row.endsAt
                  ? t('rewards.periodValue', { start: time(row.startsAt), end: time(row.endsAt) })
                  : '—',
            },
          ]}
        />
      </Card>
    </Space>
  );
}

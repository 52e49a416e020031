import {
  Alert,
  Descriptions,
  Drawer,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import {
  TASK_ACTIONS_LISTED_MAX,
  platformActionStatuses,
  translate,
  type Locale,
  type PlatformAction,
  type PlatformReference,
} from '@inviteflow/contract';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/list-empty.tsx';
import { PlatformAnswerText } from '@/components/platform-answer.tsx';
import { ShopPauseAlert } from '@/components/shop-pause.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { callsUnfinished, useTaskPlatformCalls } from '../api/get-task-platform-calls.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { actionStatusColors, enumText } from '../model/enums.ts';
import { TaskFollowUps } from './task-follow-ups.tsx';

type T = ReturnType<typeof useSendRecordsT>['t'];

/** What a call or a record became on the platform: its target collaboration, its conversation. */
export function PlatformReferenceText({
  reference,
  t,
}: {
  reference: PlatformReference | null | undefined;
  t: T;
}) {
  const lines = [
    reference?.targetCollaborationId
      ? t('detail.targetCollaborationId', { id: reference.targetCollaborationId })
      : null,
    reference?.conversationId ? t('detail.conversationId', { id: reference.conversationId }) : null,
    reference?.planId ? t('detail.planId', { id: reference.planId }) : null,
    reference?.activityId ? t('detail.activityId', { id: reference.activityId }) : null,
  ].filter((line): line is string => line !== null);
  if (!lines.length) return null;
  return (
    <span className="send-platform-reference">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

/** An action's outcome: its reference, its failure (ours and the platform's), or when it runs. */
function ActionResult({ action, t, locale }: { action: PlatformAction; t: T; locale: Locale }) {
  // A waiting call (a back-off, the shop's pause) says when it runs, after the last failure.
  const notBefore =
    action.status === 'pending' && action.notBefore ? (
      <Typography.Text type="secondary" className="send-not-before">
        {t('platformCalls.notBefore', { time: formatDateTime(action.notBefore, locale) })}
      </Typography.Text>
    ) : null;
  if (action.errorCode || action.status === 'failed') {
    return (
      <span className="send-status-failed">
        {action.errorCode && (
          <span className="send-error-code">{enumText.errorCode(locale, action.errorCode)}</span>
        )}
        <PlatformAnswerText answer={action.answer} locale={locale} />
        {notBefore}
      </span>
    );
  }
  if (action.reference) return <PlatformReferenceText reference={action.reference} t={t} />;
  return notBefore ?? <span className="send-muted">—</span>;
}

/**
 * A task's platform calls (issue 16): how its records are executed, how far the server's
 * calls are (followed while they run), each call with its outcome, and the shop's pause when
 * the calls wait for the platform or the seller. A task of a shop bound without
 * authorization has no calls: the extension executes it, and the view says so.
 */
export function TaskPlatformCallsDrawer({
  taskId,
  onClose,
}: {
  taskId: number | null;
  onClose: () => void;
}) {
  const { t, locale } = useSendRecordsT();
  const query = useTaskPlatformCalls(taskId);
  const data = query.data;

  const columns: ColumnProps<PlatformAction>[] = [
    {
      title: t('platformCalls.column.kind'),
      dataIndex: 'kind',
      width: 160,
      render: (_: unknown, action) => enumText.actionKind(locale, action.kind),
    },
    {
      title: t('platformCalls.column.batch'),
      dataIndex: 'batch',
      width: 70,
      align: 'center',
      render: (_: unknown, action) => `${action.batch}/${action.batches}`,
    },
    {
      title: t('platformCalls.column.talents'),
      dataIndex: 'talents',
      width: 90,
      align: 'right',
      render: (value: number) => formatCount(value, locale),
    },
    {
      title: t('platformCalls.column.status'),
      dataIndex: 'status',
      width: 90,
      render: (_: unknown, action) => (
        <Tag color={actionStatusColors[action.status]} size="small">
          {enumText.actionStatus(locale, action.status)}
        </Tag>
      ),
    },
    {
      title: t('platformCalls.column.attempts'),
      dataIndex: 'attempts',
      width: 100,
      align: 'right',
    },
    {
      title: t('platformCalls.column.name'),
      dataIndex: 'name',
      width: 170,
      ellipsis: true,
      render: (value: string | null) =>
        value ? <span title={value}>{value}</span> : <span className="send-muted">—</span>,
    },
    {
      title: t('platformCalls.column.result'),
      dataIndex: 'result',
      width: 320,
      render: (_: unknown, action) => <ActionResult action={action} t={t} locale={locale} />,
    },
  ];

  let body: ReactNode;
  if (query.isError && !data) {
    body = <LoadFailed load={query} title={t('platformCalls.loadFailed')} />;
  } else if (!data) {
    body = <Skeleton animation text={{ rows: 6 }} loading />;
  } else {
    const total = platformActionStatuses.reduce((sum, status) => sum + data.counts[status], 0);
    const browser = data.channel === 'browser';
    body = (
      <>
        {/* The shop's pause (of the task's own channel: the server's calls, or the extension's
            stop) concerns this task while it has calls to make. */}
        {data.pause && callsUnfinished(data) && <ShopPauseAlert pause={data.pause} />}
        {/* A browser task (issue 17): its actions are claimed by a connected browser. */}
        {browser && (
          <Alert type="info" className="send-calls-browser" content={t('platformCalls.browser')} />
        )}
        {/* A page flow shipped unverified or stopped by the operators: its calls wait. */}
        {data.stoppedPages.map((page) => (
          <Alert
            key={page.kind}
            type="warning"
            showIcon
            className="send-calls-page-stopped"
            data-testid="page-stopped"
            title={translate(locale, 'page.stopped.title')}
            content={translate(locale, `page.stopped.${page.reason}`, {
              kind: enumText.actionKind(locale, page.kind),
            })}
          />
        ))}
        <Descriptions
          column={1}
          border
          size="small"
          labelStyle={{ width: 120 }}
          className="send-calls-summary"
          data={[
            { label: t('detail.channel'), value: enumText.channel(locale, data.channel) },
            {
              label: t('platformCalls.progress'),
              value: (
                <Space wrap size={8} data-testid="platform-call-counts">
                  {platformActionStatuses.map((status) => (
                    <Tag key={status} color={actionStatusColors[status]} size="small">
                      {enumText.actionStatus(locale, status)}{' '}
                      {formatCount(data.counts[status], locale)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
        {total > data.actions.length && data.actions.length >= TASK_ACTIONS_LISTED_MAX && (
          <Typography.Text type="secondary" className="send-calls-note">
            {t('platformCalls.listedMax', { max: TASK_ACTIONS_LISTED_MAX })}
          </Typography.Text>
        )}
        <Table<PlatformAction>
          rowKey="id"
          className="send-calls-table"
          size="small"
          columns={columns}
          data={data.actions}
          pagination={false}
          scroll={{ x: 1000 }}
          border={{ wrapper: true, cell: false }}
          noDataElement={
            <Typography.Text type="secondary">{t('platformCalls.none')}</Typography.Text>
          }
        />
      </>
    );
  }

  return (
    <Drawer
      title={taskId === null ? t('detail.platformCalls') : t('platformCalls.title', { taskId })}
      visible={taskId !== null}
      onCancel={onClose}
      footer={null}
      width={1040}
      unmountOnExit
      className="send-calls"
    >
      {body}
      {/* The task's follow-ups for non-responders (issue 19), once the task is read. */}
      {taskId !== null && data && <TaskFollowUps taskId={taskId} />}
    </Drawer>
  );
}

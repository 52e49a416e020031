import {
  Alert,
  Button,
  Message,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { followUpSkipReasons, type TaskFollowUp } from '@inviteflow/contract';
import { LoadFailed } from '@/components/list-empty.tsx';
import { formatCount } from '@/lib/format-number.ts';
import { useCancelFollowUp, useTaskFollowUps } from '../api/task-follow-ups.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';

type T = ReturnType<typeof useSendRecordsT>['t'];

/** What one follow-up did: sent, waiting, being sent, failed (by code), skipped (by reason). */
function FollowUpCounts({ followUp, t }: { followUp: TaskFollowUp; t: T }) {
  const { locale } = useSendRecordsT();
  const c = followUp.counts;
  const n = (value: number) => formatCount(value, locale);
  const skipped = followUpSkipReasons.filter((reason) => c.skipped[reason] > 0);
  return (
    <Space wrap size={6} className="send-follow-up-counts" data-testid="follow-up-counts">
      <Tag color="green" size="small">
        {t('followUps.sent', { count: n(c.sent) })}
      </Tag>
      {followUp.status === 'scheduled' && (
        <Tag color="arcoblue" size="small">
          {t('followUps.waiting', { count: n(c.waiting) })}
        </Tag>
      )}
      {c.sending > 0 && (
        <Tag color="orange" size="small">
          {t('followUps.sending', { count: n(c.sending) })}
        </Tag>
      )}
      {c.failed > 0 && (
        <Tag
          color="red"
          size="small"
          title={c.failures
            .map((f) => `${enumText.errorCode(locale, f.code)} ${n(f.count)}`)
            .join('；')}
        >
          {t('followUps.failed', { count: n(c.failed) })}
        </Tag>
      )}
      {skipped.length > 0 && (
        <Typography.Text type="secondary">{t('followUps.skippedTitle')}</Typography.Text>
      )}
      {skipped.map((reason) => (
        <Tag key={reason} size="small">
          {t(`followUps.skipped.${reason}`, { count: n(c.skipped[reason]) })}
        </Tag>
      ))}
    </Space>
  );
}

function FollowUpItem({ followUp, taskId, t }: { followUp: TaskFollowUp; taskId: number; t: T }) {
  const cancel = useCancelFollowUp(taskId);
  const scheduled = followUp.status === 'scheduled';
  return (
    <div className="send-follow-up" data-testid={`follow-up-${followUp.step}`}>
      <Space className="send-follow-up-head" size={8} wrap>
        <Typography.Text bold>{t('followUps.step', { step: followUp.step })}</Typography.Text>
        <Typography.Text>{t('followUps.when', { days: followUp.afterDays })}</Typography.Text>
        <Tag size="small" color={scheduled ? 'arcoblue' : 'gray'}>
          {t(`followUps.status.${followUp.status}`)}
        </Tag>
        {scheduled && (
          <Popconfirm
            title={t('followUps.cancelConfirm', { step: followUp.step })}
            onOk={async () => {
              try {
                await cancel.mutateAsync(followUp.id);
                Message.success(t('followUps.cancelled'));
              } catch {
                // Shown by the request layer.
              }
            }}
          >
            <Button size="mini" status="danger" loading={cancel.isPending}>
              {t('followUps.cancel')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Paragraph className="send-follow-up-script" type="secondary">
        {followUp.script}
      </Typography.Paragraph>
      <FollowUpCounts followUp={followUp} t={t} />
    </div>
  );
}

/**
 * A task's follow-ups for non-responders (issue 19): each with its condition, its script, what
 * it did over the task's creators and a Cancel while scheduled. A task whose shop cannot send
 * them (not a TikTok Shop shop connected by authorization) says so.
 */
export function TaskFollowUps({ taskId }: { taskId: number }) {
  const { t } = useSendRecordsT();
  const query = useTaskFollowUps(taskId);
  // What the server answered, when it is a task's follow-ups.
  const data = Array.isArray(query.data?.list) ? query.data : undefined;
  let body;
  if (query.isError && !data) {
    body = <LoadFailed load={query} title={t('followUps.loadFailed')} />;
  } else if (!data) {
    body = <Skeleton animation text={{ rows: 2 }} loading />;
  } else {
    body = (
      <>
        {!data.canFollowUp && (
          <Alert type="info" className="send-follow-ups-api" content={t('followUps.needsApi')} />
        )}
        {data.canFollowUp && data.list.length > 0 && (
          <Typography.Text type="secondary" className="send-follow-ups-intro">
            {t('followUps.intro')}
          </Typography.Text>
        )}
        {data.list.length === 0 && data.canFollowUp && (
          <Typography.Text type="secondary">{t('followUps.none')}</Typography.Text>
        )}
        {data.list.map((followUp) => (
          <FollowUpItem key={followUp.id} followUp={followUp} taskId={taskId} t={t} />
        ))}
      </>
    );
  }
  return (
    <section className="send-follow-ups" data-testid="task-follow-ups">
      <Typography.Title heading={6}>{t('followUps.title')}</Typography.Title>
      {body}
    </section>
  );
}

import {
  Alert,
  Descriptions,
  Drawer,
  Link,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import type { SendRecord } from '@inviteflow/contract';
import { useState, type ReactNode } from 'react';
import { PlatformAnswerText } from '@/components/platform-answer.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { useSendRecord } from '../api/get-send-record.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import { RecordStageTimeline } from './record-stage.tsx';
import { RecordStatus } from './record-status.tsx';
import { PlatformReferenceText, TaskPlatformCallsDrawer } from './task-platform-calls-drawer.tsx';

/**
 * The outcome of a record, first: the error message, or 'Task executed successfully'. Who
 * executes it (the extension, or the server through the platform's Open API) words the wait.
 */
function Outcome({ record }: { record: SendRecord }) {
  const { t, locale } = useSendRecordsT();
  const api = record.channel === 'api';
  if (record.status === 'success') {
    return <Alert type="success" content={t('detail.success')} className="send-outcome" />;
  }
  if (record.status === 'failed') {
    return (
      <Alert
        type="error"
        className="send-outcome"
        title={t('detail.failed', {
          code: record.errorCode ? enumText.errorCode(locale, record.errorCode) : '—',
        })}
        content={record.errorMessage || t(api ? 'detail.apiNoMessage' : 'detail.noMessage')}
      />
    );
  }
  return (
    <Alert
      type="info"
      className="send-outcome"
      content={
        api
          ? t(record.status === 'running' ? 'detail.apiRunning' : 'detail.apiPending')
          : record.status === 'running'
            ? t('detail.running', { time: formatDateTime(record.leasedUntil, locale) })
            : t('detail.pending')
      }
    />
  );
}

/** Send Record Details (spec): every field of a record, read fresh, and its outcome. */
export function RecordDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, locale } = useSendRecordsT();
  const query = useSendRecord(id);
  // The task's platform calls, over this drawer.
  const [callsOf, setCallsOf] = useState<number | null>(null);
  const record = query.data;
  const time = (value: string | null) => formatDateTime(value, locale);
  const none = <span className="send-muted">{t('detail.none')}</span>;
  const rows: Array<{ label: string; value: ReactNode }> = record
    ? [
        { label: t('detail.recordId'), value: record.id },
        {
          label: t('detail.taskId'),
          value: (
            <Space size={12}>
              <span>{record.taskId}</span>
              <Link onClick={() => setCallsOf(record.taskId)} data-testid="open-platform-calls">
                {t('detail.platformCalls')}
              </Link>
            </Space>
          ),
        },
        { label: t('detail.channel'), value: enumText.channel(locale, record.channel) },
        { label: t('detail.talent'), value: record.talentName },
        { label: t('detail.talentId'), value: record.platformTalentId },
        { label: t('detail.platform'), value: enumText.platform(locale, record.platform) },
        { label: t('detail.shop'), value: record.shopName },
        { label: t('detail.taskType'), value: enumText.taskType(locale, record.taskType) },
        { label: t('detail.contentType'), value: enumText.contentType(locale, record.contentType) },
        { label: t('detail.filterType'), value: enumText.filterType(locale, record.filterType) },
        { label: t('detail.setName'), value: record.setName },
        {
          label: t('detail.products'),
          value: record.products.length
            ? record.products.map((p) => (
                <Tag key={p.productId} className="send-product">
                  {p.productName} · {p.productId}
                </Tag>
              ))
            : none,
        },
        {
          label: t('detail.message'),
          value: (
            <Typography.Paragraph className="send-message">{record.message}</Typography.Paragraph>
          ),
        },
        { label: t('detail.status'), value: <RecordStatus record={record} /> },
        { label: t('detail.stage'), value: <RecordStageTimeline record={record} /> },
        {
          label: t('detail.errorCode'),
          value: record.errorCode ? enumText.errorCode(locale, record.errorCode) : none,
        },
        { label: t('detail.errorMessage'), value: record.errorMessage || none },
        // The platform's own answer beside our code; what the invitation became there.
        ...(record.platformAnswer
          ? [
              {
                label: t('detail.platformAnswer'),
                value: <PlatformAnswerText answer={record.platformAnswer} locale={locale} />,
              },
            ]
          : []),
        ...(record.platformReference &&
        (record.platformReference.targetCollaborationId ||
          record.platformReference.conversationId ||
          record.platformReference.planId ||
          record.platformReference.activityId)
          ? [
              {
                label: t('detail.platformReference'),
                value: <PlatformReferenceText reference={record.platformReference} t={t} />,
              },
            ]
          : []),
        // The extension claims a record; the server runs it (a claim would be the wrong word).
        {
          label: t(record.channel === 'api' ? 'detail.apiAttempts' : 'detail.attempts'),
          value: record.attempts,
        },
        { label: t('detail.createdAt'), value: time(record.createdAt) },
        { label: t('detail.claimedAt'), value: time(record.claimedAt) },
        { label: t('detail.finishedAt'), value: time(record.finishedAt) },
        { label: t('detail.updatedAt'), value: time(record.updatedAt) },
      ]
    : [];
  return (
    <Drawer
      title={t('detail.title')}
      visible={id !== null}
      onCancel={onClose}
      footer={null}
      width={560}
      unmountOnExit
      className="send-detail"
    >
      <Spin loading={query.isFetching && !record} block>
        {record && (
          <>
            <Outcome record={record} />
            <Descriptions column={1} data={rows} labelStyle={{ width: 120 }} border size="small" />
          </>
        )}
      </Spin>
      <TaskPlatformCallsDrawer taskId={callsOf} onClose={() => setCallsOf(null)} />
    </Drawer>
  );
}

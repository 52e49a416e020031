import { Tag, Timeline, Typography } from '@arco-design/web-react';
import { recordStageTimes, recordStages, type SendRecord } from '@inviteflow/contract';
import { formatDateTime } from '@/lib/format-date.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText, stageColors } from '../model/enums.ts';

/** The furthest stage a record reached (issue 19), as a tag; a dash before any answer. */
export function RecordStageTag({ record }: { record: SendRecord }) {
  const { t, locale } = useSendRecordsT();
  if (!record.stage) {
    return (
      <span className="send-muted" title={t('stage.none')}>
        —
      </span>
    );
  }
  return (
    <Tag color={stageColors[record.stage]} className="send-stage">
      {enumText.stage(locale, record.stage)}
    </Tag>
  );
}

/**
 * What the invitation became, in time order: delivered (the record's success), then each stage
 * the creator reached with its first time.
 */
export function RecordStageTimeline({ record }: { record: SendRecord }) {
  const { t, locale } = useSendRecordsT();
  if (record.status !== 'success') {
    return <Typography.Text type="secondary">{t('stage.waiting')}</Typography.Text>;
  }
  const reached = recordStages
    .map((stage) => ({ stage, at: record[recordStageTimes[stage]] }))
    .filter((step): step is { stage: (typeof recordStages)[number]; at: string } => !!step.at)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <Timeline className="send-stage-timeline" data-testid="stage-timeline">
      <Timeline.Item label={formatDateTime(record.finishedAt, locale)} dotColor="arcoblue">
        {t('stage.sent')}
      </Timeline.Item>
      {reached.map(({ stage, at }) => (
        <Timeline.Item key={stage} label={formatDateTime(at, locale)} dotColor={stageDot[stage]}>
          {enumText.stage(locale, stage)}
        </Timeline.Item>
      ))}
      {reached.length === 0 && (
        <Timeline.Item dotColor="gray">
          <Typography.Text type="secondary">{t('stage.none')}</Typography.Text>
        </Timeline.Item>
      )}
    </Timeline>
  );
}

/** Timeline dots take CSS colours, not Arco's tag colour names. */
const stageDot: Record<(typeof recordStages)[number], string> = {
  declined: 'rgb(var(--red-6))',
  expired: 'rgb(var(--gray-6))',
  replied: 'rgb(var(--arcoblue-6))',
  accepted: 'rgb(var(--green-6))',
  sample_requested: 'rgb(var(--cyan-6))',
  content_posted: 'rgb(var(--purple-6))',
  first_order: 'rgb(var(--gold-6))',
};

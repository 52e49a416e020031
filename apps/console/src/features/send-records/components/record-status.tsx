import { Tag, Tooltip } from '@arco-design/web-react';
import type { SendRecord } from '@inviteflow/contract';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText, statusColors } from '../model/enums.ts';

/** A record's status; a failure shows its error code beside it. */
export function RecordStatus({ record }: { record: SendRecord }) {
  const { locale } = useSendRecordsT();
  const tag = (
    <Tag color={statusColors[record.status]} className="send-status">
      {enumText.status(locale, record.status)}
    </Tag>
  );
  if (record.status !== 'failed' || !record.errorCode) return tag;
  return (
    <Tooltip content={record.errorMessage || enumText.errorCode(locale, record.errorCode)}>
      <span className="send-status-failed">
        {tag}
        <span className="send-error-code">{enumText.errorCode(locale, record.errorCode)}</span>
      </span>
    </Tooltip>
  );
}

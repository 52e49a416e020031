import { Button, Modal, Progress, Typography } from '@arco-design/web-react';
import type { ExportProgress } from '@inviteflow/contract';
import { formatCount } from '@/lib/format-number.ts';
import { useT } from '@/locale/index.ts';
import './files.css';

export interface ExportProgressModalProps {
  visible: boolean;
  title: string;
  /** The export's state as last read; undefined before the first read. */
  state: ExportProgress['state'] | undefined;
  written: number;
  total: number;
  onClose: () => void;
}

/** A large export's progress: rows written of the total, or its failure. */
export function ExportProgressModal({
  visible,
  title,
  state,
  written,
  total,
  onClose,
}: ExportProgressModalProps) {
  const { t, locale } = useT();
  const percent = total > 0 ? Math.min(100, Math.floor((written / total) * 100)) : 0;
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type={state === 'failed' ? 'primary' : 'secondary'} onClick={onClose}>
          {state === 'failed' ? t('export.close') : t('export.background')}
        </Button>
      }
    >
      <Progress
        percent={percent}
        status={state === 'failed' ? 'error' : undefined}
        animation={state === 'running'}
      />
      <Typography.Paragraph
        type={state === 'failed' ? 'error' : 'secondary'}
        className="export-text"
      >
        {state === 'failed'
          ? t('export.failed')
          : state === 'running'
            ? t('export.running', {
                written: formatCount(written, locale),
                total: formatCount(total, locale),
              })
            : t('export.waiting')}
      </Typography.Paragraph>
    </Modal>
  );
}

import { Button, Message, Modal, Space, Spin, Typography, Upload } from '@arco-design/web-react';
import type { UploadItem } from '@arco-design/web-react/es/Upload';
import { IconDownload } from '@arco-design/web-react/icon';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportReport,
  type TalentFileFormat,
} from '@inviteflow/contract';
import { useState } from 'react';
import { ImportReportView, fileProblem } from '@/components/import-report.tsx';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { importTemplateUrl, useImportTalents } from '../api/import-talents.ts';
import { useTalentsT } from '../locale/index.ts';

/**
 * Import talents: download the template (XLSX or CSV, headers in the console language),
 * pick a filled-in file (type and size checked here first), upload it, then read the report.
 * The list refreshes after an import.
 */
export function ImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useTalentsT();
  const mutation = useImportTalents();
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const file = files[0]?.originFile ?? null;

  const restart = () => {
    setFiles([]);
    setProblem(null);
    setReport(null);
  };
  const close = () => {
    restart();
    onClose();
  };

  const pick = (list: UploadItem[]) => {
    const latest = list.at(-1);
    const picked = latest?.originFile;
    if (!latest || !picked) {
      setFiles([]);
      setProblem(null);
      return;
    }
    const issue = fileProblem(picked);
    setProblem(issue);
    setFiles(issue ? [] : [latest]);
  };

  const upload = async () => {
    if (!file) {
      setProblem(tCatalogue('validation.fileRequired'));
      return;
    }
    try {
      const result = await mutation.mutateAsync(file);
      Message.success(
        tCatalogue('success.imported', {
          accepted: result.accepted,
          updated: result.updated,
          rejected: result.rejected,
        }),
      );
      setReport(result);
    } catch {
      // Shown by the request layer (a missing column, say); pick another file and retry.
    }
  };

  const template = (format: TalentFileFormat, text: string) => (
    <Button
      href={importTemplateUrl(format, locale)}
      anchorProps={{ download: '' }}
      icon={<IconDownload />}
    >
      {text}
    </Button>
  );

  return (
    <Modal
      title={t('import.title')}
      visible={visible}
      onCancel={close}
      maskClosable={!mutation.isPending}
      unmountOnExit
      autoFocus={false}
      style={{ width: 720, maxWidth: 'calc(100vw - 32px)' }}
      footer={
        report ? (
          <Space>
            <Button onClick={restart}>{t('import.again')}</Button>
            <Button type="primary" onClick={close}>
              {t('import.done')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              loading={mutation.isPending}
              disabled={!file}
              onClick={() => void upload()}
            >
              {t('import.start')}
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <ImportReportView report={report} />
      ) : (
        <Spin loading={mutation.isPending} tip={t('import.uploading')} block>
          <div className="import-steps">
            <Typography.Text bold>{t('import.step1')}</Typography.Text>
            <Space className="import-templates">
              {template('xlsx', t('import.templateXlsx'))}
              {template('csv', t('import.templateCsv'))}
            </Space>
            <Typography.Paragraph type="secondary" className="import-rules">
              {t('import.rules', {
                maxMb: IMPORT_MAX_BYTES / 1024 / 1024,
                maxRows: formatCount(IMPORT_MAX_ROWS, locale),
              })}
            </Typography.Paragraph>
            <Typography.Text bold>{t('import.step2')}</Typography.Text>
            <Upload
              drag
              // Not strict: a wrong file reaches the check below and is named, not silently dropped.
              accept={{ type: '.xlsx,.csv', strict: false }}
              autoUpload={false}
              fileList={files}
              onChange={pick}
              tip={t('import.pickHint')}
              className="import-upload"
            />
            {problem && (
              <Typography.Text type="error" role="alert">
                {problem}
              </Typography.Text>
            )}
          </div>
        </Spin>
      )}
    </Modal>
  );
}

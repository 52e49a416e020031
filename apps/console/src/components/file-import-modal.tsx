import { Button, Modal, Space, Spin, Typography, Upload } from '@arco-design/web-react';
import type { UploadItem } from '@arco-design/web-react/es/Upload';
import { IconDownload } from '@arco-design/web-react/icon';
import type { ImportReport, TalentFileFormat } from '@inviteflow/contract';
import { useState, type ReactNode } from 'react';
import { tCatalogue, useT } from '@/locale/index.ts';
import { ImportReportView, fileProblem } from './import-report.tsx';
import './files.css';

/**
 * An import dialog: what the feature asks first (if anything), the templates, the file
 * (type and size checked here before any upload), then the report row by row.
 */
export function FileImportModal<R extends ImportReport>(props: {
  visible: boolean;
  /** Called after the dialog has forgotten its file and report. */
  onClose: () => void;
  title: string;
  width: number;
  /** Steps before the templates (the send import's task settings). */
  before?: ReactNode;
  /** The heading of the template step. */
  templateStep: string;
  /** The link of a template in a format, in the console language. */
  templateUrl: (format: TalentFileFormat) => string;
  /** What a file may hold: its types, size and rows. */
  rules: string;
  /** The heading of the upload step. */
  uploadStep: string;
  pending: boolean;
  /**
   * Sends the picked file (after the feature's own checks) and tells the outcome;
   * `null` when a check of the feature's failed and it shows why itself.
   */
  upload: (file: File) => Promise<R | null>;
  /** The counts the report shows (an import that never updates shows no Updated). */
  outcomes?: ReadonlyArray<ImportReport['rows'][number]['outcome']>;
}) {
  const { t } = useT();
  const { pending } = props;
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const file = files[0]?.originFile ?? null;

  const restart = () => {
    setFiles([]);
    setProblem(null);
    setReport(null);
  };
  const close = () => {
    restart();
    props.onClose();
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
      const result = await props.upload(file);
      if (result) setReport(result);
    } catch {
      // Shown by the request layer (a missing column, the cap); fix or pick another file and retry.
    }
  };

  const template = (format: TalentFileFormat, text: string) => (
    <Button href={props.templateUrl(format)} anchorProps={{ download: '' }} icon={<IconDownload />}>
      {text}
    </Button>
  );

  return (
    <Modal
      title={props.title}
      visible={props.visible}
      onCancel={close}
      maskClosable={!pending}
      unmountOnExit
      autoFocus={false}
      style={{ width: props.width, maxWidth: 'calc(100vw - 32px)' }}
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
            <Button onClick={close} disabled={pending}>
              {t('crud.cancel')}
            </Button>
            <Button type="primary" loading={pending} disabled={!file} onClick={() => void upload()}>
              {t('import.start')}
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <ImportReportView report={report} outcomes={props.outcomes} />
      ) : (
        <Spin loading={pending} tip={t('import.uploading')} block>
          <div className="import-steps">
            {props.before}
            <Typography.Text bold>{props.templateStep}</Typography.Text>
            <Space className="import-templates">
              {template('xlsx', t('import.templateXlsx'))}
              {template('csv', t('import.templateCsv'))}
            </Space>
            <Typography.Paragraph type="secondary" className="import-rules">
              {props.rules}
            </Typography.Paragraph>
            <Typography.Text bold>{props.uploadStep}</Typography.Text>
            <Upload
              drag
              // Not strict: a wrong file reaches the check above and is named, not silently dropped.
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

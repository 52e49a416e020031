import { Button, Dropdown, Menu, Message } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import type { ExportTicket, TalentFileFormat } from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { useExportProgress } from '@/api/exports/get-export-progress.ts';
import { env } from '@/config/env.ts';
import { formatCount } from '@/lib/format-number.ts';
import { useT } from '@/locale/index.ts';
import { lazyWhenShown } from './lazy-when-shown.tsx';
import type { ExportProgressModalProps } from './export-progress-modal.tsx';
import './files.css';

// Most exports finish before the progress shows: its dialog loads when first needed.
const LazyExportProgressModal = lazyWhenShown(
  async () => (await import('./export-progress-modal.tsx')).ExportProgressModal,
  (props: ExportProgressModalProps) => props.visible,
);

/** Quick exports finish before this; only slower ones show the progress modal. */
export const PROGRESS_DELAY_MS = 600;

/**
 * Lets the browser download a file natively (a one-time link answered as an attachment):
 * the page stays, the download shows in the browser's own bar, memory stays flat.
 */
export function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The ticket's link as the browser opens it: API paths get the configured API base. */
export function downloadHref(pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${env.apiBase}${pathOrUrl}`;
}

/**
 * An export button: the rows of the current filters as XLSX or CSV. The file downloads
 * while the server writes it (a one-time link); a large export shows its progress.
 */
export function FileExportButton(props: {
  /** The button's text. */
  label: string;
  /** The progress dialog's title. */
  title: string;
  /** Starts the export of the current filters in a format. */
  start: (format: TalentFileFormat) => Promise<ExportTicket>;
  pending: boolean;
  /** Where an export's progress is read. */
  progressPath: (exportId: string) => string;
}) {
  const { t, locale } = useT();
  const [job, setJob] = useState<ExportTicket | null>(null);
  const [showProgress, setShowProgress] = useState(false);
  const progress = useExportProgress(job ? props.progressPath(job.exportId) : null);
  const state = progress.data?.state;
  useEffect(() => {
    if (!job) return;
    const timer = window.setTimeout(() => setShowProgress(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [job]);

  useEffect(() => {
    if (!job) return;
    if (state === 'done') {
      Message.success(t('export.done', { total: formatCount(job.total, locale) }));
      setJob(null);
      setShowProgress(false);
    } else if (state === 'failed') {
      // A failed export is told in the modal, at once.
      setShowProgress(true);
    } else if (progress.isError) {
      // A failed poll was shown by the request layer.
      setJob(null);
      setShowProgress(false);
    }
  }, [state, progress.isError, job, t, locale]);

  const run = async (format: TalentFileFormat) => {
    try {
      const ticket = await props.start(format);
      startDownload(downloadHref(ticket.downloadUrl));
      setShowProgress(false);
      setJob(ticket);
    } catch {
      // Shown by the request layer.
    }
  };

  const close = () => {
    setJob(null);
    setShowProgress(false);
  };

  const written = progress.data?.written ?? 0;
  const total = progress.data?.total ?? job?.total ?? 0;

  return (
    <>
      <Dropdown
        trigger="click"
        position="bl"
        droplist={
          <Menu onClickMenuItem={(key) => void run(key as TalentFileFormat)}>
            <Menu.Item key="xlsx">{t('export.xlsx')}</Menu.Item>
            <Menu.Item key="csv">{t('export.csv')}</Menu.Item>
          </Menu>
        }
      >
        <Button icon={<IconDownload />} loading={props.pending}>
          {props.label}
        </Button>
      </Dropdown>
      <LazyExportProgressModal
        visible={showProgress && job !== null}
        title={props.title}
        state={state}
        written={written}
        total={total}
        onClose={close}
      />
    </>
  );
}

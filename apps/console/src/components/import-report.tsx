import { Grid, Statistic, Table, Tag, Typography } from '@arco-design/web-react';
import { IMPORT_MAX_BYTES, type ImportReport } from '@inviteflow/contract';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue, useT } from '@/locale/index.ts';
import './files.css';

type ImportRow = ImportReport['rows'][number];

const outcomeColors: Record<ImportRow['outcome'], string> = {
  accepted: 'green',
  updated: 'arcoblue',
  rejected: 'red',
};
const outcomeOrder: Record<ImportRow['outcome'], number> = { rejected: 0, accepted: 1, updated: 2 };

/** Why a picked file cannot be sent, before it is: its type or its size. */
export function fileProblem(file: File): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return tCatalogue('validation.fileFormat');
  if (file.size > IMPORT_MAX_BYTES)
    return tCatalogue('error.importTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
  return null;
}

/** The import report: counts, then each row's outcome with its reason, rejected rows first. */
export function ImportReportView({
  report,
  outcomes = ['accepted', 'updated', 'rejected'],
}: {
  report: ImportReport;
  /** The counts shown (an import that never updates shows no Updated). */
  outcomes?: ReadonlyArray<ImportRow['outcome']>;
}) {
  const { t, locale } = useT();
  const rows = [...report.rows].sort(
    (a, b) => outcomeOrder[a.outcome] - outcomeOrder[b.outcome] || a.row - b.row,
  );
  const outcomeText = {
    accepted: t('import.accepted'),
    updated: t('import.updated'),
    rejected: t('import.rejected'),
  };
  return (
    <div className="import-report">
      <Grid.Row gutter={16} className="import-report-counts">
        {outcomes.map((outcome) => (
          <Grid.Col span={24 / outcomes.length} key={outcome}>
            <div className={`import-count import-count-${outcome}`}>
              <Statistic
                title={outcomeText[outcome]}
                value={report[outcome]}
                groupSeparator
                styleValue={{ color: `rgb(var(--${outcomeColors[outcome]}-6))` }}
              />
            </div>
          </Grid.Col>
        ))}
      </Grid.Row>
      <div className="import-report-title">
        <Typography.Text bold>{t('import.rowsTitle')}</Typography.Text>
        <Typography.Text type="secondary">{t('import.rowsNote')}</Typography.Text>
      </div>
      <Table<ImportRow>
        rowKey="row"
        size="small"
        data={rows}
        // In a dialog on a narrow screen the rows scroll sideways in their own box.
        scroll={{ x: 600 }}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'mini', simple: true } : false}
        columns={[
          {
            title: t('import.column.row'),
            dataIndex: 'row',
            width: 72,
            render: (value: number) => formatCount(value, locale),
          },
          {
            title: t('import.column.outcome'),
            dataIndex: 'outcome',
            width: 96,
            render: (value: ImportRow['outcome']) => (
              <Tag size="small" color={outcomeColors[value]}>
                {outcomeText[value]}
              </Tag>
            ),
          },
          { title: t('import.column.name'), dataIndex: 'name', width: 140, ellipsis: true },
          {
            title: t('import.column.talentId'),
            dataIndex: 'platformTalentId',
            width: 140,
            ellipsis: true,
          },
          {
            title: t('import.column.reason'),
            dataIndex: 'reason',
            render: (value: string | null) =>
              value ? <Typography.Text type="error">{value}</Typography.Text> : '—',
          },
        ]}
      />
    </div>
  );
}

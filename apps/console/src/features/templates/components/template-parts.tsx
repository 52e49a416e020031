import { Form, Input } from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { REMARK_MAX } from '@inviteflow/contract';
import type { z } from 'zod';
import { formatDateTime } from '@/lib/format-date.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { useTemplatesT } from '../locale/index.ts';

/** The last columns of both template lists: the remark (a dash when empty) and when it was made. */
export function useRemarkAndCreatedColumns<Row extends { remark: string; createdAt: string }>() {
  const { t, locale } = useTemplatesT();
  const columns: ColumnProps<Row>[] = [
    {
      title: t('column.remark'),
      dataIndex: 'remark',
      width: 220,
      render: (remark: string) => remark || '—',
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      width: 190,
      render: (value: string) => formatDateTime(value, locale),
    },
  ];
  return columns;
}

/** The remark field of a template form, checked by the body's own rule. */
export function RemarkField({ rule }: { rule: z.ZodType }) {
  const { t, locale } = useTemplatesT();
  return (
    <Form.Item field="remark" label={t('column.remark')} rules={zodRules(rule, locale)}>
      <Input placeholder={t('remark.placeholder')} maxLength={REMARK_MAX} showWordLimit />
    </Form.Item>
  );
}

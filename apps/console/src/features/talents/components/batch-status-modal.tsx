import { Form, Select, Typography } from '@arco-design/web-react';
import { batchStatusBody, settableTalentStatuses } from '@inviteflow/contract';
import { enumOptions } from '@/components/enum-options.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBatchStatus } from '../api/batch-status.ts';
import { useTalentsT } from '../locale/index.ts';
import { enumText } from '../model/labels.ts';
import { BatchModal, type BatchModalProps } from './batch-modal.tsx';

type SettableStatus = (typeof settableTalentStatuses)[number];

/** Modify status: one settable status for every selected talent (blacklisting has its own modal). */
export function BatchStatusModal(props: BatchModalProps) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<{ status?: SettableStatus }>();
  const mutation = useBatchStatus();

  return (
    <BatchModal
      {...props}
      form={form}
      title={t('batch.statusTitle')}
      pending={mutation.isPending}
      submit={(ids, values) =>
        mutation.mutateAsync({ ids, status: values.status as SettableStatus })
      }
      success={() => tCatalogue('success.updated')}
    >
      <Typography.Paragraph>
        {t('batch.statusIntro', { count: props.talents.length })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          field="status"
          label={t('column.status')}
          required
          rules={[
            { required: true, message: t('batch.statusRequired') },
            ...zodRules(batchStatusBody.shape.status, locale, (value) => value),
          ]}
        >
          <Select placeholder={t('batch.statusPlaceholder')}>
            {enumOptions(settableTalentStatuses, (status) => enumText.status(locale, status))}
          </Select>
        </Form.Item>
      </Form>
    </BatchModal>
  );
}

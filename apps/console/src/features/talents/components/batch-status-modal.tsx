import { Form, Message, Modal, Select, Typography } from '@arco-design/web-react';
import { batchStatusBody, settableTalentStatuses, type Talent } from '@inviteflow/contract';

import { useEffect } from 'react';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBatchStatus } from '../api/batch-status.ts';
import { useTalentsT } from '../locale/index.ts';
import { enumText } from '../model/labels.ts';

type SettableStatus = (typeof settableTalentStatuses)[number];

export interface BatchModalProps {
  visible: boolean;
  talents: readonly Talent[];
  onClose: () => void;
  /** After the server took the change: the page clears the selection. */
  onDone: () => void;
}

/** Modify status: one settable status for every selected talent (blacklisting has its own modal). */
export function BatchStatusModal({ visible, talents, onClose, onDone }: BatchModalProps) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<{ status?: SettableStatus }>();
  const mutation = useBatchStatus();

  useEffect(() => {
    if (visible) form.resetFields();
  }, [visible, form]);

  const onOk = async () => {
    let values: { status?: SettableStatus };
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      await mutation.mutateAsync({
        ids: talents.map((talent) => talent.id),
        status: values.status as SettableStatus,
      });
      Message.success(tCatalogue('success.updated'));
      onDone();
    } catch {
      // Shown by the request layer (a blacklisted talent, say); the modal stays open.
    }
  };

  return (
    <Modal
      title={t('batch.statusTitle')}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      unmountOnExit
      autoFocus={false}
    >
      <Typography.Paragraph>
        {t('batch.statusIntro', { count: talents.length })}
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
            {settableTalentStatuses.map((status) => (
              <Select.Option key={status} value={status}>
                {enumText.status(locale, status)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
      </Form>
    </Modal>
  );
}

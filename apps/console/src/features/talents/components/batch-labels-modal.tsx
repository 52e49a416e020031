import { Form, Message, Modal, Radio, Typography } from '@arco-design/web-react';
import { batchLabelsBody } from '@inviteflow/contract';
import { useEffect } from 'react';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBatchLabels, type LabelMode } from '../api/batch-labels.ts';
import { useTalentFacets } from '../api/get-talent-facets.ts';
import { useTalentsT } from '../locale/index.ts';
import type { BatchModalProps } from './batch-status-modal.tsx';
import { LabelSelect } from './label-select.tsx';

interface LabelsForm {
  mode: LabelMode;
  labels: string[];
}

/** Modify label: add labels to, remove them from, or replace the labels of the selection. */
export function BatchLabelsModal({ visible, talents, onClose, onDone }: BatchModalProps) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<LabelsForm>();
  const mutation = useBatchLabels();
  const facets = useTalentFacets().data;
  const mode = (Form.useWatch('mode', form) as LabelMode | undefined) ?? 'add';

  useEffect(() => {
    if (visible) form.setFieldsValue({ mode: 'add', labels: [] });
  }, [visible, form]);

  const onOk = async () => {
    let values: LabelsForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      await mutation.mutateAsync({
        ids: talents.map((talent) => talent.id),
        labels: values.labels ?? [],
        mode: values.mode,
      });
      Message.success(tCatalogue('success.updated'));
      onDone();
    } catch {
      // Shown by the request layer; the modal stays open.
    }
  };

  return (
    <Modal
      title={t('batch.labelsTitle')}
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
        {t('batch.labelsIntro', { count: talents.length })}
      </Typography.Paragraph>
      <Form<LabelsForm> form={form} layout="vertical" initialValues={{ mode: 'add', labels: [] }}>
        <Form.Item field="mode" label={t('batch.labelsMode')}>
          <Radio.Group type="button">
            <Radio value="add">{t('batch.labelsAdd')}</Radio>
            <Radio value="remove">{t('batch.labelsRemove')}</Radio>
            <Radio value="replace">{t('batch.labelsReplace')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          field="labels"
          label={t('batch.labelsField')}
          required={mode !== 'replace'}
          extra={mode === 'replace' ? t('batch.labelsReplaceHint') : undefined}
          rules={[
            {
              validator: (value: string[] | undefined, callback) =>
                callback(
                  mode !== 'replace' && (value ?? []).length === 0
                    ? t('batch.labelsRequired')
                    : undefined,
                ),
            },
            ...zodRules(batchLabelsBody.shape.labels, locale, (value) => value ?? []),
          ]}
        >
          <LabelSelect ownLabels={facets?.labels ?? []} placeholder={t('form.labelsPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Radio, Typography } from '@arco-design/web-react';
import { batchLabelsBody } from '@inviteflow/contract';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBatchLabels, type LabelMode } from '../api/batch-labels.ts';
import { useTalentFacets } from '../api/get-talent-facets.ts';
import { useTalentsT } from '../locale/index.ts';
import { BatchModal, type BatchModalProps } from './batch-modal.tsx';
import { LabelSelect } from './label-select.tsx';

interface LabelsForm {
  mode: LabelMode;
  labels: string[];
}

const startValues: LabelsForm = { mode: 'add', labels: [] };

/** Modify label: add labels to, remove them from, or replace the labels of the selection. */
export function BatchLabelsModal(props: BatchModalProps) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<LabelsForm>();
  const mutation = useBatchLabels();
  const facets = useTalentFacets().data;
  const mode = (Form.useWatch('mode', form) as LabelMode | undefined) ?? 'add';

  return (
    <BatchModal
      {...props}
      form={form}
      title={t('batch.labelsTitle')}
      startValues={startValues}
      pending={mutation.isPending}
      submit={(ids, values) =>
        mutation.mutateAsync({ ids, labels: values.labels ?? [], mode: values.mode })
      }
      success={() => tCatalogue('success.updated')}
    >
      <Typography.Paragraph>
        {t('batch.labelsIntro', { count: props.talents.length })}
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
    </BatchModal>
  );
}

import { Form, Input } from '@arco-design/web-react';
import {
  SCRIPT_CONTENT_MAX,
  scriptTemplateBody,
  type ScriptTemplate,
  type ScriptTemplateBody,
} from '@inviteflow/contract';
import type { FormModalState } from '@/components/crud/crud-table-card.tsx';
import { EntityFormModal } from '@/components/crud/entity-form-modal.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { useCreateScript } from '../api/create-script.ts';
import { useUpdateScript } from '../api/update-script.ts';
import { useTemplatesT } from '../locale/index.ts';
import { RemarkField } from './template-parts.tsx';

interface ScriptForm {
  content: string;
  remark: string;
}

/** Creates a script template, or edits `editing` when one is given. */
export function ScriptFormModal(props: FormModalState<ScriptTemplate>) {
  const { t, locale } = useTemplatesT();
  const [form] = Form.useForm<ScriptForm>();
  const shape = scriptTemplateBody.shape;
  return (
    <EntityFormModal<ScriptTemplate, ScriptForm, ScriptTemplateBody>
      {...props}
      form={form}
      createTitle={t('script.createTitle')}
      editTitle={t('script.editTitle')}
      initialValues={(row) => ({ content: row?.content ?? '', remark: row?.remark ?? '' })}
      toBody={(values) => ({ content: values.content, remark: values.remark ?? '' })}
      create={useCreateScript()}
      update={useUpdateScript()}
    >
      <Form.Item
        field="content"
        label={t('column.content')}
        required
        rules={zodRules(shape.content, locale)}
      >
        <Input.TextArea
          placeholder={t('script.contentPlaceholder')}
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={SCRIPT_CONTENT_MAX}
          showWordLimit
        />
      </Form.Item>
      <RemarkField rule={shape.remark} />
    </EntityFormModal>
  );
}

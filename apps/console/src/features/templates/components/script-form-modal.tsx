import { Form, Input, Message, Modal } from '@arco-design/web-react';
import {
  REMARK_MAX,
  SCRIPT_CONTENT_MAX,
  scriptTemplateBody,
  type ScriptTemplate,
  type ScriptTemplateBody,
} from '@inviteflow/contract';
import { useEffect } from 'react';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useCreateScript } from '../api/create-script.ts';
import { useUpdateScript } from '../api/update-script.ts';
import { useTemplatesT } from '../locale/index.ts';

interface ScriptForm {
  content: string;
  remark: string;
}

/** Creates a script template, or edits `editing` when one is given. */
export function ScriptFormModal(props: {
  visible: boolean;
  editing: ScriptTemplate | null;
  onClose: () => void;
}) {
  const { visible, editing, onClose } = props;
  const { t, locale } = useTemplatesT();
  const [form] = Form.useForm<ScriptForm>();
  const create = useCreateScript();
  const update = useUpdateScript();

  useEffect(() => {
    if (!visible) return;
    form.setFieldsValue({ content: editing?.content ?? '', remark: editing?.remark ?? '' });
  }, [visible, editing, form]);

  const onOk = async () => {
    let values: ScriptForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const body: ScriptTemplateBody = { content: values.content, remark: values.remark ?? '' };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
        Message.success(tCatalogue('success.updated'));
      } else {
        await create.mutateAsync(body);
        Message.success(tCatalogue('success.created'));
      }
      onClose();
    } catch {
      // Shown by the request layer; keep the modal open with the input.
    }
  };

  return (
    <Modal
      title={editing ? t('script.editTitle') : t('script.createTitle')}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={onClose}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={create.isPending || update.isPending}
      unmountOnExit
      autoFocus={false}
      style={{ width: 560 }}
    >
      <Form<ScriptForm> form={form} layout="vertical">
        <Form.Item
          field="content"
          label={t('column.content')}
          required
          rules={zodRules(scriptTemplateBody.shape.content, locale)}
        >
          <Input.TextArea
            placeholder={t('script.contentPlaceholder')}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={SCRIPT_CONTENT_MAX}
            showWordLimit
          />
        </Form.Item>
        <Form.Item
          field="remark"
          label={t('column.remark')}
          rules={zodRules(scriptTemplateBody.shape.remark, locale)}
        >
          <Input placeholder={t('remark.placeholder')} maxLength={REMARK_MAX} showWordLimit />
        </Form.Item>
      </Form>
    </Modal>
  );
}

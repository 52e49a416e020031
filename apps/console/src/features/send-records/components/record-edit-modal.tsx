import { Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import {
  SEND_MESSAGE_MAX,
  SET_NAME_MAX,
  contentTypes,
  sendRecordEditBody,
  taskTypes,
  type SendRecord,
  type SendRecordEditBody,
} from '@inviteflow/contract';
import { useEffect } from 'react';
import { enumOptions } from '@/components/enum-options.tsx';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useUpdateSendRecord } from '../api/update-send-record.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';

function editValuesOf(record: SendRecord): SendRecordEditBody {
  return {
    taskType: record.taskType,
    contentType: record.contentType,
    setName: record.setName,
    message: record.message,
  };
}

/** Edits a pending record: how it is filed and what it says. The server refuses any other. */
export function RecordEditModal({
  record,
  onClose,
}: {
  record: SendRecord | null;
  onClose: () => void;
}) {
  const { t, locale } = useSendRecordsT();
  const [form] = Form.useForm<SendRecordEditBody>();
  const update = useUpdateSendRecord();
  const shape = sendRecordEditBody.shape;

  useEffect(() => {
    if (record) form.setFieldsValue(editValuesOf(record));
  }, [record, form]);
  // Esc, the mask, × and Cancel ask first when something was changed.
  const close = useDiscardGuard({
    form,
    baseline: () => (record ? editValuesOf(record) : {}),
    onClose,
  });

  const save = async () => {
    if (!record) return;
    let values: SendRecordEditBody;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      await update.mutateAsync({ id: record.id, body: values });
      Message.success(tCatalogue('success.updated'));
      onClose();
    } catch {
      // Shown by the request layer (claimed meanwhile, say).
    }
  };

  return (
    <Modal
      title={t('edit.title')}
      visible={record !== null}
      onOk={() => void save()}
      onCancel={close}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={update.isPending}
      unmountOnExit
      autoFocus={false}
      style={{ width: 600, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Form<SendRecordEditBody> form={form} layout="vertical">
        <Form.Item
          field="taskType"
          label={t('detail.taskType')}
          required
          rules={zodRules(shape.taskType, locale)}
        >
          <Select>{enumOptions(taskTypes, (v) => enumText.taskType(locale, v))}</Select>
        </Form.Item>
        <Form.Item
          field="contentType"
          label={t('detail.contentType')}
          required
          rules={zodRules(shape.contentType, locale)}
        >
          <Select>{enumOptions(contentTypes, (v) => enumText.contentType(locale, v))}</Select>
        </Form.Item>
        <Form.Item
          field="setName"
          label={t('detail.setName')}
          required
          rules={zodRules(shape.setName, locale)}
        >
          <Input maxLength={SET_NAME_MAX} showWordLimit />
        </Form.Item>
        <Form.Item
          field="message"
          label={t('edit.message')}
          required
          rules={zodRules(shape.message, locale)}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={SEND_MESSAGE_MAX}
            showWordLimit
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

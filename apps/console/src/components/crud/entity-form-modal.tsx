import { Form, Message, Modal } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import { useEffect, useRef, type ReactNode } from 'react';
import { tCatalogue, useT } from '@/locale/index.ts';
import { useDiscardGuard } from '../use-discard-guard.ts';
import type { FormModalState } from './crud-table-card.tsx';

export interface EntityFormModalProps<
  Row extends { id: number },
  Values,
  Body,
> extends FormModalState<Row> {
  form: FormInstance<Values>;
  createTitle: string;
  editTitle: string;
  /** The form's values for a new row, or for the row being edited. */
  initialValues: (editing: Row | null) => Values;
  toBody: (values: Values) => Body;
  create: { mutateAsync: (body: Body) => Promise<unknown>; isPending: boolean };
  /** Absent for rows that are only ever created (a blacklist entry). */
  update?: {
    mutateAsync: (args: { id: number; body: Body }) => Promise<unknown>;
    isPending: boolean;
  };
  /** Said after a create; the catalogue's 'Created successfully' by default. */
  createdMessage?: string;
  /** The modal's width; 560 by default. */
  width?: number;
  children: ReactNode;
}

/**
 * Creates a row, or edits `editing`: fills the form, checks it with its rules, saves,
 * says so and closes. A refused save keeps the modal open with the input (the request
 * layer has shown why).
 */
export function EntityFormModal<Row extends { id: number }, Values, Body>(
  props: EntityFormModalProps<Row, Values, Body>,
) {
  const { t } = useT();
  const { visible, editing, onClose, form, initialValues } = props;

  // The mapping may be a new function each render; refilling follows opening and the row only.
  const initial = useRef(initialValues);
  initial.current = initialValues;
  useEffect(() => {
    if (visible)
      form.setFieldsValue(initial.current(editing) as Parameters<typeof form.setFieldsValue>[0]);
  }, [visible, editing, form]);
  // Esc, the mask, × and Cancel ask first when something was entered or changed.
  const close = useDiscardGuard({ form, baseline: () => initial.current(editing), onClose });

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const body = props.toBody(values);
    try {
      if (editing && props.update) {
        await props.update.mutateAsync({ id: editing.id, body });
        Message.success(tCatalogue('success.updated'));
      } else {
        await props.create.mutateAsync(body);
        Message.success(props.createdMessage ?? tCatalogue('success.created'));
      }
      onClose();
    } catch {
      // Shown by the request layer (a duplicate, say); keep the modal open with the input.
    }
  };

  return (
    <Modal
      title={editing ? props.editTitle : props.createTitle}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={close}
      okText={t('crud.save')}
      cancelText={t('crud.cancel')}
      confirmLoading={props.create.isPending || Boolean(props.update?.isPending)}
      unmountOnExit
      autoFocus={false}
      style={{ width: props.width ?? 560, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Form<Values> form={form} layout="vertical">
        {props.children}
      </Form>
    </Modal>
  );
}

import { Message, Modal, type ButtonProps } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import type { Talent } from '@inviteflow/contract';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { useTalentsT } from '../locale/index.ts';

/** What the page gives each batch modal: the selection and what to do after. */
export interface BatchModalProps {
  visible: boolean;
  talents: readonly Talent[];
  onClose: () => void;
  /** After the server took the change: the page clears the selection. */
  onDone: () => void;
}

/**
 * The frame of a batch change to the selected talents: the form starts afresh on each
 * opening, OK checks it and sends the change for the selected ids, a success closes the
 * modal through `onDone`; a refusal is shown by the request layer and the modal stays
 * open with what was entered.
 */
export function BatchModal<Values>(
  props: BatchModalProps & {
    form: FormInstance<Values>;
    title: string;
    /** "OK" by default. */
    okText?: string;
    okButtonProps?: ButtonProps;
    style?: CSSProperties;
    /** The values the form starts with on each opening; its initial values by default. */
    startValues?: Parameters<FormInstance<Values>['setFieldsValue']>[0];
    pending: boolean;
    /** Sends the change for these talents. */
    submit: (ids: number[], values: Values) => Promise<unknown>;
    /** Said once the server took the change. */
    success: () => string;
    children: ReactNode;
  },
) {
  const { t } = useTalentsT();
  const { visible, form, startValues } = props;

  useEffect(() => {
    if (!visible) return;
    // A copy: the form's store must not share arrays with the next opening.
    if (startValues) form.setFieldsValue(structuredClone(startValues));
    else form.resetFields();
  }, [visible, form, startValues]);
  // Esc, the mask, × and Cancel ask first when something was entered.
  const close = useDiscardGuard({
    form,
    baseline: () => startValues ?? {},
    onClose: props.onClose,
  });

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      await props.submit(
        props.talents.map((talent) => talent.id),
        values,
      );
      Message.success(props.success());
      props.onDone();
    } catch {
      // Shown by the request layer (a blacklisted talent, say); the modal stays open.
    }
  };

  return (
    <Modal
      title={props.title}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={close}
      okText={props.okText ?? t('common.ok')}
      okButtonProps={props.okButtonProps}
      cancelText={t('common.cancel')}
      confirmLoading={props.pending}
      unmountOnExit
      autoFocus={false}
      style={props.style}
    >
      {props.children}
    </Modal>
  );
}

import { Form, Input } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import { smsCodeField, type SmsPurpose } from '@inviteflow/contract';
import { zodRules } from '@/lib/form-rules.ts';
import { useT } from '@/locale/index.ts';
import { SmsCodeButton } from './sms-code-button.tsx';
import './sms-code-field.css';

/**
 * The verification code input with its "Get code" button beside it. The button sends
 * to the form's phone field once that field is valid.
 */
export function SmsCodeField<Values extends { phoneNumber: string }>(props: {
  form: FormInstance<Values>;
  purpose: SmsPurpose;
  /** A visible label (forms with labels); without it the placeholder names the field. */
  label?: string;
  placeholder?: string;
}) {
  const { locale } = useT();
  const { form } = props;
  return (
    <div className={props.label ? 'sms-code-row sms-code-row-labelled' : 'sms-code-row'}>
      <Form.Item
        field="code"
        label={props.label}
        required={Boolean(props.label)}
        rules={zodRules(smsCodeField, locale)}
        className="sms-code-field"
      >
        <Input
          placeholder={props.placeholder}
          aria-label={props.label ?? props.placeholder}
          autoComplete="one-time-code"
          maxLength={6}
        />
      </Form.Item>
      <SmsCodeButton
        purpose={props.purpose}
        getPhone={async () => {
          const values = await form.validate(['phoneNumber'] as Array<keyof Values & string>);
          return String(values.phoneNumber ?? '').trim();
        }}
      />
    </div>
  );
}

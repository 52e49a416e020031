import { Form, Input } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react';

/**
 * A new password and its confirmation, each with its visible label (a filled field still
 * says what it is) and a hint inside; re-checks the confirmation when the password changes.
 */
export function PasswordFields(props: {
  passwordField: string;
  passwordLabel: string;
  passwordPlaceholder: string;
  passwordRules: RulesProps[];
  confirmLabel: string;
  confirmPlaceholder: string;
  confirmRules: RulesProps[];
}) {
  return (
    <>
      <Form.Item
        field={props.passwordField}
        label={props.passwordLabel}
        required
        rules={props.passwordRules}
      >
        <Input.Password placeholder={props.passwordPlaceholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        field="confirmPassword"
        label={props.confirmLabel}
        required
        rules={props.confirmRules}
      >
        <Input.Password placeholder={props.confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

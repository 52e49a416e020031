import { Form, Input } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react';

/** A new password and its confirmation; re-checks the confirmation when the password changes. */
export function PasswordFields(props: {
  passwordField: string;
  passwordLabel: string;
  passwordRules: RulesProps[];
  confirmLabel: string;
  confirmRules: RulesProps[];
}) {
  return (
    <>
      <Form.Item field={props.passwordField} rules={props.passwordRules}>
        <Input.Password
          placeholder={props.passwordLabel}
          aria-label={props.passwordLabel}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item field="confirmPassword" rules={props.confirmRules}>
        <Input.Password
          placeholder={props.confirmLabel}
          aria-label={props.confirmLabel}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}

import { Button, Form, Input, Link, Message } from '@arco-design/web-react';
import { resetPasswordBody, type ResetPasswordBody } from '@inviteflow/contract';
import { useNavigate } from 'react-router';
import { SmsCodeField } from '@/components/sms-code-field.tsx';
import { zodFieldRules, zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useAuthT } from '../locale/index.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordFields } from './password-fields.tsx';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

export function ForgotPasswordPage() {
  const { t, locale } = useAuthT();
  const [form] = Form.useForm<ResetPasswordBody>();
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const shape = resetPasswordBody.shape;
  const values = () => form.getFieldsValue() as Record<string, unknown>;

  const onSubmit = async (data: ResetPasswordBody) => {
    try {
      await mutation.mutateAsync(data);
      Message.success(tCatalogue('success.passwordReset'));
      void navigate('/login', { replace: true });
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <h1 className="auth-title">{t('forgot.title')}</h1>
      <p className="auth-subtitle">{t('forgot.subtitle')}</p>
      <Form<ResetPasswordBody>
        form={form}
        layout="vertical"
        className="auth-form"
        onSubmit={(data) => void onSubmit(data)}
        onValuesChange={(changed) => {
          if ('newPassword' in changed && form.getFieldValue('confirmPassword')) {
            form.validate(['confirmPassword']).catch(() => undefined);
          }
        }}
      >
        <Form.Item
          field="phoneNumber"
          label={t('forgot.phone')}
          required
          rules={zodRules(shape.phoneNumber, locale)}
        >
          <Input placeholder={t('forgot.phonePlaceholder')} autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField
          form={form}
          purpose="reset"
          label={t('register.code')}
          placeholder={t('register.codePlaceholder')}
        />
        <PasswordFields
          passwordField="newPassword"
          passwordLabel={t('forgot.newPassword')}
          passwordPlaceholder={t('register.passwordPlaceholder')}
          passwordRules={zodRules(shape.newPassword, locale)}
          confirmLabel={t('forgot.confirmPassword')}
          confirmPlaceholder={t('forgot.confirmPasswordPlaceholder')}
          confirmRules={zodFieldRules(resetPasswordBody, 'confirmPassword', locale, values)}
        />
        <Button type="primary" htmlType="submit" long size="large" loading={mutation.isPending}>
          {t('forgot.submit')}
        </Button>
        <div className="auth-switch">
          <Link
            href="/login"
            onClick={(event) => {
              event.preventDefault();
              void navigate('/login');
            }}
          >
            {t('forgot.back')}
          </Link>
        </div>
      </Form>
    </AuthLayout>
  );
}

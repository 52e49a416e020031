import { Button, Form, Input, Link, Message } from '@arco-design/web-react';
import { registerBody, type RegisterBody } from '@inviteflow/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { SmsCodeField } from '@/components/sms-code-field.tsx';
import { zodFieldRules, zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useRegister } from '../api/register.ts';
import { useAuthT } from '../locale/index.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordFields } from './password-fields.tsx';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

type RegisterForm = Required<Pick<RegisterBody, 'username' | 'phoneNumber' | 'code'>> & {
  password: string;
  confirmPassword: string;
  inviteCode: string;
};

export function RegisterPage() {
  const { t, locale } = useAuthT();
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const mutation = useRegister();
  const linkedCode = search.get('inviteCode');
  const shape = registerBody.shape;
  const values = () => form.getFieldsValue() as Record<string, unknown>;

  const onSubmit = async (data: RegisterForm) => {
    try {
      const user = await mutation.mutateAsync({
        ...data,
        inviteCode: data.inviteCode?.trim() || undefined,
      });
      Message.success(tCatalogue('success.registered'));
      void navigate('/login', { state: { username: user.username } });
    } catch {
      // The request layer showed the server's message (taken username, wrong code, ...).
    }
  };

  const goLogin = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    void navigate('/login');
  };

  return (
    <AuthLayout title={t('register.title')}>
      <h1 className="auth-title">{t('register.title')}</h1>
      <p className="auth-subtitle">{t('register.subtitle')}</p>
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        className="auth-form"
        initialValues={{ inviteCode: linkedCode ?? '' }}
        onSubmit={(data) => void onSubmit(data)}
        onValuesChange={(changed) => {
          // The confirmation depends on the password: re-check it once it has been typed.
          if ('password' in changed && form.getFieldValue('confirmPassword')) {
            form.validate(['confirmPassword']).catch(() => undefined);
          }
        }}
      >
        {/* Every field has a visible label: once filled, its placeholder is gone. */}
        <Form.Item
          field="username"
          label={t('register.username')}
          required
          rules={zodRules(shape.username, locale)}
        >
          <Input placeholder={t('register.usernamePlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          field="phoneNumber"
          label={t('register.phone')}
          required
          rules={zodRules(shape.phoneNumber, locale)}
        >
          <Input placeholder={t('register.phonePlaceholder')} autoComplete="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeField
          form={form}
          purpose="register"
          label={t('register.code')}
          placeholder={t('register.codePlaceholder')}
        />
        <PasswordFields
          passwordField="password"
          passwordLabel={t('register.password')}
          passwordPlaceholder={t('register.passwordPlaceholder')}
          passwordRules={zodRules(shape.password, locale)}
          confirmLabel={t('register.confirmPassword')}
          confirmPlaceholder={t('register.confirmPasswordPlaceholder')}
          confirmRules={zodFieldRules(registerBody, 'confirmPassword', locale, values)}
        />
        <Form.Item
          field="inviteCode"
          label={t('register.inviteCode')}
          rules={zodRules(shape.inviteCode, locale)}
          // Filled from the link: say where the code came from.
          extra={linkedCode ? t('register.inviteCodeFromLink') : undefined}
        >
          <Input placeholder={t('register.inviteCodePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" long size="large" loading={mutation.isPending}>
          {t('register.submit')}
        </Button>
        <div className="auth-switch">
          {t('register.haveAccount')}
          <Link href="/login" onClick={goLogin}>
            {t('register.signIn')}
          </Link>
        </div>
      </Form>
    </AuthLayout>
  );
}

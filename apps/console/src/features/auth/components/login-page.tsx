import { Button, Checkbox, Form, Input, Link, Tooltip } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { loginBody } from '@inviteflow/contract';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '@/app/guard.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { signIn } from '@/lib/session.ts';
import { rememberedLogin } from '@/lib/storage.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { useAuthT } from '../locale/index.ts';
import { AuthLayout } from './auth-layout.tsx';

interface LoginForm {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t, locale } = useAuthT();
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const token = useAuthStore((state) => state.token);
  const [submitting, setSubmitting] = useState(false);
  const [initial] = useState(() => {
    const remembered = rememberedLogin.read();
    // After registering, the new account name arrives in the navigation state.
    const registered = (location.state as { username?: unknown } | null)?.username;
    return {
      remember: remembered.remember,
      username: typeof registered === 'string' ? registered : remembered.account,
    };
  });
  const [remember, setRemember] = useState(initial.remember);

  // Already signed in (e.g. "/" → /login in a live session): go straight to the target.
  if (token && !submitting) return <Navigate to={afterLoginTarget(search)} replace />;

  const onSubmit = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      await signIn({ username: values.username.trim(), password: values.password }, remember);
      navigate(afterLoginTarget(search), { replace: true });
    } catch {
      // signIn has shown the reason.
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.submit')}>
      <h1 className="auth-title">{t('login.title')}</h1>
      <p className="auth-subtitle">{t('login.subtitle')}</p>
      <Form<LoginForm>
        form={form}
        layout="vertical"
        className="auth-form"
        initialValues={{ username: initial.username, password: '' }}
        onSubmit={(values) => void onSubmit(values)}
        autoComplete="on"
      >
        <Form.Item field="username" rules={zodRules(loginBody.shape.username, locale)}>
          <Input
            prefix={<IconUser />}
            placeholder={t('login.account')}
            aria-label={t('login.account')}
            autoComplete="username"
            size="large"
          />
        </Form.Item>
        <Form.Item field="password" rules={zodRules(loginBody.shape.password, locale)}>
          <Input.Password
            prefix={<IconLock />}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        <div className="auth-form-row">
          <Tooltip content={t('login.rememberHint')}>
            <Checkbox checked={remember} onChange={setRemember}>
              {t('login.remember')}
            </Checkbox>
          </Tooltip>
          <Link
            href="/forgot-password"
            onClick={(event) => {
              event.preventDefault();
              navigate('/forgot-password');
            }}
          >
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="primary" htmlType="submit" long size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
        <Button
          type="text"
          long
          className="auth-secondary"
          onClick={() => navigate({ pathname: '/register', search: location.search })}
        >
          {t('login.register')}
        </Button>
      </Form>
    </AuthLayout>
  );
}

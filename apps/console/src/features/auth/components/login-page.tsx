import { Button, Checkbox, Input, Link, Tooltip } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import type { LoginBody } from '@inviteflow/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '@/lib/session.ts';
import { rememberedLogin } from '@/lib/storage.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { useAuthT } from '../locale/index.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PlainFormItem } from './plain-form-item.tsx';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;

// The checks come with zod, which the page does without until someone types.
const loadChecks = () => import('./login-checks.ts');

export interface LoginPageProps {
  /** Where a signed-in user goes, read from this page's query (the app's route table knows the names). */
  targetAfterLogin: (search: URLSearchParams) => string;
  /** Starts downloading the target's code beside the sign-in request. */
  preload?: (path: string) => void;
}

// The app passes the route-table pieces in, as bulletproof-react's login route does for its form:
// a feature does not import the app (issue 18).
export function LoginPage({ targetAfterLogin, preload }: LoginPageProps) {
  const { t, locale } = useAuthT();
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
  const [values, setValues] = useState<LoginBody>({ username: initial.username, password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [remember, setRemember] = useState(initial.remember);

  // Already signed in (e.g. "/" → /login in a live session): go straight to the target.
  if (token && !submitting) return <Navigate to={targetAfterLogin(search)} replace />;

  /** Checks the given fields of these values, as Arco Form would on change and on submit. */
  const check = async (next: LoginBody, fields: Field[]): Promise<Errors> => {
    const all = (await loadChecks()).loginErrors(locale, next);
    setErrors((shown) => {
      const updated = { ...shown };
      for (const field of fields) updated[field] = all[field];
      return updated;
    });
    return all;
  };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    void check(next, [field]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await check(values, ['username', 'password']);
    if (found.username || found.password) return;
    setSubmitting(true);
    const target = targetAfterLogin(search);
    try {
      const signingIn = signIn(
        { username: values.username.trim(), password: values.password },
        remember,
      );
      // The sign-in request goes first; the shell's code downloads beside it, not before it.
      preload?.(target);
      await signingIn;
      void navigate(target, { replace: true });
    } catch {
      // signIn has shown the reason.
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('login.submit')}>
      <h1 className="auth-title">{t('login.title')}</h1>
      <p className="auth-subtitle">{t('login.subtitle')}</p>
      <form
        className="arco-form arco-form-vertical arco-form-size-default auth-form"
        onSubmit={(event) => void onSubmit(event)}
        autoComplete="on"
        noValidate
      >
        <PlainFormItem label={t('login.account')} htmlFor="login-account" error={errors.username}>
          <Input
            id="login-account"
            prefix={<IconUser />}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
            size="large"
            value={values.username}
            onChange={change('username')}
            onFocus={() => void loadChecks()}
            error={Boolean(errors.username)}
          />
        </PlainFormItem>
        <PlainFormItem label={t('login.password')} htmlFor="login-password" error={errors.password}>
          <Input.Password
            id="login-password"
            prefix={<IconLock />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            size="large"
            value={values.password}
            onChange={change('password')}
            onFocus={() => void loadChecks()}
            error={Boolean(errors.password)}
          />
        </PlainFormItem>
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
              void navigate('/forgot-password');
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
          onClick={() => void navigate({ pathname: '/register', search: location.search })}
        >
          {t('login.register')}
        </Button>
      </form>
    </AuthLayout>
  );
}

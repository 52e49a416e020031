import { Message } from '@arco-design/web-react';
import type { Locale } from '@inviteflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderRoutes, resetApp, signedInUser, stubFetch } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const loginTexts: Record<Locale, { title: string; submit: string; messages: string[] }> = {
  'en-US': {
    title: 'Login to InviteFlow',
    submit: 'Login',
    messages: ['Username cannot be empty', 'Password cannot be empty'],
  },
  'zh-CN': {
    title: '登录 InviteFlow 达人邀约',
    submit: '登录',
    messages: ['用户名不能为空', '密码不能为空'],
  },
};

const registerTexts: Record<
  Locale,
  { submit: string; phone: string; fromLink: string; messages: string[] }
> = {
  'en-US': {
    submit: 'Register',
    fromLink: 'Filled in from your invitation link',
    phone: 'Phone number',
    messages: [
      'Please enter correct phone number format',
      'Verification code must be 6 digits',
      'Password length cannot be less than 6 characters',
      'Passwords do not match',
    ],
  },
  'zh-CN': {
    submit: '注册',
    fromLink: '已填入邀请链接中的邀请码',
    phone: '手机号',
    messages: [
      '请输入正确的手机号格式',
      '验证码为 6 位数字',
      '密码长度不能少于 6 位',
      '两次输入的密码不一致',
    ],
  },
};

// The app's afterLoginTarget (tested in app/guard.test.tsx) reads route names from the route
// table; here a stand-in knows the one name these tests use.
const targetAfterLogin = (search: URLSearchParams) =>
  search.get('redirect') === 'TemplateScript' ? '/template/script' : '/sent/search-table';

function authRoutes() {
  return [
    { path: '/login', element: <LoginPage targetAfterLogin={targetAfterLogin} /> },
    { path: '/register', element: <RegisterPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/sent/search-table', element: <div>landing page</div> },
    { path: '/template/script', element: <div>scripts page</div> },
  ];
}

describe.each(['en-US', 'zh-CN'] as const)('login page in %s', (locale) => {
  beforeEach(() => resetApp(locale));

  it('shows the title and the spec messages for empty input', async () => {
    const texts = loginTexts[locale];
    renderRoutes(authRoutes(), '/login');
    expect(await screen.findByText(texts.title)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: texts.submit }));
    for (const message of texts.messages)
      expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('login page', () => {
  beforeEach(() => resetApp('en-US'));

  it('signs in, goes to the redirect target, and remembers only the account name', async () => {
    const fetchStub = stubFetch((url) =>
      url.endsWith('/auth/me')
        ? ok({
            id: 7,
            username: 'seller01',
            phoneNumber: '13800138000',
            createdAt: '2025-01-01T00:00:00Z',
            timeZone: 'America/Los_Angeles',
          })
        : ok({ access_token: 'A', user: signedInUser }),
    );
    const { router } = renderRoutes(authRoutes(), '/login?redirect=TemplateScript');
    fireEvent.change(await screen.findByLabelText('Username or phone number'), {
      target: { value: '13800138000' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('scripts page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/template/script');
    const body = JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body)) as unknown;
    // "remember" asks the server for a refresh cookie that outlives the browser's session;
    // the browser's zone becomes the account's if it has none (issue 20 #9).
    expect(body).toEqual({
      username: '13800138000',
      password: 'secret1',
      remember: true,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The console then shows times in the account's zone, as `me` says it.
    expect(useAuthStore.getState().timeZone).toBe('America/Los_Angeles');
    expect(useAuthStore.getState().token).toBe('A');
    expect(localStorage.getItem('token')).toBe('A');
    expect(localStorage.getItem('rememberedAccount')).toBe('13800138000');
    expect(JSON.stringify(localStorage)).not.toContain('secret1');
  });
});

const emptyMeTexts: Record<Locale, { account: string; password: string; failure: string }> = {
  'en-US': {
    account: 'Username or phone number',
    password: 'Password',
    failure: 'login failed, user info empty',
  },
  'zh-CN': { account: '用户名或手机号', password: '密码', failure: '登录失败，未获取到用户信息' },
};

describe.each(['en-US', 'zh-CN'] as const)(
  'login page in %s, when me answers nothing',
  (locale) => {
    beforeEach(() => resetApp(locale));

    it('fails the sign-in once: one error, the login page stays, the session ends', async () => {
      const texts = emptyMeTexts[locale];
      const errorToast = vi.spyOn(Message, 'error');
      const successToast = vi.spyOn(Message, 'success');
      const fetchStub = stubFetch((url) =>
        url.endsWith('/auth/me')
          ? ok(null)
          : url.endsWith('/auth/logout')
            ? ok(null)
            : ok({ access_token: 'A', user: signedInUser }),
      );
      const { router } = renderRoutes(authRoutes(), '/login');
      fireEvent.change(await screen.findByLabelText(texts.account), {
        target: { value: 'seller01' },
      });
      fireEvent.change(screen.getByLabelText(texts.password), { target: { value: 'secret1' } });
      fireEvent.click(screen.getByRole('button', { name: loginTexts[locale].submit }));
      expect(await screen.findByText(texts.failure)).toBeInTheDocument();
      // The form is usable again: the sign-in is over.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: loginTexts[locale].submit })).toBeEnabled(),
      );
      expect(errorToast).toHaveBeenCalledTimes(1);
      expect(errorToast).toHaveBeenCalledWith({ content: texts.failure, duration: 5000 });
      expect(successToast).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.queryByText('landing page')).not.toBeInTheDocument();
      expect(useAuthStore.getState().token).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(sessionStorage.getItem('token')).toBeNull();
      // The session the login opened is ended on the server too.
      expect(fetchStub.mock.calls.map(([url]) => String(url).replace(/^.*\/auth\//, ''))).toEqual([
        'login',
        'me',
        'logout',
      ]);
    });
  },
);

describe.each(['en-US', 'zh-CN'] as const)('register page in %s', (locale) => {
  beforeEach(() => resetApp(locale));

  it('shows the spec messages for invalid input', async () => {
    const texts = registerTexts[locale];
    renderRoutes(authRoutes(), '/register?inviteCode=ABCD1234');
    const phone = await screen.findByLabelText(texts.phone);
    fireEvent.change(phone, { target: { value: '12345' } });
    const inputs = document.querySelectorAll('input');
    const byName = (name: string) =>
      [...inputs].find((input) => input.id.endsWith(`${name}_input`)) as HTMLInputElement;
    fireEvent.change(byName('code'), { target: { value: '12' } });
    fireEvent.change(byName('password'), { target: { value: '12345' } });
    fireEvent.change(byName('confirmPassword'), { target: { value: '54321' } });
    expect(byName('inviteCode').value).toBe('ABCD1234');
    expect(screen.getByText(texts.fromLink)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: texts.submit }));
    for (const message of texts.messages)
      expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('register page', () => {
  beforeEach(() => resetApp('en-US'));

  it('registers and returns to /login with the username filled in', async () => {
    const fetchStub = stubFetch(() =>
      ok({
        id: 9,
        username: 'newseller',
        phoneNumber: '13900139000',
        createdAt: '2025-01-01T00:00:00Z',
      }),
    );
    renderRoutes(authRoutes(), '/register');
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('Username');
    fill('Username', 'newseller');
    fill('Phone number', '13900139000');
    fill('Verification code', '123456');
    fill('Password', 'secret1');
    fill('Confirm password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful, please log in')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Username or phone number')).toHaveValue('newseller'),
    );
    const body = JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      username: 'newseller',
      phoneNumber: '13900139000',
      code: '123456',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(body.inviteCode).toBeUndefined();
  });

  it('sends a code and counts down from resendAfterSeconds', async () => {
    const fetchStub = stubFetch(() => ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }));
    renderRoutes(authRoutes(), '/register');
    fireEvent.change(await screen.findByLabelText('Phone number'), {
      target: { value: '13900139000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Verification code sent successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Resend in (60|59)s/ })).toBeDisabled();
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      phoneNumber: '13900139000',
      purpose: 'register',
    });
  });
});

/**
 * The fields' visible labels, in order, each with the input it names (`for`): what a
 * seller reads above a field once its placeholder has gone.
 */
function labelledFields(): { label: string; input: HTMLInputElement }[] {
  return [...document.querySelectorAll<HTMLLabelElement>('form label[for]')].map((label) => ({
    label: label.textContent?.trim() ?? '',
    input: document.getElementById(label.htmlFor) as HTMLInputElement,
  }));
}

const authLabels: Record<Locale, Record<'login' | 'register' | 'forgot', string[]>> = {
  'en-US': {
    login: ['Username or phone number', 'Password'],
    register: [
      'Username',
      'Phone number',
      'Verification code',
      'Password',
      'Confirm password',
      'Invitation code (optional)',
    ],
    forgot: ['Phone number', 'Verification code', 'New password', 'Confirm new password'],
  },
  'zh-CN': {
    login: ['用户名或手机号', '密码'],
    register: ['用户名', '手机号', '验证码', '密码', '确认密码', '邀请码（选填）'],
    forgot: ['手机号', '验证码', '新密码', '确认新密码'],
  },
};

describe.each(['en-US', 'zh-CN'] as const)('field labels in %s', (locale) => {
  beforeEach(() => resetApp(locale));

  it.each([
    ['register', '/register'],
    ['forgot', '/forgot-password'],
    ['login', '/login'],
  ] as const)(
    'every field of the %s form keeps a visible label once filled',
    async (form, path) => {
      renderRoutes(authRoutes(), path);
      const expected = authLabels[locale][form];
      await waitFor(() => expect(labelledFields().map((field) => field.label)).toEqual(expected));
      for (const { label, input } of labelledFields()) {
        expect(input, label).toBeInstanceOf(HTMLInputElement);
        fireEvent.change(input, { target: { value: '123456' } });
        expect(input).toHaveValue('123456');
        // Filled, the field is still named by its label, visible on the page.
        expect(screen.getByLabelText(label, { selector: 'input' })).toBe(input);
        expect(screen.getByText(label, { selector: 'label' })).toBeVisible();
      }
    },
  );
});

import type { Locale, ProfileData } from '@inviteflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { ProfileEditModal } from './profile-edit-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile: ProfileData = {
  id: 7,
  username: 'seller01',
  nickname: 'Lin',
  email: 'lin@example.com',
  phoneNumber: '13800138000',
  registeredAt: '2025-01-01T00:00:00Z',
  lastLoginAt: '2025-01-02T00:00:00Z',
  timeZone: 'Asia/Shanghai',
  timeZoneDaysFrom: null,
};

const texts: Record<
  Locale,
  {
    phone: string;
    code: string;
    password: string;
    save: string;
    notice: string;
    required: string[];
  }
> = {
  'en-US': {
    phone: 'Phone',
    code: 'Code sent to the new phone',
    password: 'Current password',
    save: 'Save',
    notice: 'After saving, the old number gets an SMS notice and sign-ins on other devices end.',
    required: ['Verification code cannot be empty', 'Current password cannot be empty'],
  },
  'zh-CN': {
    phone: '手机号',
    code: '新手机号验证码',
    password: '当前密码',
    save: '保存',
    notice: '保存后，原手机号会收到短信通知，其他设备上的登录将失效。',
    required: ['验证码不能为空', '当前密码不能为空'],
  },
};

function renderModal(onClose = vi.fn()) {
  renderPage(<ProfileEditModal profile={profile} visible onClose={onClose} />);
  return onClose;
}

/** The PUT bodies the modal sent. */
function putBodies(fetchStub: ReturnType<typeof stubFetch>) {
  return fetchStub.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe.each(['en-US', 'zh-CN'] as const)('profile edit modal in %s', (locale) => {
  beforeEach(async () => {
    await resetApp(locale);
    signIn();
  });

  it('asks for the current password and the new number’s code only when the phone changes', async () => {
    const t = texts[locale];
    const fetchStub = stubFetch(() => ok(profile));
    renderModal();
    const phone = await screen.findByLabelText(t.phone);
    expect(screen.queryByLabelText(t.password)).toBeNull();
    expect(screen.queryByText(t.notice)).toBeNull();

    fireEvent.change(phone, { target: { value: '13900139000' } });
    expect(await screen.findByLabelText(t.password)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(t.code)).toBeInTheDocument();
    expect(screen.getByText(t.notice)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: t.save }));
    for (const message of t.required) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(putBodies(fetchStub)).toEqual([]);
  });
});

describe('profile edit modal', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('sends the new phone with its code and the current password', async () => {
    const fetchStub = stubFetch((url, init) =>
      init.method === 'PUT' ? ok({ ...profile, phoneNumber: '13900139000' }) : ok(profile),
    );
    const onClose = renderModal();
    fireEvent.change(await screen.findByLabelText('Phone'), {
      target: { value: '13900139000' },
    });
    fireEvent.change(await screen.findByLabelText('Code sent to the new phone'), {
      target: { value: '123456' },
    });
    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'Secret-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBodies(fetchStub)).toEqual([
      {
        nickname: 'Lin',
        email: 'lin@example.com',
        phoneNumber: '13900139000',
        timeZone: 'Asia/Shanghai',
        code: '123456',
        currentPassword: 'Secret-123',
      },
    ]);
  });

  it('sends no password or code when the phone stays', async () => {
    const fetchStub = stubFetch(() => ok(profile));
    const onClose = renderModal();
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Lin 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBodies(fetchStub)).toEqual([
      {
        nickname: 'Lin 2',
        email: 'lin@example.com',
        phoneNumber: '13800138000',
        timeZone: 'Asia/Shanghai',
      },
    ]);
  });

  it('stays open with the server’s message when the password is wrong', async () => {
    stubFetch((url, init) =>
      init.method === 'PUT' ? fail(400, 'Current password is incorrect') : ok(profile),
    );
    const onClose = renderModal();
    fireEvent.change(await screen.findByLabelText('Phone'), {
      target: { value: '13900139000' },
    });
    fireEvent.change(await screen.findByLabelText('Code sent to the new phone'), {
      target: { value: '123456' },
    });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });
});

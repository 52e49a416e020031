import { apiPaths, type LoginData, type MeData, type RefreshData } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, login, newUser, register, signedIn, uniquePhone } from './support/harness.ts';

const { auth } = apiPaths;

// What proves the security of these calls lives in the security suite (npm run
// test:security): tampered, forged and expired tokens, logout, password change and
// refresh reuse in test/security/sessions.test.ts; SMS and sign-in throttling and code
// brute force in test/security/throttling.test.ts. This file tests the calls themselves.

describeApi('send-sms-code', (h) => {
  it('sends a 6-digit code and tells when another may be requested', async () => {
    const phoneNumber = uniquePhone();
    const res = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber, purpose: 'register' },
      { lang: 'en-US' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      code: 200,
      message: 'Verification code sent successfully',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    expect(h().sms.lastCode(phoneNumber)).toMatch(/^\d{6}$/);
  });

  it('codes differ from send to send (secure random, not a counter)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const phoneNumber = uniquePhone();
      await h().api.post(auth.sendSmsCode, { phoneNumber, purpose: 'register' });
      codes.add(h().sms.lastCode(phoneNumber));
    }
    expect(codes.size).toBeGreaterThan(6);
  });

  it('checks the phone format and purpose, in both languages', async () => {
    const bad = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber: '12345', purpose: 'register' },
      { lang: 'en-US' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 400,
      message: 'Please enter correct phone number format',
      data: null,
    });
    const zh = await h().api.post(auth.sendSmsCode, { phoneNumber: '12345', purpose: 'register' });
    expect(zh.body.message).toBe('请输入正确的手机号格式');
    const purpose = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber: uniquePhone(), purpose: 'other' },
      { lang: 'en-US' },
    );
    expect(purpose.status).toBe(400);
    expect(purpose.body.message).toBe('Verification code purpose is invalid');
  });

  it('sends a register or reset code whatever account the phone has (no answer tells)', async () => {
    // Registered without a code sent, so the phone's own send limit is untouched.
    const registered = uniquePhone();
    await h().database.handle.db.execute(
      sql`insert into users (username, phone_number, password_hash, invite_code) values ('owner_1', ${registered}, 'x', 'OWNER001')`,
    );
    const free = uniquePhone();
    const answers = [];
    for (const [phoneNumber, purpose] of [
      [registered, 'register'],
      [free, 'register'],
      [free, 'reset'],
      [registered, 'reset'],
    ] as const) {
      // The minute's send to each phone is used by the first purpose: lift it for the second.
      await h().app.limits.reset('smsPerPhoneMinute', phoneNumber);
      const res = await h().api.post(auth.sendSmsCode, { phoneNumber, purpose }, { lang: 'en-US' });
      answers.push({ status: res.status, message: res.body.message, data: res.body.data });
      expect(h().sms.sent.at(-1)).toMatchObject({ phoneNumber, purpose });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 200,
      message: 'Verification code sent successfully',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
  });

  it('needs a signed-in user to send a change-phone code', async () => {
    const res = await h().api.post(auth.sendSmsCode, {
      phoneNumber: uniquePhone(),
      purpose: 'change-phone',
    });
    expect(res.status).toBe(401);
  });

  it('reports a provider failure and gives the send back', async () => {
    const phoneNumber = uniquePhone();
    h().sms.failNext = true;
    const failed = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber, purpose: 'register' },
      { lang: 'en-US' },
    );
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Failed to send verification code, please try again');
    const retried = await h().api.post(auth.sendSmsCode, { phoneNumber, purpose: 'register' });
    expect(retried.status).toBe(200);
  });
});

describeApi('register', (h) => {
  const valid = () => {
    const user = newUser();
    return {
      username: user.username,
      phoneNumber: user.phoneNumber,
      code: '123456',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    };
  };

  it.each([
    [{ username: '' }, 'Username cannot be empty', '用户名不能为空'],
    [{ phoneNumber: '' }, 'Phone number cannot be empty', '手机号不能为空'],
    [
      { phoneNumber: '2380013800' },
      'Please enter correct phone number format',
      '请输入正确的手机号格式',
    ],
    [{ code: '' }, 'Verification code cannot be empty', '验证码不能为空'],
    [{ code: '12345' }, 'Verification code must be 6 digits', '验证码为 6 位数字'],
    [{ password: '', confirmPassword: '' }, 'Password cannot be empty', '密码不能为空'],
    [
      { password: '12345', confirmPassword: '12345' },
      'Password length cannot be less than 6 characters',
      '密码长度不能少于 6 位',
    ],
    [{ confirmPassword: '' }, 'Confirm password cannot be empty', '确认密码不能为空'],
    [{ confirmPassword: 'abcdeg' }, 'Passwords do not match', '两次输入的密码不一致'],
    [{ inviteCode: 'no!' }, 'Invitation code format is incorrect', '邀请码格式不正确'],
  ])('refuses %o with its message', async (change, english, chinese) => {
    const body = { ...valid(), ...change };
    const en = await h().api.post(auth.register, body, { lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(english);
    const zh = await h().api.post(auth.register, body, { lang: 'zh-CN' });
    expect(zh.body.message).toBe(chinese);
  });

  it('names a missing field', async () => {
    const res = await h().api.post(
      auth.register,
      { phoneNumber: uniquePhone() },
      { lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Username cannot be empty');
  });

  it('registers with the code and answers the account', async () => {
    const user = newUser();
    const res = await register(h(), user);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: user.username, phoneNumber: user.phoneNumber });
    expect(res.body.message).toBe('注册成功，请登录');
  });

  it('refuses a duplicate username (any case) or phone with 409', async () => {
    const first = newUser();
    await register(h(), first);
    const sameName = newUser({ username: first.username.toUpperCase() });
    const nameRes = await register(h(), sameName);
    expect(nameRes.status).toBe(409);
    expect(nameRes.body.message).toBe('该用户名已被注册');

    // A phone registered after its code was sent is caught at register time.
    const racer = newUser();
    await h().api.post(auth.sendSmsCode, { phoneNumber: racer.phoneNumber, purpose: 'register' });
    const code = h().sms.lastCode(racer.phoneNumber);
    await h().database.handle.db.execute(
      sql`insert into users (username, phone_number, password_hash, invite_code) values ('squatter', ${racer.phoneNumber}, 'x', 'SQUAT001')`,
    );
    const phoneRes = await h().api.post(
      auth.register,
      { ...racer, code, confirmPassword: racer.password },
      { lang: 'en-US' },
    );
    expect(phoneRes.status).toBe(409);
    expect(phoneRes.body.message).toBe('This phone number is already registered');
  });

  it('checks an invitation code when one is given and records the inviter', async () => {
    const inviter = newUser();
    await register(h(), inviter);
    const unknown = await register(h(), newUser(), { inviteCode: 'ZZZZ9999' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('邀请码不存在');

    const rows = await h().database.handle.db.execute<{ invite_code: string; id: number }>(
      sql`select id, invite_code from users where username = ${inviter.username}`,
    );
    const { invite_code: inviteCode, id: inviterId } = (
      rows as unknown as { rows: Array<{ invite_code: string; id: number }> }
    ).rows[0]!;
    const invitee = newUser();
    const ok = await register(h(), invitee, { inviteCode: inviteCode.toLowerCase() });
    expect(ok.status).toBe(200);
    const invited = await h().database.handle.db.execute(
      sql`select invited_by_user_id from users where username = ${invitee.username}`,
    );
    expect(
      (invited as unknown as { rows: Array<{ invited_by_user_id: number }> }).rows[0]
        ?.invited_by_user_id,
    ).toBe(inviterId);
  });

  it('uses a code once', async () => {
    const user = newUser();
    await register(h(), user);
    const again = await h().api.post(
      auth.register,
      {
        ...newUser({ phoneNumber: user.phoneNumber }),
        code: h().sms.lastCode(user.phoneNumber),
        confirmPassword: user.password,
      },
      { lang: 'en-US' },
    );
    // The code is checked first, and it is used up: nothing said about the phone.
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Please get a verification code first');
  });

  it('refuses an expired code', async () => {
    const user = newUser();
    await h().api.post(auth.sendSmsCode, { phoneNumber: user.phoneNumber, purpose: 'register' });
    await h().database.handle.db.execute(
      sql`update sms_codes set expires_at = now() - interval '1 second'`,
    );
    const res = await h().api.post(
      auth.register,
      { ...user, code: h().sms.lastCode(user.phoneNumber), confirmPassword: user.password },
      { lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Verification code has expired, please get a new one');
  });

  it('asks for a code when none was sent, and only the newest code counts', async () => {
    const user = newUser();
    const none = await h().api.post(
      auth.register,
      { ...user, code: '123456', confirmPassword: user.password },
      { lang: 'en-US' },
    );
    expect(none.body.message).toBe('Please get a verification code first');
  });
});

describeApi('login', (h) => {
  it('signs in by username and by phone with exactly the spec fields', async () => {
    const user = newUser();
    await register(h(), user);
    for (const identifier of [user.username, user.phoneNumber, user.username.toUpperCase()]) {
      const res = await login(h(), identifier, user.password);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'refresh_token', 'user']);
      expect(Object.keys(res.body.data.user).sort()).toEqual(
        [
          'currentShopBindCount',
          'id',
          'maxShopBindCount',
          'membershipLevel',
          'membershipValidTo',
          'phoneNumber',
          'username',
        ].sort(),
      );
      expect(res.body.data.user).toMatchObject({
        username: user.username,
        phoneNumber: user.phoneNumber,
        membershipLevel: 'none',
        membershipValidTo: null,
        currentShopBindCount: 0,
      });
    }
  });

  it('says only "Account or password incorrect" for a wrong password or unknown account', async () => {
    const user = newUser();
    await register(h(), user);
    const wrong = await h().api.post(
      auth.login,
      { username: user.username, password: 'nope-nope' },
      { lang: 'en-US' },
    );
    const unknown = await h().api.post(
      auth.login,
      { username: 'nobody_here', password: 'nope-nope' },
      { lang: 'en-US' },
    );
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Account or password incorrect');
    }
    expect(
      (await h().api.post(auth.login, { username: 'nobody_here', password: 'x' })).body.message,
    ).toBe('账号或密码错误');
  });

  it('requires both fields with the spec messages', async () => {
    const noName = await h().api.post(
      auth.login,
      { username: '', password: 'x' },
      { lang: 'en-US' },
    );
    expect(noName.body.message).toBe('Username cannot be empty');
    const noPassword = await h().api.post(auth.login, { username: 'someone' }, { lang: 'en-US' });
    expect(noPassword.body.message).toBe('Password cannot be empty');
  });

  it('records the last login time', async () => {
    const { token } = await signedIn(h());
    const profile = await h().api.get<{ lastLoginAt: string | null }>(apiPaths.user.profile, {
      token,
    });
    expect(profile.body.data.lastLoginAt).not.toBeNull();
  });
});

describeApi('sessions', (h) => {
  it('me answers the account with a token, 401 without one', async () => {
    const { user, token } = await signedIn(h());
    const me = await h().api.get<MeData>(auth.me, { token });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body.data).sort()).toEqual([
      'createdAt',
      'id',
      'phoneNumber',
      'timeZone',
      'username',
    ]);
    expect(me.body.data.username).toBe(user.username);

    const none = await h().api.get(auth.me, { lang: 'en-US' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      success: false,
      code: 401,
      message: 'Your login state has expired, please log in again',
    });
  });

  it('refresh rotates: new tokens work and the old refresh token is dead', async () => {
    const { tokens } = await signedIn(h());
    const rotated = await h().api.post<RefreshData>(auth.refresh, {
      refresh_token: tokens.refresh_token,
    });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body.data).sort()).toEqual(['access_token', 'refresh_token']);
    expect(rotated.body.data.refresh_token).not.toBe(tokens.refresh_token);
    expect((await h().api.get(auth.me, { token: rotated.body.data.access_token })).status).toBe(
      200,
    );
    const next = await h().api.post<RefreshData>(auth.refresh, {
      refresh_token: rotated.body.data.refresh_token,
    });
    expect(next.status).toBe(200);
  });
});

describeApi(
  'change and reset password',
  (h) => {
    it.each([
      [{ oldPassword: '' }, 'Current password cannot be empty'],
      [{ newPassword: '', confirmPassword: '' }, 'New password cannot be empty'],
      [
        { newPassword: '12345', confirmPassword: '12345' },
        'Password length cannot be less than 6 characters',
      ],
      [{ confirmPassword: 'different' }, 'Passwords do not match'],
      [
        { newPassword: 'Secret-123', confirmPassword: 'Secret-123' },
        'The new password must be different from the current one',
      ],
    ])('refuses %o', async (change, message) => {
      const { user, token } = await signedIn(h());
      const body = {
        oldPassword: user.password,
        newPassword: 'New-pass-1',
        confirmPassword: 'New-pass-1',
        ...change,
      };
      const res = await h().api.post(auth.changePassword, body, { token, lang: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses a wrong current password and needs a session', async () => {
      const { token } = await signedIn(h());
      const res = await h().api.post(
        auth.changePassword,
        { oldPassword: 'not-mine', newPassword: 'New-pass-1', confirmPassword: 'New-pass-1' },
        { token, lang: 'en-US' },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect');
      expect((await h().api.post(auth.changePassword, {})).status).toBe(401);
    });

    it('resets a forgotten password with a phone code and ends every session', async () => {
      const { user, token } = await signedIn(h());
      const sent = await h().api.post(auth.sendSmsCode, {
        phoneNumber: user.phoneNumber,
        purpose: 'reset',
      });
      expect(sent.status).toBe(200);
      const code = h().sms.lastCode(user.phoneNumber);
      const res = await h().api.post(
        auth.resetPassword,
        {
          phoneNumber: user.phoneNumber,
          code,
          newPassword: 'Reset-pass-9',
          confirmPassword: 'Reset-pass-9',
        },
        { lang: 'en-US' },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'Password reset successfully, please log in with the new password',
      );
      expect((await h().api.get(auth.me, { token })).status).toBe(401);
      expect((await login(h(), user.phoneNumber, 'Reset-pass-9')).status).toBe(200);
      const reuse = await h().api.post(
        auth.resetPassword,
        {
          phoneNumber: user.phoneNumber,
          code,
          newPassword: 'Other-pass-9',
          confirmPassword: 'Other-pass-9',
        },
        { lang: 'en-US' },
      );
      expect(reuse.status).toBe(400);
      expect(reuse.body.message).toBe('Please get a verification code first');
    });

    it('a register code does not reset a password', async () => {
      const user = newUser();
      await h().api.post(auth.sendSmsCode, { phoneNumber: user.phoneNumber, purpose: 'register' });
      const registerCode = h().sms.lastCode(user.phoneNumber);
      await h().api.post(auth.register, {
        ...user,
        code: registerCode,
        confirmPassword: user.password,
      });
      const res = await h().api.post(auth.resetPassword, {
        phoneNumber: user.phoneNumber,
        code: registerCode,
        newPassword: 'Reset-pass-9',
        confirmPassword: 'Reset-pass-9',
      });
      expect(res.status).toBe(400);
    });
  },
  // A reset code follows the register code to the same phone within a minute.
  { limitRules: { smsPerPhoneMinute: { points: 10, duration: 60 } } },
);

describeApi('logs', (h) => {
  it('never contain passwords, codes or tokens', async () => {
    const { user, tokens } = await signedIn(h());
    await h().api.post(auth.refresh, { refresh_token: tokens.refresh_token });
    await h().api.post(auth.login, { username: user.username, password: 'Wrong-password-77' });
    // The browser's way: the refresh token in a cookie, both ways.
    const browser = await h().app.inject({
      method: 'POST',
      url: auth.login,
      payload: { username: user.username, password: user.password },
    });
    const cookie = String(browser.headers['set-cookie']).split(';')[0]!;
    const rotated = await h().app.inject({
      method: 'POST',
      url: auth.refresh,
      payload: {},
      headers: { cookie },
    });
    expect(rotated.statusCode).toBe(200);
    const code = h().sms.lastCode(user.phoneNumber);
    const text = h().logs.join('\n');
    expect(text).toContain('incoming request');
    for (const secret of [
      user.password,
      'Wrong-password-77',
      tokens.access_token,
      tokens.refresh_token,
      cookie.split('=')[1]!.slice(2),
      String(rotated.headers['set-cookie']).split(';')[0]!.split('=')[1]!.slice(2),
      code,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describeApi(
  'sessions and limits shared through Redis',
  (h) => {
    it('a logout on one replica is seen by another', async () => {
      const { token } = await signedIn(h());
      const other = await h().replica();
      const me = () =>
        other.inject({
          method: 'GET',
          url: auth.me,
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await me()).statusCode).toBe(200);
      await h().api.post(auth.logout, undefined, { token });
      expect((await me()).statusCode).toBe(401);
    });

    it('the SMS limit of one replica holds on another', async () => {
      const phoneNumber = uniquePhone();
      expect(
        (await h().api.post(auth.sendSmsCode, { phoneNumber, purpose: 'register' })).status,
      ).toBe(200);
      const other = await h().replica();
      const res = await other.inject({
        method: 'POST',
        url: auth.sendSmsCode,
        payload: { phoneNumber, purpose: 'register' },
      });
      expect(res.statusCode).toBe(429);
    });

    it('a sign-in lock of one replica holds on another', async () => {
      const user = newUser();
      await register(h(), user);
      for (let i = 0; i < 5; i++) await login(h(), user.username, 'wrong-password');
      const other = await h().replica();
      const res = await other.inject({
        method: 'POST',
        url: auth.login,
        payload: { username: user.username, password: user.password },
      });
      expect(res.statusCode).toBe(429);
      expect((res.json() as { data: LoginData | null }).data).toBeNull();
    });
  },
  { redis: true },
);

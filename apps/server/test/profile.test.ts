import { apiPaths, type ProfileData } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, login, signedIn, uniquePhone } from './support/harness.ts';

const { profile } = apiPaths.user;

describeApi(
  'user profile',
  (h) => {
    it('shows nickname, email, phone, register and last login time', async () => {
      const { user, token } = await signedIn(h());
      const res = await h().api.get<ProfileData>(profile, { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        username: user.username,
        nickname: '',
        email: '',
        phoneNumber: user.phoneNumber,
      });
      expect(Date.parse(res.body.data.registeredAt)).not.toBeNaN();
      expect(Date.parse(res.body.data.lastLoginAt ?? '')).not.toBeNaN();
    });

    it('edits nickname and email', async () => {
      const { user, token } = await signedIn(h());
      const res = await h().api.put<ProfileData>(
        profile,
        { nickname: '小王的店', email: 'wang@example.com', phoneNumber: user.phoneNumber },
        { token, lang: 'en-US' },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Saved successfully');
      expect((await h().api.get<ProfileData>(profile, { token })).body.data).toMatchObject({
        nickname: '小王的店',
        email: 'wang@example.com',
      });
    });

    it.each([
      [{ email: 'not-an-email' }, 'Please enter a valid email format'],
      [{ nickname: 'x'.repeat(33) }, 'Nickname cannot be longer than 32 characters'],
      [{ phoneNumber: '123' }, 'Please enter correct phone number format'],
    ])('refuses %o', async (change, message) => {
      const { user, token } = await signedIn(h());
      const res = await h().api.put(
        profile,
        { nickname: '', email: '', phoneNumber: user.phoneNumber, ...change },
        { token, lang: 'en-US' },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('changes the phone only with the current password and a code sent to the new number', async () => {
      const { user, token } = await signedIn(h());
      const newPhone = uniquePhone();
      const put = (body: Record<string, unknown>) =>
        h().api.put<ProfileData>(
          profile,
          { phoneNumber: newPhone, ...body },
          { token, lang: 'en-US' },
        );

      const noPassword = await put({ code: '123456' });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.message).toBe('Current password cannot be empty');
      const noCode = await put({ currentPassword: user.password });
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe('Verification code cannot be empty');

      const sent = await h().api.post(
        apiPaths.auth.sendSmsCode,
        { phoneNumber: newPhone, purpose: 'change-phone' },
        { token },
      );
      expect(sent.status).toBe(200);
      const code = h().sms.lastCode(newPhone);
      // A stolen access token and the code (the thief's own new number) are not enough.
      const wrongPassword = await put({ code, currentPassword: 'Guessed-1' });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.message).toBe('Current password is incorrect');
      expect((await h().api.get<ProfileData>(profile, { token })).body.data.phoneNumber).toBe(
        user.phoneNumber,
      );
      expect(h().sms.notices).toEqual([]);

      const res = await put({ code, currentPassword: user.password });
      expect(res.status).toBe(200);
      expect(res.body.data.phoneNumber).toBe(newPhone);
      expect((await login(h(), newPhone, user.password)).status).toBe(200);
      expect((await login(h(), user.phoneNumber, user.password)).status).toBe(400);
    });

    it('tells the old number and ends every other session of the account, not this one', async () => {
      const { user, token } = await signedIn(h());
      const other = await login(h(), user.username, user.password);
      const otherToken = other.body.data.access_token;
      expect((await h().api.get(apiPaths.auth.me, { token: otherToken })).status).toBe(200);

      const newPhone = uniquePhone();
      await h().api.post(
        apiPaths.auth.sendSmsCode,
        { phoneNumber: newPhone, purpose: 'change-phone' },
        { token },
      );
      const res = await h().api.put<ProfileData>(
        profile,
        {
          nickname: 'moved',
          phoneNumber: newPhone,
          code: h().sms.lastCode(newPhone),
          currentPassword: user.password,
        },
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ nickname: 'moved', phoneNumber: newPhone });
      // A notice, not a code, to the number that no longer signs the account in.
      expect(h().sms.notices).toEqual([
        {
          phoneNumber: user.phoneNumber,
          notice: { kind: 'phone-changed', newPhoneNumber: newPhone },
        },
      ]);
      expect(h().sms.sent.filter((s) => s.phoneNumber === user.phoneNumber)).toHaveLength(1);
      expect((await h().api.get(apiPaths.auth.me, { token: otherToken })).status).toBe(401);
      expect((await h().api.get(apiPaths.auth.me, { token })).status).toBe(200);
    });

    it('a wrong current password counts on the sign-in lock of the account', async () => {
      const { user, token } = await signedIn(h());
      const newPhone = uniquePhone();
      const put = (currentPassword: string) =>
        h().api.put(
          profile,
          { phoneNumber: newPhone, code: '123456', currentPassword },
          { token, lang: 'en-US' },
        );
      for (let i = 0; i < 5; i++) expect((await put(`guess-${i}`)).status).toBe(400);
      const locked = await put(user.password);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many failed sign-in attempts/);
      // One lock for the account: sign-in is locked too.
      expect((await login(h(), user.username, user.password)).status).toBe(429);
    });

    it("refuses another account's phone, once the code is right", async () => {
      const first = await signedIn(h());
      const second = await signedIn(h());
      // The send answers as for any number: it does not tell the number has an account.
      const code = await h().api.post(
        apiPaths.auth.sendSmsCode,
        { phoneNumber: first.user.phoneNumber, purpose: 'change-phone' },
        { token: second.token, lang: 'en-US' },
      );
      expect(code.status).toBe(200);
      const right = h().sms.lastCode(first.user.phoneNumber);
      const put = (c: string) =>
        h().api.put(
          profile,
          { phoneNumber: first.user.phoneNumber, code: c, currentPassword: second.user.password },
          { token: second.token, lang: 'en-US' },
        );
      const wrong = await put(right === '000000' ? '111111' : '000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Verification code is incorrect');
      const res = await put(right);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This phone number is already registered');
    });

    it('needs a session', async () => {
      expect((await h().api.get(profile)).status).toBe(401);
      expect((await h().api.put(profile, { phoneNumber: uniquePhone() })).status).toBe(401);
    });
  },
  { limitRules: { smsPerPhoneMinute: { points: 10, duration: 60 } } },
);

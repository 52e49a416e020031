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

    it('changes the phone only with a code sent to the new number', async () => {
      const { user, token } = await signedIn(h());
      const newPhone = uniquePhone();
      const noCode = await h().api.put(
        profile,
        { phoneNumber: newPhone },
        { token, lang: 'en-US' },
      );
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe('Verification code cannot be empty');

      const sent = await h().api.post(
        apiPaths.auth.sendSmsCode,
        { phoneNumber: newPhone, purpose: 'change-phone' },
        { token },
      );
      expect(sent.status).toBe(200);
      const res = await h().api.put<ProfileData>(
        profile,
        { phoneNumber: newPhone, code: h().sms.lastCode(newPhone) },
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.phoneNumber).toBe(newPhone);
      expect((await login(h(), newPhone, user.password)).status).toBe(200);
      expect((await login(h(), user.phoneNumber, user.password)).status).toBe(400);
    });

    it("refuses another account's phone", async () => {
      const first = await signedIn(h());
      const second = await signedIn(h());
      const code = await h().api.post(
        apiPaths.auth.sendSmsCode,
        { phoneNumber: first.user.phoneNumber, purpose: 'change-phone' },
        { token: second.token, lang: 'en-US' },
      );
      expect(code.status).toBe(409);
      const res = await h().api.put(
        profile,
        { phoneNumber: first.user.phoneNumber, code: '123456' },
        { token: second.token, lang: 'en-US' },
      );
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

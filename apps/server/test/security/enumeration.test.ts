import { apiPaths } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import {
  describeApi,
  newUser,
  register,
  uniquePhone,
  type Harness,
  type TestUser,
} from '../support/harness.ts';
import { send } from './support/send.ts';

/**
 * Issue 15, F7: account enumeration. Register said "username/phone taken" and reset "not
 * registered" before any code was checked, and a code could not even be requested for a
 * registered phone (register) or an unknown one (reset): 150 probes, 0 refused. Now a
 * send answers the same whatever account the phone has, and the submissions check the
 * code first: until a right code for the phone is shown, a taken and a free username or
 * phone get the same answer. (Their timing is the same path by construction: no account
 * is looked up before the code passes. The unit tests assert no timings.) The probe
 * limits themselves: throttling.test.ts, "account probes".
 */

const { auth } = apiPaths;

/** What a response tells: status, message and data (the timestamp says nothing). */
async function answer(h: Harness, url: string, body: object) {
  const res = await send(h, { method: 'POST', url, body, lang: 'en-US' });
  const { message, data } = res.json as { message: string; data: unknown };
  return { status: res.status, message, data };
}

function registerBody(user: TestUser, code: string) {
  return { ...user, code, confirmPassword: user.password };
}

function resetBody(phoneNumber: string, code: string) {
  return { phoneNumber, code, newPassword: 'Probe-pass-1', confirmPassword: 'Probe-pass-1' };
}

describeApi('security: account enumeration on register and reset', (h) => {
  let taken: TestUser;

  /** A registered account (the harness empties the database before every test). */
  async function seed() {
    taken = newUser();
    expect((await register(h(), taken)).status).toBe(200);
  }

  it('a code is sent for register and reset to a registered and a free phone alike, with the same answer', async () => {
    await seed();
    const free = uniquePhone();
    const answers = [];
    for (const purpose of ['register', 'reset'] as const) {
      for (const phoneNumber of [taken.phoneNumber, free]) {
        // Each phone's one send a minute would answer the second purpose: lifted here.
        await h().app.limits.reset('smsPerPhoneMinute', phoneNumber);
        answers.push(await answer(h(), auth.sendSmsCode, { phoneNumber, purpose }));
        expect(h().sms.sent.at(-1)).toMatchObject({ phoneNumber, purpose });
      }
    }
    expect(answers[0]).toMatchObject({ status: 200 });
    for (const other of answers) expect(other).toEqual(answers[0]);
  });

  it('register: taken and free usernames and phones get the same answers until the code is right', async () => {
    await seed();
    const free = newUser();
    const probes = [
      { username: taken.username, phoneNumber: taken.phoneNumber },
      { username: taken.username, phoneNumber: free.phoneNumber },
      { username: taken.username.toUpperCase(), phoneNumber: uniquePhone() },
      { username: free.username, phoneNumber: taken.phoneNumber },
      { username: free.username, phoneNumber: free.phoneNumber },
    ].map((names) => ({ ...free, ...names }));

    // No code requested for any of them.
    const first = await Promise.all(
      probes.map((p) => answer(h(), auth.register, registerBody(p, '123456'))),
    );
    expect(first[0]).toEqual({
      status: 400,
      message: 'Please get a verification code first',
      data: null,
    });
    for (const other of first) expect(other).toEqual(first[0]);

    // A register code requested for each phone (a registered one too), then a wrong code.
    for (const p of probes) {
      await h().app.limits.reset('smsPerPhoneMinute', p.phoneNumber);
      expect((await answer(h(), auth.sendSmsCode, { ...p, purpose: 'register' })).status).toBe(200);
    }
    const wrong = [];
    for (const p of probes) {
      const right = h().sms.lastCode(p.phoneNumber);
      wrong.push(
        await answer(h(), auth.register, registerBody(p, right === '000000' ? '111111' : '000000')),
      );
    }
    expect(wrong[0]).toEqual({
      status: 400,
      message: 'Verification code is incorrect',
      data: null,
    });
    for (const other of wrong) expect(other).toEqual(wrong[0]);

    // The owner of the phone, with its right code, is told what is taken.
    const withCode = (p: TestUser) =>
      answer(h(), auth.register, registerBody(p, h().sms.lastCode(p.phoneNumber)));
    expect(await withCode(probes[1]!)).toMatchObject({
      status: 409,
      message: 'This username is already registered',
    });
    expect(await withCode(probes[3]!)).toMatchObject({
      status: 409,
      message: 'This phone number is already registered',
    });
    expect(await withCode(probes[4]!)).toMatchObject({ status: 200 });
  });

  it('reset: a registered and a free phone get the same answers until the code is right', async () => {
    await seed();
    const free = uniquePhone();
    const phones = [taken.phoneNumber, free];

    const first = await Promise.all(
      phones.map((phone) => answer(h(), auth.resetPassword, resetBody(phone, '123456'))),
    );
    expect(first[0]).toEqual({
      status: 400,
      message: 'Please get a verification code first',
      data: null,
    });
    expect(first[1]).toEqual(first[0]);

    const wrong = [];
    for (const phone of phones) {
      await h().app.limits.reset('smsPerPhoneMinute', phone);
      expect(
        (await answer(h(), auth.sendSmsCode, { phoneNumber: phone, purpose: 'reset' })).status,
      ).toBe(200);
      const right = h().sms.lastCode(phone);
      wrong.push(
        await answer(
          h(),
          auth.resetPassword,
          resetBody(phone, right === '000000' ? '111111' : '000000'),
        ),
      );
    }
    expect(wrong[0]).toEqual({
      status: 400,
      message: 'Verification code is incorrect',
      data: null,
    });
    expect(wrong[1]).toEqual(wrong[0]);

    // Whoever shows the free phone's right code learns it has no account.
    const unknown = await answer(h(), auth.resetPassword, resetBody(free, h().sms.lastCode(free)));
    expect(unknown).toMatchObject({ status: 422, message: 'This phone number is not registered' });
  });

  it('a right code asks about accounts at most five times', async () => {
    await seed();
    const prober = newUser();
    await answer(h(), auth.sendSmsCode, { phoneNumber: prober.phoneNumber, purpose: 'register' });
    const code = h().sms.lastCode(prober.phoneNumber);
    // Asking whether other usernames are taken, with one's own phone and right code.
    for (let i = 0; i < 5; i++) {
      const res = await answer(
        h(),
        auth.register,
        registerBody({ ...prober, username: taken.username }, code),
      );
      expect(res).toMatchObject({ status: 409, message: 'This username is already registered' });
    }
    const sixth = await answer(
      h(),
      auth.register,
      registerBody({ ...prober, username: taken.username }, code),
    );
    expect(sixth).toMatchObject({
      status: 400,
      message: 'Too many wrong verification codes, please get a new one',
    });
  });
});

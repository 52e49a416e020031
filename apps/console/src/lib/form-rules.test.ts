import type { RulesProps } from '@arco-design/web-react';
import { registerBody } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { zodFieldRules, zodRules } from './form-rules.ts';

/** Runs Arco's validator the way the form does and returns the message it reports. */
function check(rules: RulesProps[], value: unknown): Promise<unknown> {
  const [rule] = rules;
  return new Promise((resolve) => rule?.validator?.(value, (error) => resolve(error)));
}

describe('zodRules', () => {
  it('gives the catalogue message in the requested language', async () => {
    const phone = registerBody.shape.phoneNumber;
    expect(await check(zodRules(phone, 'en-US'), '123')).toBe(
      'Please enter correct phone number format',
    );
    expect(await check(zodRules(phone, 'zh-CN'), '123')).toBe('请输入正确的手机号格式');
    expect(await check(zodRules(phone, 'en-US'), '')).toBe('Phone number cannot be empty');
    expect(await check(zodRules(phone, 'en-US'), undefined)).toBe('Phone number cannot be empty');
  });

  it('passes a valid value', async () => {
    expect(
      await check(zodRules(registerBody.shape.phoneNumber, 'en-US'), '13800138000'),
    ).toBeUndefined();
    expect(await check(zodRules(registerBody.shape.inviteCode, 'en-US'), '')).toBeUndefined();
  });

  it('reports the password minimum', async () => {
    expect(await check(zodRules(registerBody.shape.password, 'en-US'), '12345')).toBe(
      'Password length cannot be less than 6 characters',
    );
  });
});

describe('zodFieldRules', () => {
  const values = {
    username: 'seller01',
    phoneNumber: '1',
    code: '',
    password: 'secret1',
    confirmPassword: '',
  };

  it('checks a field against the other fields (passwords must match)', async () => {
    const rules = zodFieldRules(registerBody, 'confirmPassword', 'en-US', () => values);
    expect(await check(rules, 'secret2')).toBe('Passwords do not match');
    expect(await check(rules, 'secret1')).toBeUndefined();
    const zh = zodFieldRules(registerBody, 'confirmPassword', 'zh-CN', () => values);
    expect(await check(zh, 'other')).toBe('两次输入的密码不一致');
    expect(await check(zh, '')).toBe('确认密码不能为空');
  });

  it('still compares the passwords while other fields are untouched', async () => {
    const rules = zodFieldRules(registerBody, 'confirmPassword', 'en-US', () => ({
      password: '12345',
    }));
    expect(await check(rules, '54321')).toBe('Passwords do not match');
  });

  it("ignores other fields' problems", async () => {
    const rules = zodFieldRules(registerBody, 'username', 'en-US', () => values);
    expect(await check(rules, 'seller01')).toBeUndefined();
  });
});

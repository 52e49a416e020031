import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { pickLocale } from './locale.ts';
import { catalogueModulesEn } from './texts-en-US.ts';
import {
  catalogue,
  catalogueModulesZh,
  fillTemplate,
  translate,
  waitText,
  type CatalogueKey,
} from './texts.ts';
import { fieldErrors, issueMessage } from './validation.ts';

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();

describe('message catalogue', () => {
  it('has a non-empty text for every key in both languages, with the same placeholders', () => {
    const messages = { 'zh-CN': catalogue('zh-CN'), 'en-US': catalogue('en-US') };
    const keys = Object.keys(messages['zh-CN']) as CatalogueKey[];
    expect(Object.keys(messages['en-US']).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(messages['zh-CN'][key].trim(), key).not.toBe('');
      expect(messages['en-US'][key].trim(), key).not.toBe('');
      expect(placeholders(messages['en-US'][key]), key).toEqual(
        placeholders(messages['zh-CN'][key]),
      );
    }
  });

  it('defines each key in one feature module only, in both languages', () => {
    const seen = new Map<string, number>();
    catalogueModulesZh.forEach((zh, index) => {
      expect(Object.keys(catalogueModulesEn[index]!).sort()).toEqual(Object.keys(zh).sort());
      for (const key of Object.keys(zh)) {
        expect(seen.get(key), `${key} is defined in modules ${seen.get(key)} and ${index}`).toBe(
          undefined,
        );
        seen.set(key, index);
      }
    });
    expect(seen.size).toBe(Object.keys(catalogue('zh-CN')).length);
  });

  it("keeps the spec's English texts", () => {
    expect(catalogue('en-US')['validation.usernameRequired']).toBe('Username cannot be empty');
    expect(catalogue('en-US')['validation.passwordRequired']).toBe('Password cannot be empty');
    expect(catalogue('en-US')['validation.phoneFormat']).toBe(
      'Please enter correct phone number format',
    );
    expect(catalogue('en-US')['validation.passwordMismatch']).toBe('Passwords do not match');
    expect(catalogue('en-US')['validation.passwordMin']).toBe(
      'Password length cannot be less than 6 characters',
    );
    expect(catalogue('en-US')['validation.emailFormat']).toBe('Please enter a valid email format');
    expect(catalogue('en-US')['error.accountOrPasswordIncorrect']).toBe(
      'Account or password incorrect',
    );
    expect(catalogue('en-US')['error.smsSendFailed']).toBe(
      'Failed to send verification code, please try again',
    );
    expect(catalogue('en-US')['success.smsSent']).toBe('Verification code sent successfully');
    expect(catalogue('en-US')['success.loggedOut']).toBe('Logout succeeded');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en-US', 'error.tooManyRequests', { wait: '42 seconds' })).toBe(
      'Too many requests, please try again in 42 seconds',
    );
    expect(translate('zh-CN', 'error.tooManyRequests')).toContain('{wait}');
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'en-US'],
    ['zh;q=0.2,en;q=0.9', 'en-US'],
    ['de-DE', 'zh-CN'],
    ['en;q=0', 'zh-CN'],
  ])('%s → %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('issue messages', () => {
  const schema = z.object({
    nickname: z.string().max(3, { error: 'validation.nicknameMax' }),
    page: z.number(),
    surprise: z.string(),
  });

  it('translates catalogue keys with their bounds and names the field otherwise', () => {
    const result = schema.safeParse({ nickname: 'toolong', page: 'x' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issueMessage('en-US', issues[0]!)).toBe('Nickname cannot be longer than 3 characters');
    expect(issueMessage('en-US', issues[1]!)).toBe('Page is invalid');
    expect(issueMessage('zh-CN', issues[2]!)).toBe('surprise不能为空');
    expect(fieldErrors('en-US', issues)).toEqual({
      nickname: 'Nickname cannot be longer than 3 characters',
      page: 'Page is invalid',
      surprise: 'surprise cannot be empty',
    });
  });
});

describe('templates', () => {
  it('fills names and picks the English plural form by the number', () => {
    const template = 'Import: {count, plural, one {# row} other {# rows}} from {file}';
    expect(fillTemplate(template, { count: 1, file: 'a.csv' })).toBe('Import: 1 row from a.csv');
    expect(fillTemplate(template, { count: 2, file: 'a.csv' })).toBe('Import: 2 rows from a.csv');
    expect(fillTemplate(template, { count: 0, file: 'a.csv' })).toBe('Import: 0 rows from a.csv');
    expect(fillTemplate(template, { file: 'a.csv' })).toBe(
      'Import: {count, plural, one {# row} other {# rows}} from a.csv',
    );
    expect(translate('en-US', 'plan.feature.duration', { months: 1 })).toBe('Valid for 1 month');
    expect(translate('en-US', 'plan.feature.duration', { months: 12 })).toBe('Valid for 12 months');
  });

  it('writes a plural form only where the English text has one', () => {
    // A plural in Chinese would be a mistake: the sentence does not change with the number.
    for (const [key, text] of Object.entries(catalogue('zh-CN')))
      expect(text.includes(', plural,'), key).toBe(false);
  });
});

describe('waitText: a wait as a person says it (issue 20 #10)', () => {
  it.each([
    [1, '1 秒', '1 second'],
    [0.2, '1 秒', '1 second'],
    [45, '45 秒', '45 seconds'],
    [59, '59 秒', '59 seconds'],
    [60, '1 分钟', '1 minute'],
    [61, '2 分钟', '2 minutes'],
    [893, '15 分钟', '15 minutes'],
    [900, '15 分钟', '15 minutes'],
    [3599, '1 小时', '1 hour'],
    [3600, '1 小时', '1 hour'],
    [3601, '1 小时 1 分钟', '1 hour 1 minute'],
    [2 * 3600 + 30 * 60, '2 小时 30 分钟', '2 hours 30 minutes'],
  ])('%s s: %s / %s', (seconds, zh, en) => {
    expect(waitText('zh-CN', seconds)).toBe(zh);
    expect(waitText('en-US', seconds)).toBe(en);
  });

  it('reads in the lockout message in both languages', () => {
    expect(translate('zh-CN', 'error.loginLocked', { wait: waitText('zh-CN', 893) })).toBe(
      '登录失败次数过多，请 15 分钟后再试',
    );
    expect(translate('en-US', 'error.loginLocked', { wait: waitText('en-US', 893) })).toBe(
      'Too many failed sign-in attempts, please try again in 15 minutes',
    );
  });
});

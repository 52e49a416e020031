import { sendErrorCodes } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { TikTokShopError, reasonOfCode, reasonRules } from './errors.ts';

function classify(code: number, message = '', httpStatus = 200) {
  const error = new TikTokShopError({
    reason: reasonOfCode(code, message, httpStatus),
    platformCode: code,
    platformMessage: message,
    httpStatus,
    operation: 'POST /affiliate_seller/202508/target_collaborations',
  });
  return {
    reason: error.reason,
    scope: error.scope,
    next: error.next,
    standard: error.standardCode,
  };
}

describe('TikTok Shop error map', () => {
  it('fails the record for answers about the creator', () => {
    expect(classify(16024020)).toEqual({
      reason: 'creator_excluded',
      scope: 'creator',
      next: 'fail_records',
      standard: 'talent_excluded',
    });
    expect(classify(16024021)).toMatchObject({
      reason: 'creator_follower_limit',
      scope: 'creator',
      standard: 'talent_ineligible',
    });
    expect(classify(16024022)).toMatchObject({
      reason: 'collaboration_conflict',
      scope: 'creator',
      standard: 'collaboration_conflict',
    });
    expect(classify(16024016)).toMatchObject({
      reason: 'creator_linked_to_shop',
      scope: 'creator',
      standard: 'talent_ineligible',
    });
    expect(classify(16024006)).toMatchObject({
      reason: 'official_creator',
      scope: 'creator',
      standard: 'talent_ineligible',
    });
    expect(classify(50001702)).toMatchObject({ scope: 'creator' });
    expect(classify(45101021)).toMatchObject({ scope: 'creator' });
  });

  it('stops the shop’s run, records pending, for answers about the call', () => {
    expect(classify(16024019)).toEqual({
      reason: 'quota_exceeded',
      scope: 'call',
      next: 'pause_shop',
      standard: 'quota_exceeded',
    });
    expect(classify(16030002)).toMatchObject({ reason: 'quota_exceeded', next: 'pause_shop' });
    expect(classify(16024034)).toMatchObject({
      reason: 'shop_daily_limit',
      next: 'pause_shop',
      standard: 'quota_exceeded',
    });
    expect(classify(36009002, '', 429)).toMatchObject({ reason: 'rate_limited', next: 'back_off' });
    expect(classify(105002, '', 401)).toMatchObject({
      reason: 'token_expired',
      next: 'refresh_token',
      standard: 'login_expired',
    });
    expect(classify(105005, '', 403)).toMatchObject({
      reason: 'scope_missing',
      next: 'reconnect',
      standard: 'authorization_scope_missing',
    });
    expect(classify(105001)).toMatchObject({ reason: 'authorization_revoked', next: 'reconnect' });
    expect(classify(106001, '', 401)).toMatchObject({
      reason: 'bad_signature',
      next: 'fix_configuration',
      standard: 'platform_configuration',
    });
    expect(classify(16030003)).toMatchObject({ reason: 'shop_ineligible', scope: 'call' });
  });

  it('fails the call’s records, without retry, for answers about the request', () => {
    expect(classify(16024008)).toEqual({
      reason: 'product_not_owned',
      scope: 'request',
      next: 'fail_records',
      standard: 'product_not_owned',
    });
    expect(classify(50001703)).toMatchObject({
      reason: 'sensitive_words',
      scope: 'request',
      standard: 'sensitive_words',
    });
    expect(classify(98001004)).toMatchObject({ reason: 'invalid_request', scope: 'request' });
    expect(classify(36009004, 'Invalid request. page_size must be 12 or 20')).toMatchObject({
      reason: 'invalid_request',
      scope: 'request',
    });
  });

  it('reads which of the common 36009004 errors it is from its message', () => {
    expect(
      classify(36009004, 'Invalid credentials. The x-tts-access-token header is invalid.'),
    ).toMatchObject({ reason: 'authorization_revoked', next: 'reconnect' });
    expect(
      classify(
        36009004,
        'Invalid timestamp. The value of the timestamp query parameter must not exceed the current time by more than 30 seconds.',
      ),
    ).toMatchObject({ reason: 'configuration', next: 'fix_configuration' });
    expect(
      classify(36009004, 'Invalid credentials. Invalid app_key query parameter.'),
    ).toMatchObject({ reason: 'configuration' });
  });

  it('leaves the outcome unknown for an internal error, and decides unknown codes by HTTP status', () => {
    expect(classify(36009003)).toMatchObject({
      reason: 'platform_internal',
      scope: 'unknown',
      next: 'reconcile',
      standard: 'network',
    });
    expect(classify(99999999, 'new', 503)).toMatchObject({
      reason: 'server_error',
      scope: 'unknown',
      next: 'reconcile',
    });
    expect(classify(99999999, 'new', 429)).toMatchObject({ reason: 'rate_limited', scope: 'call' });
    expect(classify(99999999, 'new', 401)).toMatchObject({
      reason: 'authorization_revoked',
      next: 'reconnect',
    });
    expect(classify(99999999, 'new', 400)).toMatchObject({
      reason: 'invalid_request',
      scope: 'request',
    });
  });

  it('every standard code it gives is one of the contract’s', () => {
    const known = new Set<string>(sendErrorCodes);
    for (const [reason, rule] of Object.entries(reasonRules)) {
      expect(known.has(rule.standard), `${reason} → ${rule.standard}`).toBe(true);
    }
  });
});

import { sendErrorCodes } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import {
  DoudianError,
  authorFailureReason,
  gatewaySubCodes,
  methodSubCodes,
  platformCodes,
  reasonOfAnswer,
  reasonRules,
  type FailureReason,
} from './errors.ts';

function classify(method: string, code: number, subCode = '', message = '', httpStatus = 200) {
  const reason = reasonOfAnswer({ method, code, subCode, message, httpStatus });
  const error = new DoudianError({ reason, operation: `POST /${method.replace('.', '/')}` });
  return { reason, scope: error.scope, next: error.next, standard: error.standardCode };
}

describe('抖店 error map', () => {
  it('gives every reason a standard code of the contract and a next step fitting its scope', () => {
    for (const [reason, rule] of Object.entries(reasonRules)) {
      expect(sendErrorCodes, reason).toContain(rule.standard);
      if (rule.scope === 'creator') expect(rule.next, reason).toBe('fail_records');
      if (rule.scope === 'unknown') expect(rule.next, reason).toBe('reconcile');
      if (rule.scope === 'call') expect(rule.next, reason).not.toBe('fail_records');
    }
    const mapped: FailureReason[] = [
      ...Object.values(platformCodes),
      ...Object.values(gatewaySubCodes),
      ...Object.values(methodSubCodes).flatMap((codes) => Object.values(codes)),
    ];
    for (const reason of mapped) expect(reasonRules).toHaveProperty(reason);
  });

  it('reads a sub_code with the method it belongs to (4102 is a closed shop only for plans)', () => {
    expect(classify('buyin.createOrUpdateOrienPlan', 50002, 'isv.business-failed:4102')).toEqual({
      reason: 'shop_ineligible',
      scope: 'call',
      next: 'pause_shop',
      standard: 'shop_ineligible',
    });
    expect(classify('buyin.orienPlanList', 50002, 'isv.business-failed:4102').reason).toBe(
      'shop_ineligible',
    );
    // For applyActivities the number means nothing known: the main code decides.
    expect(classify('buyin.applyActivities', 50002, 'isv.business-failed:4102').reason).toBe(
      'invalid_request',
    );
  });

  it('never fails a record for a run-level stop', () => {
    for (const [code, sub] of [
      [40003, 'isv.access-token-expired'],
      [40003, 'isv.signature-invalid'],
      [30001, 'dop.authorization-no-existed'],
      [30002, ''],
      [60000, ''],
      [70000, 'isp.api-service-off'],
    ] as const) {
      expect(classify('buyin.orienPlanAuthorsAdd', code, sub).scope, `${code} ${sub}`).toBe('call');
    }
  });

  it('reads the 2xxxx family, unknown service errors and 5xx as not known', () => {
    expect(classify('buyin.orienPlanAuthorsAdd', 20000, 'isp.service-error:999').scope).toBe(
      'unknown',
    );
    expect(classify('buyin.orienPlanAuthorsAdd', 29999).scope).toBe('unknown');
    expect(classify('buyin.orienPlanAuthorsAdd', 90000, 'dop.unknown-error').scope).toBe('unknown');
    expect(classify('x.y', 12345, '', '', 503).reason).toBe('server_error');
    expect(classify('x.y', 12345, '', '', 429).reason).toBe('rate_limited');
    expect(classify('x.y', 12345).reason).toBe('invalid_request');
  });

  it('accepts the token sub_codes written with a space after the colon', () => {
    expect(classify('token.create', 50001, 'dop.token-generate-failed: code-expired').reason).toBe(
      'authorization_revoked',
    );
    expect(
      classify('token.create', 50001, 'dop.token-generate-failed:grant-type-invalid').reason,
    ).toBe('configuration');
  });

  it('recognizes a shop outside 精选联盟 by its words when no code says more', () => {
    for (const words of ['店铺未加入精选联盟', '商家未开通精选联盟', '您还没有开通联盟权限']) {
      expect(classify('buyin.createOrUpdateOrienPlan', 50002, '', words).reason, words).toBe(
        'shop_ineligible',
      );
    }
    // A documented sub_code wins over words.
    expect(
      classify('buyin.createOrUpdateOrienPlan', 50002, 'isv.business-failed:4111', '联盟未开通')
        .reason,
    ).toBe('plan_exists');
  });

  it('turns a refused 达人 into its own reason', () => {
    expect(authorFailureReason('不存在')).toBe('author_not_found');
    expect(authorFailureReason('达人已在该定向计划中')).toBe('author_already_added');
    expect(authorFailureReason('重复添加')).toBe('author_already_added');
    expect(authorFailureReason('达人等级不满足')).toBe('author_rejected');
    expect(reasonRules.author_rejected.scope).toBe('creator');
  });

  it("reads a per-达人 refusal about a limit as the shop's stop, never the 达人's", () => {
    expect(authorFailureReason('今日添加达人数已达上限')).toBe('quota_exceeded');
    expect(authorFailureReason('定向计划达人数已达上限')).toBe('quota_exceeded');
    expect(reasonRules.quota_exceeded).toEqual({
      scope: 'call',
      next: 'pause_shop',
      standard: 'quota_exceeded',
    });
  });

  it('reads "店铺未加入联盟" as the shop\'s standing, whatever the method', () => {
    for (const method of ['buyin.createOrUpdateOrienPlan', 'buyin.applyActivities']) {
      expect(
        classify(method, 50002, 'isv.business-failed:1549', '业务处理失败: 店铺未加入联盟').reason,
      ).toBe('shop_ineligible');
    }
  });

  it('keeps the platform message short and says what failed', () => {
    const error = new DoudianError({
      reason: 'invalid_request',
      operation: 'POST /buyin/applyActivities',
      platformCode: 50002,
      subCode: 'isv.business-failed:10001',
      platformMessage: 'x'.repeat(900),
      requestId: 'log-9',
    });
    expect(error.platformMessage).toHaveLength(500);
    expect(error.message).toContain('POST /buyin/applyActivities: invalid_request 50002');
    expect(error.retryable).toBe(false);
    expect(error.conflicts).toEqual([]);
  });
});

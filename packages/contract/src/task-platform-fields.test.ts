import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import {
  COLLABORATION_NAME_MAX,
  platformFieldIssues,
  percentToRate,
  platformTermsOf,
  rateToPercent,
  taskPlatformFields,
  taskTypeRefusal,
  type TaskPlatformInput,
} from './task-platform-fields.ts';
import { taskTypes, type TaskType } from './send-records-constants.ts';
import { taskChannel } from './platform-calls.ts';

const now = new Date('2026-11-25T08:00:00Z');
const fields = z.object(taskPlatformFields);
const complete: TaskPlatformInput = {
  collaborationName: '春季定向合作',
  endsAt: '2026-12-31T15:59:59.000Z',
  commissionRates: { '7': 1250, '8': 100 },
  contactEmail: 'bd@example.com',
  freeSample: null,
  sampleApproval: null,
};
const issues = (taskType: (typeof taskTypes)[number], input: Partial<TaskPlatformInput> = {}) =>
  platformFieldIssues({
    platform: 'tiktok',
    taskType,
    fields: { ...complete, ...input },
    productTemplateIds: [7, 8],
    now,
  });

describe('the platform fields of a task', () => {
  it('takes commission rates of 1.00 % to 80.00 % in hundredths, whole numbers only', () => {
    const rate = (value: number) => fields.safeParse({ commissionRates: { '7': value } });
    expect(rate(100).success).toBe(true);
    expect(rate(8000).success).toBe(true);
    expect(rate(1250).data?.commissionRates).toEqual({ '7': 1250 });
    for (const bad of [99, 8001, 0, -100, 1250.5]) {
      const result = rate(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.commissionRateRange');
      expect(result.error?.issues[0]?.path[0]).toBe('commissionRates');
    }
  });

  it('names a commission keyed by something else than a product template id', () => {
    const result = fields.safeParse({ commissionRates: { abc: 100 } });
    expect(result.error?.issues[0]?.message).toBe('validation.commissionProductInvalid');
    expect(fields.safeParse({ commissionRates: 'x' }).error?.issues[0]?.message).toBe(
      'validation.commissionRateRange',
    );
  });

  it('reads a typed percent as hundredths, keeping a third decimal for the rule to refuse', () => {
    expect(percentToRate(12.34)).toBe(1234);
    expect(percentToRate(1)).toBe(100);
    expect(percentToRate(80)).toBe(8000);
    expect(percentToRate(12.345)).toBeCloseTo(1234.5);
    expect(rateToPercent(1250)).toBe(12.5);
    expect(fields.safeParse({ commissionRates: { '7': percentToRate(12.345) } }).success).toBe(
      false,
    );
  });

  it('checks the name length, the end time and the e-mail on their own', () => {
    const long = fields.safeParse({ collaborationName: 'x'.repeat(COLLABORATION_NAME_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe('validation.collaborationNameMax');
    expect(
      fields.safeParse({ collaborationName: 'x'.repeat(COLLABORATION_NAME_MAX) }).success,
    ).toBe(true);
    expect(fields.safeParse({ endsAt: 'tomorrow' }).error?.issues[0]?.message).toBe(
      'validation.endsAtInvalid',
    );
    expect(fields.safeParse({ contactEmail: 'not-an-email' }).error?.issues[0]?.message).toBe(
      'validation.emailFormat',
    );
    expect(fields.parse({ contactEmail: '  ', collaborationName: ' ' })).toMatchObject({
      contactEmail: null,
      collaborationName: null,
      commissionRates: {},
    });
  });

  it('needs every term of a target collaboration for the types that make one', () => {
    for (const type of ['targeted_product', 'free_product', 'targeted_connection'] as const) {
      expect(issues(type), type).toEqual([]);
      const empty = platformFieldIssues({
        platform: 'tiktok',
        taskType: type,
        fields: {
          collaborationName: null,
          endsAt: null,
          commissionRates: {},
          contactEmail: null,
          freeSample: null,
          sampleApproval: null,
        },
        productTemplateIds: [],
        now,
      });
      expect(
        empty.map((issue) => issue.path),
        type,
      ).toEqual(['collaborationName', 'endsAt', 'productTemplateIds', 'contactEmail']);
    }
    expect(issues('free_product', { commissionRates: { '7': 1250 } })).toEqual([
      { path: 'commissionRates', message: 'validation.commissionRateRequired' },
    ]);
    expect(issues('targeted_product', { endsAt: now.toISOString() })).toEqual([
      { path: 'endsAt', message: 'validation.endsAtFuture' },
    ]);
  });

  it('keeps the sample rule of each type', () => {
    expect(issues('free_product', { freeSample: false })).toEqual([
      { path: 'freeSample', message: 'validation.freeSampleRequired' },
    ]);
    expect(issues('targeted_product', { freeSample: true })).toEqual([
      { path: 'freeSample', message: 'validation.freeSampleNotOffered' },
    ]);
    expect(issues('targeted_connection', { freeSample: true })).toEqual([]);
    const products = [
      { templateId: 7, productId: 'P-7', productName: '面膜' },
      { templateId: 8, productId: 'P-8', productName: '精华' },
    ];
    const terms = (taskType: (typeof taskTypes)[number], input: Partial<TaskPlatformInput> = {}) =>
      platformTermsOf({ platform: 'tiktok', taskType, fields: { ...complete, ...input }, products })
        ?.collaboration;
    expect(terms('free_product')).toMatchObject({ freeSample: true, sampleApproval: 'review' });
    expect(terms('free_product', { sampleApproval: 'auto' })?.sampleApproval).toBe('auto');
    expect(terms('targeted_product', { sampleApproval: 'auto' })).toMatchObject({
      freeSample: false,
      sampleApproval: null,
    });
    expect(terms('targeted_connection')).toMatchObject({ freeSample: false });
    expect(terms('free_product')?.products).toEqual([
      { productId: 'P-7', productName: '面膜', commissionRate: 1250 },
      { productId: 'P-8', productName: '精华', commissionRate: 100 },
    ]);
  });

  it('asks nothing of a free connection, a group leader activity or a Douyin shop', () => {
    const none: TaskPlatformInput = {
      collaborationName: null,
      endsAt: null,
      commissionRates: {},
      contactEmail: null,
      freeSample: null,
      sampleApproval: null,
    };
    for (const taskType of ['free_connection', 'group_leader_activity'] as const) {
      expect(
        platformFieldIssues({
          platform: 'tiktok',
          taskType,
          fields: none,
          productTemplateIds: [],
          now,
        }),
      ).toEqual([]);
    }
    for (const taskType of taskTypes) {
      expect(
        platformFieldIssues({
          platform: 'douyin',
          taskType,
          fields: none,
          productTemplateIds: [],
          now,
        }),
      ).toEqual([]);
    }
    expect(
      platformTermsOf({
        platform: 'tiktok',
        taskType: 'free_connection',
        fields: none,
        products: [],
      }),
    ).toEqual({ platform: 'tiktok', action: 'conversation', collaboration: null });
    expect(
      platformTermsOf({ platform: 'douyin', taskType: 'free_product', fields: none, products: [] }),
    ).toBeNull();
  });
});

describe('抖店 shops connected by authorization', () => {
  const none: TaskPlatformInput = {
    collaborationName: null,
    endsAt: null,
    commissionRates: {},
    contactEmail: null,
    freeSample: null,
    sampleApproval: null,
  };
  const issues = (taskType: TaskType, fields: Partial<TaskPlatformInput>, ids = [1]) =>
    platformFieldIssues({
      platform: 'douyin',
      taskType,
      fields: { ...none, ...fields },
      productTemplateIds: ids,
      now,
      channel: 'api',
    }).map((issue) => [issue.path, issue.message]);
  const future = new Date(now.getTime() + 86_400_000).toISOString();

  it('a targeted plan needs one product, a whole-percent commission of 1–80 and a future end', () => {
    expect(issues('targeted_product', {})).toEqual([
      ['endsAt', 'validation.endsAtRequired'],
      ['commissionRates', 'validation.commissionRateRequired'],
    ]);
    expect(issues('targeted_product', { endsAt: future, commissionRates: { 1: 1250 } })).toEqual([
      ['commissionRates', 'validation.doudianCosRatioWhole'],
    ]);
    expect(
      issues('targeted_product', { endsAt: future, commissionRates: { 1: 2000 } }, [1, 2]),
    ).toEqual([['productTemplateIds', 'validation.doudianOneProduct']]);
    expect(issues('targeted_product', { endsAt: future, commissionRates: { 1: 2000 } })).toEqual(
      [],
    );
  });

  it('a 团长 application needs the activity, a service rate, a mobile phone, and a commission and price per product, the rates below 90 % together', () => {
    expect(issues('group_leader_activity', {})).toEqual([
      ['activityId', 'validation.activityRequired'],
      ['serviceRate', 'validation.serviceRateRequired'],
      ['contactPhone', 'validation.contactPhoneRequired'],
      ['commissionRates', 'validation.commissionRateRequired'],
      ['activityPrices', 'validation.activityPriceRequired'],
    ]);
    const complete = {
      activityId: '7301000000000000001',
      colonelBuyinId: '1690000023764919',
      serviceRate: 2050,
      contactPhone: '13900001234',
      commissionRates: { 1: 1500 },
      activityPrices: { 1: 2990 },
    };
    expect(issues('group_leader_activity', complete)).toEqual([]);
    expect(issues('group_leader_activity', { ...complete, contactPhone: '0571-1234' })).toEqual([
      ['contactPhone', 'validation.doudianContactPhone'],
    ]);
    expect(issues('group_leader_activity', { ...complete, serviceRate: 7500 })).toEqual([
      ['serviceRate', 'validation.doudianRatioSum'],
    ]);
  });

  it('free product, free connection and targeted connection invitations run in the browser: no terms', () => {
    for (const taskType of ['free_product', 'free_connection', 'targeted_connection'] as const) {
      expect(taskChannel('douyin', 'api', taskType)).toBe('browser');
      expect(issues(taskType, {})).toEqual([]);
    }
    expect(taskChannel('douyin', 'api', 'targeted_product')).toBe('api');
    expect(taskChannel('douyin', 'api', 'group_leader_activity')).toBe('api');
    expect(taskChannel('tiktok', 'api', 'free_product')).toBe('api');
  });
});

describe('taskTypeRefusal', () => {
  it('refuses a group leader activity on a TikTok shop served by its Open API only', () => {
    expect(taskTypeRefusal('tiktok', 'api', 'group_leader_activity')).toBe(
      'error.groupLeaderBrowserOnly',
    );
    expect(taskTypeRefusal('tiktok', 'browser', 'group_leader_activity')).toBeNull();
    expect(taskTypeRefusal('douyin', 'api', 'group_leader_activity')).toBeNull();
    for (const type of taskTypes.filter((t) => t !== 'group_leader_activity')) {
      expect(taskTypeRefusal('tiktok', 'api', type)).toBeNull();
    }
  });
});

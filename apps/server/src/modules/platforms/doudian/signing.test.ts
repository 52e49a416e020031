import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsonInteger, marshalParamJson, signatureBase, signRequest } from './signing.ts';

/**
 * No public SDK publishes a 抖店 signature with its inputs (the .NET SDK's DouyinShop tests call
 * the live platform; the Go, Java and Python SDKs ship none). The expected values here come from
 * outside our code instead:
 *
 * - the example parameters of the platform's "API调用指南" (公共参数 table: app_key
 *   3409409348479354011, method product.getGoodsCategory, param_json {"cid":"12","page":"1"},
 *   timestamp 2020-09-15 14:48:13; mirrored at u216155.qingcloud.website/ProductDetail/7036311.html
 *   and blog.csdn.net/c601757850/article/details/119275736) with a secret of ours;
 * - digests computed once with Python's hashlib/hmac over `param_json` produced by
 *   `json.dumps(sort_keys=True, separators=(',', ':'), ensure_ascii=False)`, which is how the
 *   platform's official Python SDK (doudian/core/DoudianOpApiClient.py) builds it, and written
 *   here literally;
 * - the string and digest by hand with Node's crypto, never through signing.ts.
 */

describe('抖店 param_json', () => {
  it('sorts keys at every depth, objects inside arrays included', () => {
    // The Java SDK's sortParamJson recurses into objects and arrays of objects; the Go SDK
    // re-encodes through maps (Go writes map keys in order).
    expect(
      marshalParamJson({
        products: [{ product_id: 1, activity_price: 1990, promotion_step: '满减 & 券' }],
        phone_number: '13800000000',
        activity_id: 9,
      }),
    ).toBe(
      '{"activity_id":9,"phone_number":"13800000000","products":[{"activity_price":1990,"product_id":1,"promotion_step":"满减 & 券"}]}',
    );
  });

  it('writes ids beyond 2^53 as their digits, and refuses to round them', () => {
    expect(
      marshalParamJson({
        is_create: true,
        plan: {
          product_id: 3482204602722574252n,
          end_time: 1767225600,
          cos_ratio: 20,
          apply_type: 2,
          audit_type: 1,
        },
      }),
    ).toBe(
      '{"is_create":true,"plan":{"apply_type":2,"audit_type":1,"cos_ratio":20,"end_time":1767225600,"product_id":3482204602722574252}}',
    );
    expect(marshalParamJson({ id: jsonInteger('3482204602722574252') })).toBe(
      '{"id":3482204602722574252}',
    );
    // A product id read into a JavaScript number is already rounded: refused, never sent.
    expect(() => marshalParamJson({ id: Number('3482204602722574252') })).toThrow(/2\^53/);
    expect(() => jsonInteger('12a')).toThrow();
  });

  it('leaves absent and null members out but keeps 0, false, "" and empty lists', () => {
    expect(marshalParamJson({ a: undefined, b: null, c: 0, d: false, e: '', f: [], g: {} })).toBe(
      '{"c":0,"d":false,"e":"","f":[],"g":{}}',
    );
    expect(marshalParamJson({})).toBe('{}');
  });

  it('escapes as Go does with HTML escaping off: quotes, backslash, controls, U+2028', () => {
    expect(marshalParamJson({ s: 'a"b\\c\n\t\u0001/<>&\u2028中文' })).toBe(
      '{"s":"a\\"b\\\\c\\n\\t\\u0001/<>&\\u2028中文"}',
    );
  });

  it('agrees with JSON.stringify of a sorted copy on ordinary values', () => {
    const value = { z: [1, 'x', { b: 2.5, a: true }], a: { y: 'é', x: -3 } };
    const sorted = { a: { x: -3, y: 'é' }, z: [1, 'x', { a: true, b: 2.5 }] };
    expect(marshalParamJson(value)).toBe(JSON.stringify(sorted));
  });
});

describe('抖店 request signature', () => {
  const docExample = {
    appKey: '3409409348479354011',
    appSecret: 'a1b2c3d4-secret',
    method: 'product.getGoodsCategory',
    paramJson: '{"cid":"12","page":"1"}',
    timestamp: '2020-09-15 14:48:13',
  };

  it("signs the 'API调用指南' example: the string, then HMAC-SHA256 and MD5", () => {
    expect(signatureBase(docExample)).toBe(
      'a1b2c3d4-secretapp_key3409409348479354011methodproduct.getGoodsCategory' +
        'param_json{"cid":"12","page":"1"}timestamp2020-09-15 14:48:13v2a1b2c3d4-secret',
    );
    // Python hmac.new(secret, base, sha256) / hashlib.md5(base).
    expect(signRequest(docExample, 'hmac-sha256')).toBe(
      'd975bba7e647586a8f0119e3e357982b7908d0fb81955a2e57124d0e98440aff',
    );
    expect(signRequest(docExample, 'md5')).toBe('48db6c7aa92bb503f5253b77f6b7be12');
  });

  it('signs what the Python SDK would send for our calls (orienPlanAuthorsAdd, createOrUpdateOrienPlan, token.create)', () => {
    const common = { appKey: '7012345678901234567', appSecret: 'sec-2', timestamp: '1767225600' };
    const authorsAdd = {
      ...common,
      method: 'buyin.orienPlanAuthorsAdd',
      paramJson: marshalParamJson({ orien_plan_id: '7123', buyin_ids: [7012123456, 7012123457] }),
    };
    expect(authorsAdd.paramJson).toBe(
      '{"buyin_ids":[7012123456,7012123457],"orien_plan_id":"7123"}',
    );
    expect(signRequest(authorsAdd)).toBe(
      '1e57ecbd8ccc1350d05aef0341726bc36c4bb2fa4ce24f7942e99e0bfd13b3b3',
    );
    expect(signRequest(authorsAdd, 'md5')).toBe('ad038d1019078de158a9c77f14bd2cc2');

    const plan = {
      ...common,
      method: 'buyin.createOrUpdateOrienPlan',
      paramJson: marshalParamJson({
        plan: {
          product_id: 3482204602722574252n,
          cos_ratio: 20,
          end_time: 1767225600,
          apply_type: 2,
          audit_type: 1,
        },
        is_create: true,
      }),
    };
    expect(signRequest(plan)).toBe(
      'fa1c894412308518c4792a03f26cf2342a4cc739f20a2393ce3c08f1b7272585',
    );

    const token = {
      ...common,
      method: 'token.create',
      paramJson: marshalParamJson({ grant_type: 'authorization_code', code: 'c0de' }),
    };
    expect(signRequest(token)).toBe(
      '82098675bfe1bc9a0140ae0b6c45e6bb9b71580d5f39323e7b01dde37e2a8326',
    );
  });

  it('matches the recipe done by hand (Go SDK sign_util.go), and HMAC is keyed by the secret', () => {
    const input = {
      appKey: 'k',
      appSecret: 's3cr3t',
      method: 'buyin.orienPlanAuthors',
      paramJson: '{"orien_plan_id":"1","page":1,"page_size":20}',
      timestamp: '1700000000',
    };
    const byHand =
      's3cr3tapp_keykmethodbuyin.orienPlanAuthorsparam_json' +
      '{"orien_plan_id":"1","page":1,"page_size":20}timestamp1700000000v2s3cr3t';
    expect(signRequest(input)).toBe(createHmac('sha256', 's3cr3t').update(byHand).digest('hex'));
    expect(signRequest(input, 'md5')).toBe(createHash('md5').update(byHand).digest('hex'));
    // Another secret, another signature; the token is never part of it.
    expect(signRequest({ ...input, appSecret: 'other' })).not.toBe(signRequest(input));
    expect(signatureBase(input)).not.toContain('access_token');
  });
});

import { describe, expect, it } from 'vitest';
import { catalogue } from './texts.ts';
import './texts-en-US.ts';
import {
  TIKTOK_HANDLE_MAX,
  TIKTOK_HANDLE_MIN,
  identityFields,
  identityOf,
  talentIdentity,
} from './talent-identity.ts';
import { rangePresets, talentBody } from './talents.ts';

describe('rangePresets', () => {
  it("keeps the spec's fans presets, in order", () => {
    const keys = rangePresets.fans.map((preset) => preset.key);
    const spec = ['1k-5k', '5k-10k', '10k-50k', '100k+'];
    expect(keys.filter((key) => spec.includes(key))).toEqual(spec);
  });

  // Issue 20 #7: the spec's fans presets left 0-999 and 50,001-99,999 unreachable.
  it.each(Object.entries(rangePresets))(
    'covers every value of %s from 0 up, with no gap between presets',
    (_kind, presets) => {
      expect(presets[0]?.min).toBe(0);
      for (let i = 1; i < presets.length; i++) {
        // Bounds are inclusive: a preset starting at the previous one's maximum leaves no gap.
        expect(presets[i]!.min).toBeLessThanOrEqual(presets[i - 1]!.max ?? Infinity);
        expect(presets[i]!.min).toBeGreaterThan(presets[i - 1]!.min);
      }
      expect(presets.at(-1)?.max).toBeNull();
    },
  );

  it('reaches a talent of any fan count by some preset', () => {
    for (const fans of [0, 999, 1_000, 4_999, 50_001, 75_000, 99_999, 100_000, 10 ** 9]) {
      const hit = rangePresets.fans.some(
        (preset) => fans >= preset.min && (preset.max === null || fans <= preset.max),
      );
      expect(hit, `${fans} fans`).toBe(true);
    }
  });
});

describe('the typed platform identity of a talent', () => {
  const body = (overrides: Record<string, unknown>) =>
    talentBody.safeParse({
      platform: 'tiktok',
      platformTalentId: 'lily.chen',
      name: 'Lily',
      ...overrides,
    });
  const message = (overrides: Record<string, unknown>) =>
    body(overrides).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);

  it('takes a TikTok handle with or without its @, by TikTok username rules', () => {
    expect(body({ platformTalentId: '@lily.chen' }).data?.platformTalentId).toBe('lily.chen');
    expect(body({ platformTalentId: ' @Lily_01 ' }).data?.platformTalentId).toBe('Lily_01');
    for (const ok of ['ab', 'a'.repeat(24), 'x.y_z9', '_under_']) {
      expect(body({ platformTalentId: ok }).success, ok).toBe(true);
    }
    expect(message({ platformTalentId: 'lily.' })).toEqual([
      'platformTalentId:validation.tiktokHandleFormat',
    ]);
    expect(message({ platformTalentId: 'lily-chen' })).toEqual([
      'platformTalentId:validation.tiktokHandleFormat',
    ]);
    expect(message({ platformTalentId: 'a' })).toEqual([
      'platformTalentId:validation.tiktokHandleLength',
    ]);
    expect(message({ platformTalentId: 'a'.repeat(25) })).toEqual([
      'platformTalentId:validation.tiktokHandleLength',
    ]);
    expect(message({ platformTalentId: '@' })).toEqual([
      'platformTalentId:validation.platformTalentIdRequired',
    ]);
    // A Douyin talent ID keeps its own, wider rule.
    expect(body({ platform: 'douyin', platformTalentId: 'dy-123.' }).success).toBe(true);
  });

  it('checks the open id and the 百应 fields when given, and keeps blank ones as null', () => {
    const openId = 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg';
    expect(body({ creatorUserOpenId: ` ${openId} ` }).data?.creatorUserOpenId).toBe(openId);
    expect(body({ creatorUserOpenId: '' }).data?.creatorUserOpenId).toBeNull();
    expect(message({ creatorUserOpenId: 'short' })).toEqual([
      'creatorUserOpenId:validation.creatorOpenIdFormat',
    ]);
    expect(message({ creatorUserOpenId: 'has space in it' })).toEqual([
      'creatorUserOpenId:validation.creatorOpenIdFormat',
    ]);
    expect(
      body({
        platform: 'douyin',
        platformTalentId: 'dy1',
        buyinId: '7012345678',
        buyinUid: 'v2_abc',
      }).data,
    ).toMatchObject({ buyinId: '7012345678', buyinUid: 'v2_abc' });
    expect(message({ platform: 'douyin', platformTalentId: 'dy1', buyinId: '70a' })).toEqual([
      'buyinId:validation.buyinIdFormat',
    ]);
  });

  it('gives each platform its own identity, discriminated by platform', () => {
    const columns = { creatorOpenId: 'uACafQAAAABm', buyinId: '70', buyinUid: 'v2_x' };
    expect(identityOf({ platform: 'tiktok', platformTalentId: 'lily', ...columns })).toEqual({
      platform: 'tiktok',
      handle: 'lily',
      creatorUserOpenId: 'uACafQAAAABm',
    });
    expect(identityOf({ platform: 'douyin', platformTalentId: 'dy1', ...columns })).toEqual({
      platform: 'douyin',
      talentId: 'dy1',
      buyinId: '70',
      uid: 'v2_x',
    });
    expect(talentIdentity.safeParse({ platform: 'tiktok', handle: 'x' }).success).toBe(false);
    expect(
      identityFields({
        platform: 'douyin',
        creatorUserOpenId: 'abc',
        buyinId: '1',
        buyinUid: null,
      }),
    ).toEqual({ creatorOpenId: null, buyinId: '1', buyinUid: null });
  });

  it('says the handle rules in its messages as the constants hold them', () => {
    expect(catalogue('zh-CN')['validation.tiktokHandleLength']).toContain(
      `${TIKTOK_HANDLE_MIN}-${TIKTOK_HANDLE_MAX}`,
    );
    expect(catalogue('en-US')['validation.tiktokHandleLength']).toContain(
      `${TIKTOK_HANDLE_MIN} to ${TIKTOK_HANDLE_MAX}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildFilters,
  dayEnd,
  dayStart,
  filterValuesOf,
  filtersIssue,
  presetRange,
} from './filters.ts';

describe('buildFilters', () => {
  it('sends only the filters that are set, trimmed, in the contract names', () => {
    expect(buildFilters({})).toEqual({});
    expect(
      buildFilters({
        name: '  小林 ',
        shopName: '',
        status: 'communicating',
        platform: 'douyin',
        industry: 'beauty',
        contactMethod: 'wechat',
        label: 'quality',
        fans: presetRange('fans', '100k+'),
        businessAmount: presetRange('businessAmount', '100-1k'),
        dealCount: { key: 'custom', min: null, max: 9 },
      }),
    ).toEqual({
      name: '小林',
      status: 'communicating',
      platform: 'douyin',
      industry: 'beauty',
      contactMethod: 'wechat',
      label: 'quality',
      fansMin: 100_000,
      businessAmountMinFen: 10_000,
      businessAmountMaxFen: 100_000,
      dealCountMax: 9,
    });
  });

  it('turns calendar days into the first and last instant of those days, locally', () => {
    const filters = buildFilters({ created: ['2025-03-01', '2025-03-31'] });
    expect(filters.createdFrom).toBe(new Date(2025, 2, 1, 0, 0, 0, 0).toISOString());
    expect(filters.createdTo).toBe(new Date(2025, 2, 31, 23, 59, 59, 999).toISOString());
    expect(dayStart('2025-01-02') < dayEnd('2025-01-02')).toBe(true);
    expect(buildFilters({ added: ['2025-01-01', '2025-01-01'] })).toEqual({
      addedFrom: dayStart('2025-01-01'),
      addedTo: dayEnd('2025-01-01'),
    });
  });

  it("has the spec's presets, and the contract refuses a min above the max", () => {
    expect(presetRange('fans', '1k-5k')).toEqual({ key: '1k-5k', min: 1000, max: 5000 });
    expect(presetRange('dealCount', '1k+')).toEqual({ key: '1k+', min: 1000, max: null });
    expect(presetRange('fans', 'nope')).toBeUndefined();
    expect(filtersIssue({ fansMin: 5, fansMax: 4 })?.message).toBe('validation.rangeInvalid');
    expect(filtersIssue({ fansMin: 4, fansMax: 4 })).toBeNull();
  });

  it('keeps a business amount range in its currency: named unless CNY, presets in its unit', () => {
    // Synced amounts are in their orders' currency (issue 19): a USD range says so.
    const usd = presetRange('businessAmount', '100-1k', 'USD');
    expect(usd).toEqual({ key: '100-1k', min: 10_000, max: 100_000, currency: 'USD' });
    expect(buildFilters({ businessAmount: usd })).toEqual({
      businessAmountMinFen: 10_000,
      businessAmountMaxFen: 100_000,
      businessAmountCurrency: 'USD',
    });
    // Yen have no minor unit: the preset is 100-1,000 yen.
    expect(presetRange('businessAmount', '100-1k', 'JPY')).toEqual({
      key: '100-1k',
      min: 100,
      max: 1_000,
      currency: 'JPY',
    });
    // CNY is the default and is not sent; a URL's filters come back as the same range.
    expect(buildFilters({ businessAmount: presetRange('businessAmount', '0-100') })).toEqual({
      businessAmountMinFen: 0,
      businessAmountMaxFen: 10_000,
    });
    expect(
      filterValuesOf({
        businessAmountMinFen: 100,
        businessAmountMaxFen: 1_000,
        businessAmountCurrency: 'JPY',
      }).businessAmount,
    ).toEqual({ key: '100-1k', min: 100, max: 1_000, currency: 'JPY' });
    expect(
      filterValuesOf({ businessAmountMinFen: 10_000, businessAmountCurrency: 'CNY' })
        .businessAmount,
    ).toEqual({ key: 'custom', min: 10_000, max: null });
  });
});

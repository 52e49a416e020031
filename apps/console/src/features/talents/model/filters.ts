import {
  KEYWORD_MAX,
  LABEL_MAX_LENGTH,
  SHOP_NAME_MAX,
  contactMethods,
  industries,
  platforms,
  rangePresets,
  talentFilters,
  talentStatuses,
  type ContactMethod,
  type Industry,
  type Platform,
  type TalentFilters,
  type TalentStatus,
} from '@inviteflow/contract';
import type { FilterCodec } from '@/components/crud/list-params.ts';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import { currencyDigits } from '@inviteflow/contract';

export { dayEnd, dayStart };

/** The filters of a search as sent: only those that are set, in the contract's names. */
export type AppliedFilters = Partial<TalentFilters>;

/** The three range filters of spec section 9 and their presets (bounds inclusive). */
export type RangeKind = keyof typeof rangePresets;
export const CUSTOM_RANGE = 'custom';

/**
 * A range filter as the form holds it: a preset's key or a custom range, bounds in the
 * API's units (money in its currency's minor unit: fen, cents), null for an open end.
 */
export interface RangeValue {
  key: string;
  min: number | null;
  max: number | null;
  /**
   * Business amount: the range's currency when not CNY (issue 19: a synced amount is in its
   * orders' currency, and the server compares amounts of one currency only).
   */
  currency?: string | undefined;
}

/** A day range from the date pickers, as local calendar days (YYYY-MM-DD). */
export type DayRange = [string, string];

/** Every filter of Talent Management Query, as the search form holds it. */
export interface TalentFilterValues {
  shopName?: string | undefined;
  name?: string | undefined;
  industry?: Industry | undefined;
  created?: DayRange | undefined;
  label?: string | undefined;
  status?: TalentStatus | undefined;
  contactMethod?: ContactMethod | undefined;
  platform?: Platform | undefined;
  fans?: RangeValue | undefined;
  businessAmount?: RangeValue | undefined;
  dealCount?: RangeValue | undefined;
  added?: DayRange | undefined;
  updated?: DayRange | undefined;
}

/**
 * A preset's bounds in the API's units. The amount presets are written in fen (0-100 yuan…):
 * in another currency they are the same numbers of its major unit (0-100 dollars, 0-100 yen).
 */
function presetBounds(kind: RangeKind, currency: string | undefined) {
  const scale = kind === 'businessAmount' ? 10 ** (currencyDigits(currency ?? 'CNY') - 2) : 1;
  const scaled = (value: number | null) => (value === null ? null : Math.round(value * scale));
  return rangePresets[kind].map((item) => ({
    key: item.key,
    min: scaled(item.min),
    max: scaled(item.max),
  }));
}

export function presetRange(
  kind: RangeKind,
  key: string,
  currency?: string,
): RangeValue | undefined {
  const preset = presetBounds(kind, currency).find((item) => item.key === key);
  return preset ? { ...preset, ...(currency ? { currency } : {}) } : undefined;
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function bound(value: number | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : value;
}

/**
 * The query of a search: only the filters that are set, in the contract's names and
 * units. Times are the user's calendar days turned into instants.
 */
export function buildFilters(values: TalentFilterValues): AppliedFilters {
  const filters: AppliedFilters = {
    name: text(values.name),
    shopName: text(values.shopName),
    industry: values.industry,
    label: text(values.label),
    status: values.status,
    contactMethod: values.contactMethod,
    platform: values.platform,
    fansMin: bound(values.fans?.min),
    fansMax: bound(values.fans?.max),
    businessAmountMinFen: bound(values.businessAmount?.min),
    businessAmountMaxFen: bound(values.businessAmount?.max),
    businessAmountCurrency: values.businessAmount?.currency,
    dealCountMin: bound(values.dealCount?.min),
    dealCountMax: bound(values.dealCount?.max),
    createdFrom: values.created ? dayStart(values.created[0]) : undefined,
    createdTo: values.created ? dayEnd(values.created[1]) : undefined,
    addedFrom: values.added ? dayStart(values.added[0]) : undefined,
    addedTo: values.added ? dayEnd(values.added[1]) : undefined,
    updatedFrom: values.updated ? dayStart(values.updated[0]) : undefined,
    updatedTo: values.updated ? dayEnd(values.updated[1]) : undefined,
  };
  const set = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as AppliedFilters;
  return set;
}

/** The contract's own check of a filter set (lengths, ranges): null when it passes. */
export function filtersIssue(filters: AppliedFilters) {
  const result = talentFilters.safeParse(filters);
  return result.success ? null : (result.error.issues[0] ?? null);
}

/** A range as the form holds it: the preset of these bounds, else a custom range. */
function rangeOf(
  kind: RangeKind,
  min?: number,
  max?: number,
  currency?: string,
): RangeValue | undefined {
  if (min === undefined && max === undefined) return undefined;
  const low = min ?? null;
  const high = max ?? null;
  const preset = presetBounds(kind, currency).find((item) => item.min === low && item.max === high);
  return {
    key: preset?.key ?? CUSTOM_RANGE,
    min: low,
    max: high,
    ...(currency ? { currency } : {}),
  };
}

function daysOf(from?: string, to?: string): DayRange | undefined {
  return from && to ? [dayOf(from), dayOf(to)] : undefined;
}

/** The form's values for applied filters: the inverse of `buildFilters`. */
export function filterValuesOf(filters: AppliedFilters): TalentFilterValues {
  const f = filters;
  const values: TalentFilterValues = {
    name: f.name,
    shopName: f.shopName,
    industry: f.industry,
    label: f.label,
    status: f.status,
    contactMethod: f.contactMethod,
    platform: f.platform,
    fans: rangeOf('fans', f.fansMin, f.fansMax),
    businessAmount: rangeOf(
      'businessAmount',
      f.businessAmountMinFen,
      f.businessAmountMaxFen,
      f.businessAmountCurrency && f.businessAmountCurrency !== 'CNY'
        ? f.businessAmountCurrency
        : undefined,
    ),
    dealCount: rangeOf('dealCount', f.dealCountMin, f.dealCountMax),
    created: daysOf(f.createdFrom, f.createdTo),
    added: daysOf(f.addedFrom, f.addedTo),
    updated: daysOf(f.updatedFrom, f.updatedTo),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as TalentFilterValues;
}

/**
 * The filters in the talent list's URL (`?status=cooperating&fansMin=1000`): the contract's
 * names and units, days as local calendar days (`created=2026-01-01,2026-01-31`).
 */
export const talentFilterCodec: FilterCodec = {
  name: { kind: 'text', max: KEYWORD_MAX },
  shopName: { kind: 'text', max: SHOP_NAME_MAX },
  industry: { kind: 'enum', values: industries },
  label: { kind: 'text', max: LABEL_MAX_LENGTH },
  status: { kind: 'enum', values: talentStatuses },
  contactMethod: { kind: 'enum', values: contactMethods },
  platform: { kind: 'enum', values: platforms },
  fansMin: { kind: 'count' },
  fansMax: { kind: 'count' },
  businessAmountMinFen: { kind: 'count' },
  businessAmountMaxFen: { kind: 'count' },
  businessAmountCurrency: { kind: 'text', max: 3 },
  dealCountMin: { kind: 'count' },
  dealCountMax: { kind: 'count' },
  created: { kind: 'days', from: 'createdFrom', to: 'createdTo' },
  added: { kind: 'days', from: 'addedFrom', to: 'addedTo' },
  updated: { kind: 'days', from: 'updatedFrom', to: 'updatedTo' },
};

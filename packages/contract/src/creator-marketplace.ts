import { z } from './zod.ts';
import { COUNT_MAX } from './talents.ts';
import { orderedRanges, optionalWord } from './fields.ts';

/**
 * Find creators (issue 19): the platform's creator marketplace searched from the talent
 * library, for one connected shop. TikTok Shop: "Seller Search Creator on Marketplace"
 * 202508 (`POST /affiliate_seller/202508/marketplace_creators/search`, scope
 * `seller.creator_marketplace.read`; partner.tiktokshop.com docv2, mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * seller-search-creator-on-marketplace.spec.json). Its filters are the documented ones:
 * keyword (username and nickname), follower count, follower ages and gender share, GMV and
 * units-sold ranges; its data covers the last 30 days; a page is 12 or 20 creators, paged by
 * `page_token` with the `search_key` of the first answer. Categories, content performance
 * and "not invited in the last 90 days" are filters of the seller center's page, not of this
 * API: the console says so. 抖店 has no open API for 达人广场 (PLATFORMS.md).
 */

/** GMV ranges, in the shop's currency (the document's enum). */
export const creatorGmvRanges = [
  'GMV_RANGE_0_100',
  'GMV_RANGE_100_1000',
  'GMV_RANGE_1000_10000',
  'GMV_RANGE_10000_AND_ABOVE',
] as const;
export type CreatorGmvRange = (typeof creatorGmvRanges)[number];

/** Units sold ranges (the document's enum). */
export const creatorUnitsSoldRanges = [
  'UNITS_SOLD_RANGE_0_10',
  'UNITS_SOLD_RANGE_10_100',
  'UNITS_SOLD_RANGE_100_1000',
  'UNITS_SOLD_RANGE_1000_AND_ABOVE',
] as const;
export type CreatorUnitsSoldRange = (typeof creatorUnitsSoldRanges)[number];

/** Follower age ranges (the document's enum). */
export const creatorAgeRanges = [
  'AGE_RANGE_18_24',
  'AGE_RANGE_25_34',
  'AGE_RANGE_35_44',
  'AGE_RANGE_45_54',
  'AGE_RANGE_55_AND_ABOVE',
] as const;
export type CreatorAgeRange = (typeof creatorAgeRanges)[number];

export const creatorGenders = ['FEMALE', 'MALE'] as const;
export type CreatorGender = (typeof creatorGenders)[number];

/** The page sizes the platform takes ("The value of page_size must be 12 or 20"). */
export const CREATOR_SEARCH_PAGE_SIZES = [12, 20] as const;
/** The keyword: the platform states no limit; a username is at most 24 characters. */
export const CREATOR_KEYWORD_MAX = 64;
/** At most this many found creators are added to the library in one request. */
export const CREATOR_ADD_MAX = 50;

/** A list in a query string: `a,b` (or the key repeated), blanks dropped, each one known. */
const queryList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (input) => {
      if (input === undefined || input === null || input === '') return undefined;
      const parts = (Array.isArray(input) ? input : [input]).flatMap((part) =>
        String(part).split(','),
      );
      const list = parts.map((part) => part.trim()).filter(Boolean);
      return list.length ? [...new Set(list)] : undefined;
    },
    z.array(z.enum(values, { error: 'validation.invalidField' })).optional(),
  );

const followerCount = z.coerce
  .number({ error: 'validation.numberInvalid' })
  .int({ error: 'validation.numberInvalid' })
  .min(0, { error: 'validation.numberInvalid' })
  .max(COUNT_MAX, { error: 'validation.numberInvalid' })
  .optional();

export const creatorSearchQuery = z
  .object({
    /**
     * The shop whose authorization searches. Without one: the account's TikTok shop bound by
     * authorization most recently (none: an empty page, nothing asked of the platform).
     */
    shopId: z.coerce
      .number({ error: 'validation.shopRequired' })
      .int({ error: 'validation.shopRequired' })
      .positive({ error: 'validation.shopRequired' })
      // Shop ids are 32-bit in the database: a larger one cannot exist (and would fail the query).
      .max(2 ** 31 - 1, { error: 'validation.shopRequired' })
      .optional(),
    keyword: optionalWord(CREATOR_KEYWORD_MAX),
    followersMin: followerCount,
    followersMax: followerCount,
    ageRanges: queryList(creatorAgeRanges),
    gender: z.enum(creatorGenders, { error: 'validation.invalidField' }).optional(),
    /** The gender's share of the followers, at least this many percent (needs `gender`). */
    genderShareMin: z.coerce
      .number({ error: 'validation.numberInvalid' })
      .int({ error: 'validation.numberInvalid' })
      .min(0, { error: 'validation.percentRange' })
      .max(100, { error: 'validation.percentRange' })
      .optional(),
    gmvRanges: queryList(creatorGmvRanges),
    unitsSoldRanges: queryList(creatorUnitsSoldRanges),
    pageSize: z.coerce
      .number({ error: 'validation.invalidField' })
      .pipe(z.union([z.literal(12), z.literal(20)], { error: 'validation.invalidField' }))
      .default(20),
    /** The next page: the `nextPageToken` and `searchKey` of the page before. */
    pageToken: z.string().trim().max(512, { error: 'validation.invalidField' }).optional(),
    searchKey: z.string().trim().max(512, { error: 'validation.invalidField' }).optional(),
  })
  .superRefine(orderedRanges(['followersMin', 'followersMax']))
  .superRefine((value, ctx) => {
    if (value.genderShareMin !== undefined && value.gender === undefined)
      ctx.addIssue({ code: 'custom', path: ['gender'], message: 'validation.genderRequired' });
  });
export type CreatorSearchQuery = z.input<typeof creatorSearchQuery>;

const money = z.object({ amount: z.string(), currency: z.string() });

export const foundCreator = z.object({
  /** `creator_open_id`: what target collaborations and conversations take. */
  openId: z.string(),
  /** The TikTok username (handle), without @: the talent ID in the library. */
  handle: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  region: z.string().nullable(),
  categoryIds: z.array(z.string()),
  followerCount: z.number().int().nullable(),
  avgVideoViews: z.number().int().nullable(),
  avgLiveViewers: z.number().int().nullable(),
  /** The last 30 days' GMV; null when the creator shares no precise data. */
  gmv: money.nullable(),
  /** Then a range instead (US creators), as the platform formats it ("$0-$100"). */
  gmvRange: z.string().nullable(),
  unitsSoldRange: z.string().nullable(),
  topAgeRanges: z.array(z.string()),
  majorGender: z.object({ gender: z.string(), percent: z.number() }).nullable(),
  /** Already in the library: the talent's id. */
  talentId: z.number().int().nullable(),
  blacklisted: z.boolean(),
  /** Invited to this shop within the cool-down: when last. */
  lastInvitedAt: z.string().nullable(),
});
export type FoundCreator = z.infer<typeof foundCreator>;

export const creatorSearchPage = z.object({
  creators: z.array(foundCreator),
  nextPageToken: z.string().nullable(),
  searchKey: z.string().nullable(),
});
export type CreatorSearchPage = z.infer<typeof creatorSearchPage>;

export const addFoundCreatorsBody = z.object({
  shopId: z
    .number({ error: 'validation.shopRequired' })
    .int({ error: 'validation.shopRequired' })
    .positive({ error: 'validation.shopRequired' })
    // Shop ids are 32-bit in the database: a larger one cannot exist (and would fail the query).
    .max(2 ** 31 - 1, { error: 'validation.shopRequired' }),
  /** Creators of this account's recent searches on this shop (their data is the platform's). */
  openIds: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'validation.creatorOpenIdFormat' }))
    .min(1, { error: 'validation.creatorsRequired' })
    .max(CREATOR_ADD_MAX, { error: 'validation.creatorsMax' }),
});
export type AddFoundCreatorsBody = z.infer<typeof addFoundCreatorsBody>;

const addedTalent = z.object({ openId: z.string(), talentId: z.number().int(), name: z.string() });

export const addFoundCreatorsResult = z.object({
  /** Added to the library now. */
  added: z.array(addedTalent),
  /** Already in the library (by handle or open id): left as they are. */
  existing: z.array(addedTalent),
  /** Not among this account's recent results on the shop: search again. */
  unknown: z.array(z.string()),
});
export type AddFoundCreatorsResult = z.infer<typeof addFoundCreatorsResult>;

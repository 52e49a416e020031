import { createHash } from 'node:crypto';
import type { Executor } from '../../../db/client.ts';
import { creatorByOpenId, creatorsIn, currencyOf, type SandboxCreator } from './creators.ts';
import { invalidParam, ttsErrors, TtsRefusal } from './errors.ts';
import type { ApiContext } from './gateway.ts';
import { numericId } from './ids.ts';
import * as repo from './repository.ts';
import type { TikTokShopSandbox } from './sandbox.ts';
import { planReply, replyText, seededId } from './behaviour.ts';
import { planCollaboration } from './loop.ts';
import { quotaWeek, shopDay } from './time.ts';
import {
  characters,
  integerIn,
  nextPageToken,
  objectBody,
  optionalBoolean,
  optionalObject,
  optionalString,
  pageOffset,
  pageSize,
  requiredArray,
  requiredBoolean,
  requiredString,
  type Body,
} from './validate.ts';

/**
 * The affiliate seller endpoints, as their reference pages describe them (202508 for
 * creators, target collaborations and conversations, 202412 for messages; mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/*.spec.json),
 * with the platform's rules the sandbox plays (README.md).
 */

/** Collaboration names: at most 30 characters (the seller center's counter reads 0/30). */
export const COLLABORATION_NAME_MAX = 30;
/** Documents give no limit for the message; the sandbox takes 500 characters (README.md). */
export const COLLABORATION_MESSAGE_MAX = 500;
export const MAX_CREATORS = 50;
export const MAX_PRODUCTS = 100;
/** Hundredths of a percent: 1.00 % to 80.00 % (query-target-collaboration-detail: "[100, 8000]"). */
export const COMMISSION_RANGE = { min: 100, max: 8000 };
export const TEXT_MESSAGE_MAX = 2000;

/**
 * Words the platform's review refuses (50001703). The real list is not published; these
 * stand for it (README.md): off-platform contact and guaranteed-earnings claims.
 */
export const sensitiveWords = [
  'whatsapp',
  'wechat',
  'telegram',
  'guaranteed income',
  'get rich quick',
  'fake followers',
  '加微信',
  '刷单',
  '返现',
];

export function containsSensitiveWord(text: string): boolean {
  const lower = text.toLowerCase();
  return sensitiveWords.some((word) => lower.includes(word));
}

function shopOf(ctx: ApiContext): repo.SandboxShop {
  return ctx.shop!;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// --- Get Authorized Shops (202309) ---------------------------------------------------------

export async function authorizedShops(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const shops = await repo.shopsOfSeller(sandbox.db, ctx.authorization.sellerKey);
  return {
    shops: shops.map((s) => ({
      id: s.id,
      name: s.name,
      region: s.region,
      seller_type: s.sellerType,
      cipher: s.cipher,
      code: s.code,
    })),
  };
}

// --- Seller Search Creator on Marketplace (202508) ----------------------------------------

function gmvRangeOf(amount: number) {
  const bounds: Array<[number, number | null, string]> = [
    [0, 100, 'GMV_RANGE_0_100'],
    [100, 1000, 'GMV_RANGE_100_1000'],
    [1000, 10_000, 'GMV_RANGE_1000_10000'],
    [10_000, null, 'GMV_RANGE_10000_AND_ABOVE'],
  ];
  return bounds.find(([min, max]) => amount >= min && (max === null || amount <= max))!;
}

function unitsRangeOf(units: number) {
  const bounds: Array<[number, number | null, string]> = [
    [0, 10, 'UNITS_SOLD_RANGE_0_10'],
    [10, 100, 'UNITS_SOLD_RANGE_10_100'],
    [100, 1000, 'UNITS_SOLD_RANGE_100_1000'],
    [1000, null, 'UNITS_SOLD_RANGE_1000_AND_ABOVE'],
  ];
  return bounds.find(([min, max]) => units >= min && (max === null || units <= max))!;
}

function money(amount: number): string {
  return amount.toFixed(2);
}

/**
 * US creators who share no precise data (every third) come with ranges instead of amounts
 * ("gmv_range: applicable if the target market is the US and the creator does not
 * authorize sharing precise data").
 */
function creatorView(c: SandboxCreator) {
  const currency = currencyOf(c.region);
  const precise = !(c.region === 'US' && c.n % 3 === 0);
  const [gMin, gMax] = gmvRangeOf(c.gmv);
  const [uMin, uMax] = unitsRangeOf(c.unitsSold);
  const symbol = currency === 'USD' ? '$' : currency === 'GBP' ? '£' : '€';
  return {
    username: c.username,
    nickname: c.nickname,
    selection_region: c.region,
    category_ids: c.categoryIds,
    avg_ec_live_uv: c.avgLiveUv,
    avg_ec_video_view_count: c.avgVideoViews,
    follower_count: c.followerCount,
    ...(precise
      ? {
          gmv: { currency, amount: money(c.gmv) },
          live_gmv: { currency, amount: money(c.liveGmv) },
          video_gmv: { currency, amount: money(c.videoGmv) },
        }
      : {
          gmv_range: {
            currency,
            minimum_amount: money(gMin),
            maximum_amount: money(gMax ?? Math.max(gMin, c.gmv)),
            formatted_range:
              gMax === null ? `${symbol}${gMin}+` : `${symbol}${gMin}-${symbol}${gMax}`,
          },
          units_sold_range: {
            minimum_amount: uMin,
            maximum_amount: uMax ?? Math.max(uMin, c.unitsSold),
            formatted_range: uMax === null ? `${uMin}+` : `${uMin}-${uMax}`,
          },
        }),
    top_follower_demographics: {
      age_ranges: c.ageRanges,
      major_gender: { gender: c.majorGender, percentage: c.majorGenderPercentage },
    },
    creator_open_id: c.openId,
  };
}

function stringList(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalidParam(`${field} must be an array of strings.`);
  return value as string[];
}

export async function searchCreators(_sandbox: TikTokShopSandbox, ctx: ApiContext) {
  // page_size "must be 12 or 20" (required); page_token in the query.
  const size = pageSize(ctx.query, [12, 20], null);
  const offset = pageOffset(ctx.query);
  const body: Body = ctx.body === undefined ? {} : objectBody(ctx.body);
  const keyword = optionalString(body, 'keyword')?.trim().toLowerCase();
  const demographics = optionalObject(body, 'follower_demographics');
  const countRange = demographics
    ? optionalObject(demographics, 'count_range', 'follower_demographics.count_range')
    : undefined;
  const countGe = countRange
    ? integerIn(countRange, 'count_ge', { min: 0, max: Number.MAX_SAFE_INTEGER }, 'count_ge', false)
    : undefined;
  const countLeRaw = countRange ? countRange.count_le : undefined;
  if (
    countLeRaw !== undefined &&
    countLeRaw !== null &&
    (typeof countLeRaw !== 'number' || !Number.isInteger(countLeRaw))
  )
    throw invalidParam('count_le must be an integer.');
  // "If a value less than 0 is passed, it means that the field will not be filtered."
  const countLe = typeof countLeRaw === 'number' && countLeRaw >= 0 ? countLeRaw : undefined;
  const ages = demographics ? stringList(demographics.age_ranges, 'age_ranges') : undefined;
  const genderFilter = demographics
    ? optionalObject(
        demographics,
        'gender_distribution',
        'follower_demographics.gender_distribution',
      )
    : undefined;
  const gender = genderFilter ? optionalString(genderFilter, 'gender')?.toUpperCase() : undefined;
  const genderAtLeast = genderFilter
    ? integerIn(genderFilter, 'percentage_ge', { min: 0, max: 10_000 }, 'percentage_ge', false)
    : undefined;
  const gmvRanges = stringList(body.gmv_ranges, 'gmv_ranges');
  const unitsRanges = stringList(body.units_sold_ranges, 'units_sold_ranges');

  const matches = creatorsIn(shopOf(ctx).region).filter((c) => {
    if (
      keyword &&
      !c.username.toLowerCase().includes(keyword) &&
      !c.nickname.toLowerCase().includes(keyword)
    )
      return false;
    if (countGe !== undefined && c.followerCount < countGe) return false;
    if (countLe !== undefined && c.followerCount > countLe) return false;
    if (ages?.length && !ages.some((a) => c.ageRanges.includes(a))) return false;
    if (gender) {
      const share =
        c.majorGender === gender ? c.majorGenderPercentage : 10_000 - c.majorGenderPercentage;
      if (share < (genderAtLeast ?? 0)) return false;
    }
    if (gmvRanges?.length && !gmvRanges.includes(gmvRangeOf(c.gmv)[2])) return false;
    if (unitsRanges?.length) {
      const range = unitsRangeOf(c.unitsSold)[2];
      // The sample request spells the last range UNITS_SOLD_RANGE_OVER_1000: both are read.
      const alias =
        range === 'UNITS_SOLD_RANGE_1000_AND_ABOVE' ? 'UNITS_SOLD_RANGE_OVER_1000' : range;
      if (!unitsRanges.includes(range) && !unitsRanges.includes(alias)) return false;
    }
    return true;
  });
  const page = matches.slice(offset, offset + size);
  const searchKey = createHash('sha256')
    .update(
      JSON.stringify([
        shopOf(ctx).region,
        keyword,
        countGe,
        countLe,
        ages,
        gender,
        genderAtLeast,
        gmvRanges,
        unitsRanges,
      ]),
    )
    .digest('base64');
  return {
    ...(offset + size < matches.length ? { next_page_token: nextPageToken(offset + size) } : {}),
    search_key: searchKey,
    creators: page.map(creatorView),
  };
}

// --- Create Target Collaboration (202508) --------------------------------------------------

interface CollaborationRequest {
  name: string;
  message: string;
  endTime: Date;
  products: Array<{
    id: string;
    targetCommissionRate: number;
    shopAdsCommissionRate: number | null;
  }>;
  creatorOpenIds: string[];
  email: string;
  hasFreeSample: boolean;
  isSampleApprovalExempt: boolean;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

function readCollaboration(raw: unknown, now: Date): CollaborationRequest {
  const body = objectBody(raw);
  const name = requiredString(body, 'name');
  if (!name.trim()) throw invalidParam('name is a required field and has not been provided.');
  if (characters(name) > COLLABORATION_NAME_MAX)
    throw invalidParam(`name must be at most ${COLLABORATION_NAME_MAX} characters.`);
  const message = optionalString(body, 'message') ?? '';
  if (characters(message) > COLLABORATION_MESSAGE_MAX)
    throw invalidParam(`message must be at most ${COLLABORATION_MESSAGE_MAX} characters.`);
  // `end_time` is a string of epoch seconds ("type": "string", sample "1715654330").
  const endText = requiredString(body, 'end_time');
  if (!/^\d{1,12}$/.test(endText))
    throw invalidParam('end_time must be a Unix timestamp in seconds, as a string.');
  const endTime = new Date(Number(endText) * 1000);
  if (endTime <= now) throw invalidParam('end_time must be later than the current time.');

  const productsRaw = requiredArray(body, 'products', MAX_PRODUCTS);
  const seen = new Set<string>();
  const products = productsRaw.map((item, i) => {
    const p = objectBody(item, `products[${i}]`);
    const id = requiredString(p, 'id', `products[${i}].id`);
    if (seen.has(id)) throw invalidParam(`products[${i}].id ${id} is given twice.`);
    seen.add(id);
    const rate = integerIn(
      p,
      'target_commission_rate',
      COMMISSION_RANGE,
      `products[${i}].target_commission_rate`,
    )!;
    const ads = integerIn(
      p,
      'shop_ads_commission_rate',
      COMMISSION_RANGE,
      `products[${i}].shop_ads_commission_rate`,
      false,
    );
    return { id, targetCommissionRate: rate, shopAdsCommissionRate: ads ?? null };
  });

  const creatorsRaw = requiredArray(body, 'creator_user_open_ids', MAX_CREATORS);
  const creatorOpenIds: string[] = [];
  for (const [i, value] of creatorsRaw.entries()) {
    if (typeof value !== 'string' || !value)
      throw invalidParam(`creator_user_open_ids[${i}] must be a string.`);
    if (creatorOpenIds.includes(value))
      throw invalidParam(`creator_user_open_ids[${i}] ${value} is given twice.`);
    creatorOpenIds.push(value);
  }

  const contact = optionalObject(body, 'seller_contact_info');
  if (!contact)
    throw invalidParam('seller_contact_info is a required field and has not been provided.');
  const email = requiredString(contact, 'email', 'seller_contact_info.email');
  if (!EMAIL.test(email))
    throw invalidParam('seller_contact_info.email is not a valid email address.');

  const rule = optionalObject(body, 'free_sample_rule');
  if (!rule) throw invalidParam('free_sample_rule is a required field and has not been provided.');
  const hasFreeSample = requiredBoolean(
    rule,
    'has_free_sample',
    'free_sample_rule.has_free_sample',
  );
  const isSampleApprovalExempt = requiredBoolean(
    rule,
    'is_sample_approval_exempt',
    'free_sample_rule.is_sample_approval_exempt',
  );
  return {
    name,
    message,
    endTime,
    products,
    creatorOpenIds,
    email,
    hasFreeSample,
    isSampleApprovalExempt,
  };
}

/** Products of the request that are the shop's and on sale: else 16024008 / 50001702. */
async function checkProducts(sandbox: TikTokShopSandbox, shop: repo.SandboxShop, ids: string[]) {
  const found = await repo.productsByIds(sandbox.db, ids);
  const own = new Map(found.filter((p) => p.shopId === shop.id).map((p) => [p.id, p]));
  const foreign = ids.filter((id) => !own.has(id));
  if (foreign.length)
    throw new TtsRefusal(ttsErrors.productNotOwned, `product_id: ${foreign.join(', ')}`);
  const unavailable = ids.filter((id) => own.get(id)!.status !== 'LIVE');
  if (unavailable.length)
    throw new TtsRefusal(ttsErrors.unavailable, `product_id: ${unavailable.join(', ')}`);
  return own;
}

/**
 * The creators' own obstacles, one kind at a time, naming them. `shop` is the locked row:
 * its follower limit is the one in force.
 */
function checkCreators(shop: repo.SandboxShop, openIds: string[]): SandboxCreator[] {
  const creators = openIds.map((id) => creatorByOpenId(id));
  const unknown = openIds.filter((id, i) => !creators[i] || creators[i]!.region !== shop.region);
  if (unknown.length)
    throw new TtsRefusal(ttsErrors.unavailable, `creator_user_open_id: ${unknown.join(', ')}`);
  const known = creators as SandboxCreator[];
  const pick = (test: (c: SandboxCreator) => boolean) => known.filter(test).map((c) => c.openId);
  const excluded = pick((c) => c.trait === 'excluded');
  if (excluded.length)
    throw new TtsRefusal(ttsErrors.excludedCreator, `creator_user_open_id: ${excluded.join(', ')}`);
  const linked = pick((c) => c.trait === 'linkedToShop');
  if (linked.length)
    throw new TtsRefusal(
      ttsErrors.creatorLinkedToShop,
      `creator_user_open_id: ${linked.join(', ')}`,
    );
  const tooBig = pick((c) => c.followerCount > shop.followerLimit);
  if (tooBig.length)
    throw new TtsRefusal(ttsErrors.followerLimit, `creator_user_open_id: ${tooBig.join(', ')}`);
  return known;
}

/**
 * Takes quota for the creators who need it: a creator not connected to the shop and not
 * yet counted this week uses one of the week's quota, then of the starter pack
 * ("Connected creators … are exempt from weekly limits"; "Messaging the same creator
 * multiple times in a week counts once against quota"). Returns false when there is not
 * enough for all of them (and takes nothing).
 */
async function takeQuota(tx: Executor, shop: repo.SandboxShop, creatorIds: string[], now: Date) {
  const { week } = quotaWeek(now, shop.timeZone);
  const connected = await repo.connectedAmong(tx, shop.id, creatorIds, now);
  const counted = await repo.countedInWeek(tx, shop.id, week, creatorIds);
  const needing = creatorIds.filter((id) => !connected.has(id) && !counted.has(id));
  if (!needing.length) return true;
  const used = await repo.weeklyQuotaUsed(tx, shop.id, week);
  const weekLeft = Math.max(0, shop.weeklyQuota - used);
  if (needing.length > weekLeft + shop.starterPackRemaining) return false;
  const fromPack = Math.max(0, needing.length - weekLeft);
  await repo.insertQuotaUses(
    tx,
    needing.map((creatorOpenId, i) => ({
      shopId: shop.id,
      week,
      creatorOpenId,
      fromStarterPack: i >= weekLeft,
      usedAt: now,
    })),
  );
  if (fromPack)
    await repo.updateShop(tx, shop.id, {
      starterPackRemaining: shop.starterPackRemaining - fromPack,
    });
  return true;
}

export async function createTargetCollaboration(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const shop = shopOf(ctx);
  const request = readCollaboration(ctx.body, ctx.now);
  if (containsSensitiveWord(request.name) || containsSensitiveWord(request.message))
    throw new TtsRefusal(ttsErrors.sensitiveWords);
  const catalogue = await checkProducts(
    sandbox,
    shop,
    request.products.map((p) => p.id),
  );

  return sandbox.db.transaction(async (tx) => {
    const locked = await repo.lockShop(tx, shop.id);
    const creators = checkCreators(locked, request.creatorOpenIds);
    const now = ctx.now;
    if (await repo.nameInUse(tx, shop.id, request.name, now))
      throw new TtsRefusal(
        ttsErrors.duplicateName,
        `name: a running target collaboration is already named "${request.name}".`,
      );
    const day = shopDay(now, locked.timeZone);
    const today = await repo.createdOnDay(tx, shop.id, day);
    if (today.collaborations >= locked.dailyCollaborationLimit)
      throw new TtsRefusal(ttsErrors.dailyCollaborationLimit);
    if (today.creators + request.creatorOpenIds.length > locked.dailyCreatorLimit)
      throw new TtsRefusal(ttsErrors.dailyCreatorLimit);
    // "A list of user and product identifiers with target collaboration conflicts that
    // caused target collaboration failure": the whole call creates nothing.
    const conflicts = await repo.conflictingPairs(
      tx,
      shop.id,
      request.creatorOpenIds,
      request.products.map((p) => p.id),
      now,
    );
    if (conflicts.length) {
      throw new TtsRefusal(ttsErrors.conflict, undefined, {
        target_collaboration_conflicts: conflicts.map((c) => ({
          creator_user_open_id: c.creatorOpenId,
          product_id: c.productId,
        })),
      });
    }
    if (!(await takeQuota(tx, locked, request.creatorOpenIds, now)))
      throw new TtsRefusal(ttsErrors.insufficientQuota);
    const id = numericId('73');
    await repo.insertCollaboration(tx, {
      id,
      shopId: shop.id,
      name: request.name,
      message: request.message,
      sellerEmail: request.email,
      hasFreeSample: request.hasFreeSample,
      isSampleApprovalExempt: request.isSampleApprovalExempt,
      startTime: now,
      endTime: request.endTime,
      products: request.products,
      ...planCollaboration(
        {
          shopId: shop.id,
          collaborationId: id,
          startTime: now,
          endTime: request.endTime,
          hasFreeSample: request.hasFreeSample,
          products: request.products.map((p) => ({
            ...p,
            price: catalogue.get(p.id)!.minPrice,
            currency: catalogue.get(p.id)!.currency,
          })),
        },
        creators,
        request.isSampleApprovalExempt,
      ),
    });
    await repo.countCreation(tx, shop.id, day.day, request.creatorOpenIds.length);
    return { target_collaboration: { id }, target_collaboration_conflicts: [] };
  });
}

// --- Search Target Collaborations (202508) and Query Target Collaboration Detail ------------

const statuses = ['ONGOING', 'EXPIRING', 'VALID', 'CANCELING', 'COMPLETED'] as const;
const keywordTypes = [
  'PRODUCT_ID',
  'PRODUCT_NAME',
  'TARGET_COLLABORATION_ID',
  'TARGET_COLLABORATION_NAME',
] as const;

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw invalidParam(`${field} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

export async function searchTargetCollaborations(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const size = pageSize(ctx.query, [20, 50, 100], 20);
  const offset = pageOffset(ctx.query);
  const body = objectBody(ctx.body);
  const status = oneOf(
    requiredString(body, 'collaboration_status'),
    statuses,
    'collaboration_status',
  )!;
  const searchParam = optionalObject(body, 'search_param');
  const keywordType = searchParam
    ? oneOf(
        requiredString(searchParam, 'keyword_type', 'search_param.keyword_type'),
        keywordTypes,
        'search_param.keyword_type',
      )
    : undefined;
  const keyword = searchParam
    ? requiredString(searchParam, 'keyword', 'search_param.keyword')
    : undefined;
  const creatorOpenId = optionalString(body, 'creator_user_open_id');
  const sample = oneOf(
    optionalString(body, 'free_sample_setting'),
    ['WITH_FREE_SAMPLE', 'ALL'],
    'free_sample_setting',
  );
  const accept = oneOf(
    optionalString(body, 'creator_accept_status'),
    ['ACCEPT', 'ALL'],
    'creator_accept_status',
  );
  // "ACCEPT": a creator has added the products to the showcase (accepted) by now.
  const { total, rows } = await repo.searchCollaborations(sandbox.db, {
    shopId: shopOf(ctx).id,
    now: ctx.now,
    status,
    keywordType,
    keyword,
    creatorOpenId,
    withFreeSample: sample === 'WITH_FREE_SAMPLE',
    accepted: accept === 'ACCEPT',
    offset,
    limit: size,
  });
  const members = await repo.collaborationMembers(
    sandbox.db,
    rows.map((r) => r.id),
  );
  const counts = await repo.collaborationCounts(
    sandbox.db,
    rows.map((r) => r.id),
    ctx.now,
  );
  return {
    total_count: total,
    ...(offset + size < total ? { next_page_token: nextPageToken(offset + size) } : {}),
    target_collaborations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      message: r.message,
      start_time: seconds(r.startTime),
      end_time: seconds(r.endTime),
      update_time: seconds(r.updateTime),
      // Spelled as the reference spells it in this answer (the detail says creator_invited_count).
      creator_inivited_count: counts.get(r.id)?.invited ?? 0,
      showcase_creator_count: counts.get(r.id)?.showcase ?? 0,
      content_creator_count: counts.get(r.id)?.content ?? 0,
      product_count: members.products.filter((p) => p.link.collaborationId === r.id).length,
      free_sample_rule: {
        has_free_sample: r.hasFreeSample,
        is_sample_approval_exempt: r.isSampleApprovalExempt,
      },
      type: 'STANDARD',
    })),
  };
}

async function ownCollaboration(sandbox: TikTokShopSandbox, ctx: ApiContext, id: string) {
  const row = /^\d{1,30}$/.test(id) ? await repo.collaborationById(sandbox.db, id) : undefined;
  if (!row || row.shopId !== shopOf(ctx).id)
    throw new TtsRefusal(ttsErrors.collaborationNotAccessible);
  return row;
}

export async function targetCollaborationDetail(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  id: string,
) {
  const r = await ownCollaboration(sandbox, ctx, id);
  const members = await repo.collaborationMembers(sandbox.db, [r.id]);
  const status = r.removedAt ? 'DELETED' : 'NORMAL';
  const counts = (await repo.collaborationCounts(sandbox.db, [r.id], ctx.now)).get(r.id);
  const reached = (at: Date | null) => at !== null && at <= ctx.now;
  return {
    target_collaboration: {
      id: r.id,
      name: r.name,
      message: r.message,
      seller_contact_info: { email: r.sellerEmail },
      start_time: seconds(r.startTime),
      end_time: seconds(r.endTime),
      update_time: seconds(r.updateTime),
      creator_invited_count: counts?.invited ?? 0,
      showcase_creator_count: counts?.showcase ?? 0,
      content_creator_count: counts?.content ?? 0,
      product_count: members.products.length,
      free_sample_rule: {
        has_free_sample: r.hasFreeSample,
        is_sample_approval_exempt: r.isSampleApprovalExempt,
      },
      products: members.products.map(({ link, product }) => ({
        id: link.productId,
        title: product?.title ?? '',
        original_price: {
          currency: product?.currency ?? '',
          minimum_amount: product?.minPrice ?? '',
          maximum_amount: product?.maxPrice ?? '',
        },
        commission: {
          rate: link.targetCommissionRate,
          effective_time: String(seconds(r.startTime)),
          currency: product?.currency ?? '',
          ...(link.shopAdsCommissionRate !== null
            ? { shop_ads_commission_rate: link.shopAdsCommissionRate }
            : {}),
        },
        status: product?.status ?? 'PLATFORM_DEACTIVATE',
        commission_effective_status: 'EFFECTIVE_ALL',
        collaboration_status: status,
      })),
      creators: members.creators.map(({ creatorOpenId, answer, answeredAt, contentAt }) => {
        const c = creatorByOpenId(creatorOpenId);
        // Accepting is adding the products to the showcase ("ACCEPT": creators have already
        // added the products to the showcase); a creator who declines leaves: DELETED
        // (README.md, "Choices").
        const accepted = answer === 'ACCEPT' && reached(answeredAt);
        const declined = answer === 'DECLINE' && reached(answeredAt);
        return {
          username: c?.username ?? '',
          nickname: c?.nickname ?? '',
          selection_region: c?.region ?? shopOf(ctx).region,
          showcase_product_count: accepted ? members.products.length : 0,
          content_product_count: reached(contentAt) ? 1 : 0,
          collaboration_status: declined ? 'DELETED' : status,
          product_effective_status: 'EFFECTIVE_ALL',
          creator_open_id: creatorOpenId,
        };
      }),
      type: 'STANDARD',
    },
  };
}

/** Remove Target Collaboration (202409): it stops at once, so its pairs no longer conflict. */
export async function removeTargetCollaboration(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  id: string,
) {
  await ownCollaboration(sandbox, ctx, id);
  await repo.removeCollaboration(sandbox.db, id, ctx.now);
  return {};
}

// --- conversations and messages -----------------------------------------------------------

/** The IM id of a creator or of a shop: digits derived from its id. */
function imId(of: string): string {
  const n = createHash('sha256').update(`im:${of}`).digest().readBigUInt64BE(0) % 10n ** 18n;
  return `2${String(n).padStart(18, '0')}`;
}

/** Create Conversation with Creator (202508): the existing one, or a new one (quota). */
export async function createConversation(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const shop = shopOf(ctx);
  const body = objectBody(ctx.body);
  const openId = requiredString(body, 'creator_open_id');
  const onlyId = optionalBoolean(body, 'only_need_conversation_id') ?? true;
  const creator = creatorByOpenId(openId);
  if (!creator) throw new TtsRefusal(ttsErrors.creatorCleared);
  if (creator.region !== shop.region) throw new TtsRefusal(ttsErrors.regionMismatch);
  const result = await sandbox.db.transaction(async (tx) => {
    const locked = await repo.lockShop(tx, shop.id);
    const existing = await repo.conversationWith(tx, shop.id, openId);
    if (existing) return { conversation: existing, isNew: false };
    // Invitations and new conversations share the weekly quota.
    if (!(await takeQuota(tx, locked, [openId], ctx.now))) throw new TtsRefusal(ttsErrors.imQuota);
    return repo.openConversation(tx, {
      id: numericId('74'),
      shopId: shop.id,
      creatorOpenId: openId,
      createdAt: ctx.now,
    });
  });
  if (onlyId) return { conversation_id: result.conversation.id };
  return {
    conversation_id: result.conversation.id,
    is_new: result.isNew,
    username: creator.username,
    avatar: '',
    unread_count: 0,
    creator_im_id: imId(creator.openId),
  };
}

/** Get Conversation List (202412): newest first; `conversation_status` ALL, UNREAD or UNREPLIED. */
export async function conversationList(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const size = pageSize(ctx.query, { max: 50 }, null);
  const offset = pageOffset(ctx.query);
  const onlyId = ctx.query.get('only_need_conversation_id') !== 'false';
  const status =
    oneOf(
      ctx.query.get('conversation_status'),
      ['ALL', 'UNREAD', 'UNREPLIED'] as const,
      'conversation_status',
    ) ?? 'ALL';
  await deliverReplies(sandbox, { shopId: shopOf(ctx).id }, ctx.now);
  const rows = await repo.conversationsOfShop(sandbox.db, shopOf(ctx).id, status, offset, size + 1);
  const page = rows.slice(0, size);
  return {
    has_more: rows.length > size,
    ...(rows.length > size ? { next_page_token: nextPageToken(offset + size) } : {}),
    conversations: page.map(({ conversation: c, unread }) => {
      if (onlyId) return { id: c.id };
      const creator = creatorByOpenId(c.creatorOpenId);
      return {
        id: c.id,
        unread_count: unread,
        username: creator?.username ?? '',
        avatar: '',
        creator_im_id: imId(c.creatorOpenId),
      };
    }),
  };
}

/** Mark Conversation Read (202412, path `conversatons/read` as documented): up to 20 ids. */
export async function markConversationsRead(sandbox: TikTokShopSandbox, ctx: ApiContext) {
  const body = objectBody(ctx.body);
  const ids = requiredArray(body, 'conversation_ids', 20).map((v, i) => {
    // The documents' sample sends numbers; ids are strings elsewhere: both are read.
    if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
    if (typeof v !== 'string' || !v) throw invalidParam(`conversation_ids[${i}] must be a string.`);
    return v;
  });
  await deliverReplies(sandbox, { shopId: shopOf(ctx).id }, ctx.now);
  const done = new Set(await repo.markRead(sandbox.db, shopOf(ctx).id, ids));
  return { failed_conversation_ids: ids.filter((id) => !done.has(id)) };
}

/** Writes the creators' replies whose time has come (behaviour.ts `planReply`). */
async function deliverReplies(
  sandbox: TikTokShopSandbox,
  where: { shopId: string } | { conversationId: string },
  now: Date,
) {
  // The reply answers the seller's messages so far (the one that asked for it is the last
  // but any sent while it was coming).
  await repo.deliverReplies(sandbox.db, where, now, (row, sellerMessages) => ({
    id: seededId(`${row.id}:reply:${sellerMessages}`, 19, '745'),
    text: replyText(row.shopId, row.id, row.creatorOpenId, Math.max(0, sellerMessages - 1)),
  }));
}

const messageTypes = [
  'TEXT',
  'PRODUCT_CARD',
  'TARGET_COLLABORATION_CARD',
  'FREE_SAMPLE_CARD',
  'IMAGE',
] as const;

async function ownConversation(sandbox: TikTokShopSandbox, ctx: ApiContext, id: string) {
  const row = /^\d{1,30}$/.test(id) ? await repo.conversationById(sandbox.db, id) : undefined;
  if (!row || row.shopId !== shopOf(ctx).id)
    throw invalidParam(`conversation_id ${id} does not exist in this shop.`);
  return row;
}

/**
 * Send IM Message (202412): `content` is a JSON string whose shape depends on `msg_type`
 * (TEXT {"content"}, PRODUCT_CARD {"product_id"}, TARGET_COLLABORATION_CARD
 * {"target_collaboration_id"}, FREE_SAMPLE_CARD {"apply_id"}, IMAGE {"url", …}).
 */
export async function sendMessage(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  conversationId: string,
) {
  const conversation = await ownConversation(sandbox, ctx, conversationId);
  const body = objectBody(ctx.body);
  const type = oneOf(requiredString(body, 'msg_type'), messageTypes, 'msg_type')!;
  const contentText = requiredString(body, 'content');
  let content: Body;
  try {
    content = objectBody(JSON.parse(contentText), 'content');
  } catch (error) {
    if (error instanceof TtsRefusal) throw error;
    throw invalidParam('content must be a JSON serialized string.');
  }
  if (type === 'TEXT') {
    const text = requiredString(content, 'content', 'content.content');
    if (characters(text) > TEXT_MESSAGE_MAX)
      throw invalidParam(`content.content must be at most ${TEXT_MESSAGE_MAX} characters.`);
    if (containsSensitiveWord(text)) throw new TtsRefusal(ttsErrors.sensitiveWords);
  } else if (type === 'PRODUCT_CARD') {
    const productId = requiredString(content, 'product_id', 'content.product_id');
    const [product] = await repo.productsByIds(sandbox.db, [productId]);
    if (!product || product.shopId !== shopOf(ctx).id)
      throw new TtsRefusal(ttsErrors.productNotOwned, `product_id: ${productId}`);
  } else if (type === 'TARGET_COLLABORATION_CARD') {
    const id = requiredString(
      content,
      'target_collaboration_id',
      'content.target_collaboration_id',
    );
    await ownCollaboration(sandbox, ctx, id);
  } else if (type === 'FREE_SAMPLE_CARD') {
    const applyId = requiredString(content, 'apply_id', 'content.apply_id');
    const application = /^\d{1,30}$/.test(applyId)
      ? await repo.sampleApplicationById(sandbox.db, applyId)
      : undefined;
    if (
      !application ||
      application.shopId !== shopOf(ctx).id ||
      application.createdAt > ctx.now ||
      application.creatorOpenId !== conversation.creatorOpenId
    )
      throw invalidParam('content.apply_id does not exist.');
  } else {
    requiredString(content, 'url', 'content.url');
  }
  // Replies due before this message come before it.
  await deliverReplies(sandbox, { conversationId: conversation.id }, ctx.now);
  const before = await repo.sellerMessageCount(sandbox.db, conversation.id);
  const message = await repo.insertMessage(sandbox.db, {
    id: numericId('745'),
    conversationId: conversation.id,
    msgType: type,
    sender: 'SELLER',
    content: contentText,
    createdAt: ctx.now,
  });
  const creator = creatorByOpenId(conversation.creatorOpenId);
  const reply = creator
    ? planReply(conversation.shopId, conversation.id, creator, before, ctx.now)
    : null;
  if (reply) await repo.scheduleReply(sandbox.db, conversation.id, reply.at);
  return { message_id: message.id };
}

/** Get Message in the Conversation (202412), newest first. */
export async function conversationMessages(
  sandbox: TikTokShopSandbox,
  ctx: ApiContext,
  conversationId: string,
) {
  const conversation = await ownConversation(sandbox, ctx, conversationId);
  const size = pageSize(ctx.query, { max: 20 }, null);
  const offset = pageOffset(ctx.query);
  await deliverReplies(sandbox, { conversationId: conversation.id }, ctx.now);
  const rows = await repo.messagesOf(sandbox.db, conversation.id, offset, size + 1);
  const shopIm = imId(shopOf(ctx).id);
  const creatorIm = imId(conversation.creatorOpenId);
  return {
    has_more: rows.length > size,
    ...(rows.length > size ? { next_page_token: nextPageToken(offset + size) } : {}),
    messages: rows.slice(0, size).map((m) => ({
      conversation_index: String(m.seq),
      message_body: {
        id: m.id,
        conversation_id: conversation.id,
        type: m.msgType,
        content: m.content,
        create_time: seconds(m.createdAt),
        sender_id: m.sender === 'CREATOR' ? creatorIm : shopIm,
      },
    })),
  };
}

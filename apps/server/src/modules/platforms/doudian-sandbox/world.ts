import { createHash } from 'node:crypto';

/**
 * The sandbox's world: its shops and their products, its 达人 with their 百应IDs, and the
 * 团长 activities open to the shops. Everything is generated from numbers, so it is the
 * same in every installation and test.
 */

export interface SandboxShopSeed {
  id: string;
  name: { 'zh-CN': string; 'en-US': string };
  category: { 'zh-CN': string; 'en-US': string };
}

/** The two shops the authorization page offers (抖店 shop ids are 8-digit numbers). */
export const sandboxShops: readonly SandboxShopSeed[] = [
  {
    id: '68314201',
    name: { 'zh-CN': '沙箱家居旗舰店', 'en-US': 'Sandbox Home Flagship Store' },
    category: { 'zh-CN': '家居日用', 'en-US': 'Home & living' },
  },
  {
    id: '68314202',
    name: { 'zh-CN': '沙箱美妆专营店', 'en-US': 'Sandbox Beauty Store' },
    category: { 'zh-CN': '美妆个护', 'en-US': 'Beauty & personal care' },
  },
];

export function shopSeed(shopId: string): SandboxShopSeed | undefined {
  return sandboxShops.find((s) => s.id === shopId);
}

export interface ShopLimits {
  inAlliance: boolean;
  promotionClosed: boolean;
  dailyAuthorLimit: number;
  planAuthorLimit: number;
}

/** Chosen (README.md "Choices"): the documents publish no per-shop numbers. */
export const defaultShopLimits: ShopLimits = {
  inAlliance: true,
  promotionClosed: false,
  dailyAuthorLimit: 2000,
  planAuthorLimit: 1000,
};

export const PRODUCTS_PER_SHOP = 12;
/** Product number 12 of every shop is off the shelf ("无效商品ID" for a plan). */
export const OFF_SHELF_PRODUCT_INDEX = 12;

/** 19-digit product ids like the documents' `3482204602722574252`. */
export function productId(shopId: string, n: number): string {
  return `34${shopId}${String(n).padStart(9, '0')}`;
}

export function productSeeds(shopId: string) {
  return Array.from({ length: PRODUCTS_PER_SHOP }, (_, i) => {
    const n = i + 1;
    return {
      id: productId(shopId, n),
      shopId,
      name: `沙箱商品 ${shopId}-${n}`,
      priceFen: 1990 + n * 1000,
      status: n === OFF_SHELF_PRODUCT_INDEX ? 'off_shelf' : 'on_sale',
    };
  });
}

// --- 达人 ----------------------------------------------------------------------------

/** How many 达人 the sandbox knows. */
export const AUTHOR_COUNT = 3000;
/**
 * 百应IDs: 16-digit numbers below 2^53, so a JSON number carries them exactly (the API
 * types them int64: `buyin_ids` List<long>).
 */
const BUYIN_BASE = 1_690_000_000_000_000;
const BUYIN_STEP = 7_919;

export function buyinId(n: number): string {
  return String(BUYIN_BASE + n * BUYIN_STEP);
}

/** The number of a 百应ID, or null when no sandbox 达人 has it. */
export function authorNumber(id: string): number | null {
  if (!/^\d{1,19}$/.test(id)) return null;
  const value = Number(id) - BUYIN_BASE;
  if (!Number.isSafeInteger(value) || value <= 0 || value % BUYIN_STEP !== 0) return null;
  const n = value / BUYIN_STEP;
  return n >= 1 && n <= AUTHOR_COUNT ? n : null;
}

/**
 * Special 达人, by `n % 50` (README.md): 7 closed to targeted plans, 17 whose account is
 * restricted by the platform, 27 not accepting any cooperation from shops.
 */
export type AuthorTrait = 'closed_to_plans' | 'restricted' | 'no_cooperation' | null;

export function authorTrait(n: number): AuthorTrait {
  const r = n % 50;
  return r === 7 ? 'closed_to_plans' : r === 17 ? 'restricted' : r === 27 ? 'no_cooperation' : null;
}

export interface SandboxAuthor {
  buyinId: string;
  /** 抖音号 (`short_id` of alliance orders): the sandbox's own numbers. */
  shortId: string;
  /** The 百应 page's `uid` (达人广场 cards, `daren-profile?uid=`). */
  uid: string;
  nickname: string;
  /** 带货等级 0–6 (a plan's `author_level` asks for 3, 4, 5 or 6 and above). */
  level: number;
  fans: number;
  trait: AuthorTrait;
}

const surnames = ['小', '阿', '大', '老', '甜', '酷'];
const words = ['好物', '种草', '生活', '穿搭', '美食', '家居', '美妆', '宝妈', '数码', '旅行'];

export function sandboxAuthor(n: number): SandboxAuthor {
  const level = n % 7;
  return {
    buyinId: buyinId(n),
    shortId: String(60_000_000 + n * 37),
    uid: `v2_${((n * 2654435761) % 4294967296).toString(36).padStart(7, '0')}${n.toString(36)}`,
    nickname: `${surnames[n % surnames.length]}${words[(n >> 1) % words.length]}达人${n}`,
    level,
    fans: 1000 + ((n * 7919) % 3_000_000),
    trait: authorTrait(n),
  };
}

// --- seeded behaviour ----------------------------------------------------------------

/** A number 0 … 2^32-1 from the text: the same in every installation and run. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Of every thousand ordinary 达人, how many apply to a plan open to applications. */
const APPLY_PER_MILLE = 20;
/** Applications arrive within a day of the plan's start, more of them early. */
const APPLY_WITHIN_SECONDS = 86_400;

const applyWords = ['想带这款商品', '粉丝很喜欢这类好物', '已有同类带货经验', '申请加入定向计划'];

export interface SandboxApplicant {
  n: number;
  buyinId: string;
  /** Seconds after the plan's start. */
  afterSeconds: number;
  applyInfo: string;
  contactPhone: string;
}

/**
 * The 达人 who apply to a plan by themselves, by a seed of the plan id and the 达人: about 2 %
 * of the ordinary 达人 (none of the special ones, none below the plan's level), each at a
 * fixed delay after the plan's start (the square of a uniform draw: a few within minutes,
 * most within the day). Whether they wait for review is the plan's `audit_type`.
 */
export function planApplicants(planId: string, minLevel: number): SandboxApplicant[] {
  const out: SandboxApplicant[] = [];
  for (let n = 1; n <= AUTHOR_COUNT; n++) {
    const author = sandboxAuthor(n);
    if (author.trait !== null || author.level < minLevel) continue;
    const h = seedOf(`apply|${planId}|${n}`);
    if (h % 1000 >= APPLY_PER_MILLE) continue;
    const u = (Math.floor(h / 1000) % 10_000) / 10_000;
    out.push({
      n,
      buyinId: author.buyinId,
      afterSeconds: 1 + Math.floor(u * u * (APPLY_WITHIN_SECONDS - 1)),
      applyInfo: applyWords[h % applyWords.length]!,
      contactPhone: `1390${String(n).padStart(7, '0')}`,
    });
  }
  return out.sort((a, b) => a.afterSeconds - b.afterSeconds || a.n - b.n);
}

export interface SandboxOrderSeed {
  /** 0-based number of the order among the 达人's orders of the plan. */
  index: number;
  /** Seconds after the 达人 joined the plan. */
  afterSeconds: number;
  quantity: number;
  /** Refunded a day after payment instead of being received. */
  refunded: boolean;
}

/** At most this many orders per 达人 and plan. */
export const MAX_ORDERS_PER_MEMBER = 3;

/**
 * The orders a 达人 in force in a plan sells, by a seed of the row's `apply_id`: 0–3 orders,
 * the first within hours of joining (the square of a uniform draw over two days), one in ten
 * refunded.
 */
export function memberOrders(applyId: number): SandboxOrderSeed[] {
  const count = seedOf(`orders|${applyId}`) % (MAX_ORDERS_PER_MEMBER + 1);
  return Array.from({ length: count }, (_, index) => {
    const h = seedOf(`order|${applyId}|${index}`);
    const u = (h % 10_000) / 10_000;
    return {
      index,
      afterSeconds: 60 + Math.floor(u * u * 2 * 86_400),
      quantity: 1 + (Math.floor(h / 10_000) % 2),
      refunded: Math.floor(h / 100_000) % 10 === 0,
    };
  }).sort((a, b) => a.afterSeconds - b.afterSeconds || a.index - b.index);
}

// --- 团长 activities ---------------------------------------------------------------

export interface SandboxActivity {
  activityId: string;
  activityName: string;
  institutionName: string;
  institutionId: string;
  /** The 团长's 百应ID: the talent of a group leader task. */
  colonelBuyinId: string;
  wechatId: string;
  phoneNum: string;
  /** Lowest commission and service rates the activity asks, in percent. */
  commissionRate: number;
  serviceRate: number;
  activityDesc: string;
  /** Applications are open (false: "活动报名时间已结束"). */
  applyOpen: boolean;
  /** 0 专属招商, 1 公开招商 */
  activityKind: 0 | 1;
}

/** A few 团长 activities: three open for applications, one whose application time ended. */
export const sandboxActivities: readonly SandboxActivity[] = [
  {
    activityId: '7301000000000000001',
    activityName: '沙箱好物节 · 家居专场',
    institutionName: '沙箱星选团长',
    institutionId: '7100000000000001',
    colonelBuyinId: buyinId(3001),
    wechatId: 'sandbox_colonel_1',
    phoneNum: '13800000001',
    commissionRate: 10,
    serviceRate: 5,
    activityDesc: '沙箱活动：家居日用好物招商',
    applyOpen: true,
    activityKind: 1,
  },
  {
    activityId: '7301000000000000002',
    activityName: '沙箱美妆周',
    institutionName: '沙箱美妆联盟',
    institutionId: '7100000000000002',
    colonelBuyinId: buyinId(3002),
    wechatId: 'sandbox_colonel_2',
    phoneNum: '13800000002',
    commissionRate: 20,
    serviceRate: 10,
    activityDesc: '沙箱活动：美妆个护招商',
    applyOpen: true,
    activityKind: 1,
  },
  {
    activityId: '7301000000000000003',
    activityName: '沙箱直播间专属招商',
    institutionName: '沙箱直播团长',
    institutionId: '7100000000000003',
    colonelBuyinId: buyinId(3003),
    wechatId: 'sandbox_colonel_3',
    phoneNum: '13800000003',
    commissionRate: 15,
    serviceRate: 8,
    activityDesc: '沙箱活动：专属招商',
    applyOpen: true,
    activityKind: 0,
  },
  {
    activityId: '7301000000000000004',
    activityName: '沙箱年货节（报名已结束）',
    institutionName: '沙箱星选团长',
    institutionId: '7100000000000001',
    colonelBuyinId: buyinId(3001),
    wechatId: 'sandbox_colonel_1',
    phoneNum: '13800000001',
    commissionRate: 10,
    serviceRate: 5,
    activityDesc: '沙箱活动：报名时间已结束',
    applyOpen: false,
    activityKind: 1,
  },
];

export function activityById(id: string): SandboxActivity | undefined {
  return sandboxActivities.find((a) => a.activityId === id);
}

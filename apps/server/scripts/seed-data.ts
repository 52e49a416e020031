import {
  contactMethods,
  industries,
  settableTalentStatuses,
  talentTiers,
  type TalentStatus,
} from '@inviteflow/contract';
import { nameGrams } from '../src/modules/talents/name-grams.ts';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same data set. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

const surnames = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const givenChars = [
  ...'子涵欣怡梓萱一诺依诺雨桐可馨诗涵梦琪思彤佳琪浩宇宇轩子轩浩然俊杰明轩皓轩天佑博文晨阳嘉怡雅婷晓燕丽娜美玲小雪春花秋月文静志强建华伟国',
];
const nicknameStarts = ['小', '阿', '大', '老', '胖', '甜甜的', '爱吃的', '会穿的', '种草', '好物'];
const nicknameEnds = [
  '同学',
  '酱',
  '姐姐',
  '哥',
  '妈妈',
  '日记',
  '小铺',
  '的生活',
  '测评',
  '推荐官',
];
const topicWords = [
  '美妆',
  '穿搭',
  '美食',
  '家居',
  '数码',
  '母婴',
  '健身',
  '萌宠',
  '好物',
  '护肤',
  '零食',
  '旅行',
];
const latinFirst = [
  'Lily',
  'Amy',
  'Jason',
  'Kevin',
  'Cindy',
  'Tony',
  'Grace',
  'Leo',
  'Mia',
  'Ethan',
  'Sophia',
  'Lucas',
  'Chloe',
  'Ryan',
  'Emma',
  'Noah',
  'Ava',
  'Nina',
  'Sam',
  'Zoe',
];
const latinLast = [
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Nguyen',
  'Tan',
  'Lim',
  'Smith',
  'Garcia',
  'Kim',
  'Park',
  'Lee',
  'Wong',
  'Ng',
];
const latinTopics = [
  'beauty',
  'style',
  'eats',
  'home',
  'tech',
  'mom',
  'fit',
  'pets',
  'finds',
  'glow',
  'snack',
  'travel',
];
export const customLabels = [
  '直播带货',
  '短视频',
  '宝妈',
  '学生党',
  '高性价比',
  '测评',
  '开箱',
  '日更',
  '高转化',
  '品牌合作过',
  '复购高',
  '粉丝活跃',
  'Live seller',
  'Reviews',
  'UGC',
];
/** Why sellers blacklist talents, as they write it. */
export const blacklistReasons = [
  '多次爽约，样品寄出后不发视频',
  '恶意索要样品',
  '刷单数据造假',
  '报价反复变动，沟通态度差',
  '直播中诋毁品牌',
  '收款后失联',
  'No-show after samples were sent',
];
const shopWords = ['旗舰店', '官方店', '专营店', '好物馆', '生活馆', '优选'];
const shopBrands = [
  '花漾',
  '木子',
  '青禾',
  '暖阳',
  '小满',
  '星河',
  '拾光',
  '初见',
  'Aurora',
  'Lumi',
];

/** The statuses a library has, most talents waiting for or in contact. */
const statusWeights: Array<[TalentStatus, number]> = [
  ['pending_contact', 30],
  ['communicating', 14],
  ['cooperating', 12],
  ['cooperation_ended', 6],
  ['rejected', 6],
  ['active', 12],
  ['inactive', 8],
  ['pending', 11],
  ['blacklisted', 1],
];
const statusTotal = statusWeights.reduce((sum, [, w]) => sum + w, 0);

function weightedStatus(r: Random): TalentStatus {
  let roll = r.next() * statusTotal;
  for (const [status, weight] of statusWeights) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'pending_contact';
}

function talentName(r: Random): string {
  const kind = r.next();
  if (kind < 0.3)
    return r.pick(surnames) + r.pick(givenChars) + (r.chance(0.6) ? r.pick(givenChars) : '');
  if (kind < 0.55) return r.pick(nicknameStarts) + r.pick(surnames) + r.pick(nicknameEnds);
  if (kind < 0.7) return r.pick(topicWords) + (r.chance(0.5) ? '达人' : '') + r.pick(latinFirst);
  if (kind < 0.88) return `${r.pick(latinFirst)} ${r.pick(latinLast)}`;
  return `${r.pick(latinTopics)}_by_${r.pick(latinFirst).toLowerCase()}${r.chance(0.4) ? r.int(1, 99) : ''}`;
}

/** Fans follow a heavy tail: most talents are small, a few are huge. */
function fans(r: Random): number {
  const u = r.next();
  return Math.round(800 / Math.pow(1 - u * 0.9999, 0.9)) + r.int(0, 500);
}

export function shopsFor(r: Random, count: number): string[] {
  const shops = new Set<string>();
  while (shops.size < count)
    shops.add(r.pick(shopBrands) + r.pick(shopWords) + (shops.size > 5 ? r.int(2, 9) : ''));
  return [...shops];
}

export interface SeedTalent {
  userId: number;
  platform: 'douyin' | 'tiktok';
  platformTalentId: string;
  name: string;
  nameGrams: string[];
  shopName: string;
  industry: string | null;
  labels: string[];
  status: TalentStatus;
  statusBeforeBlacklist: string | null;
  contactMethod: string | null;
  contactInfo: string;
  fansCount: number;
  videoAvgViews: number;
  videoGpmFen: number;
  liveAvgViews: number;
  liveGpmFen: number;
  businessAmountFen: number;
  dealCount: number;
  remark: string;
  addedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const DAY = 24 * 3600 * 1000;

/** The `index`-th talent of an account: deterministic and unique per account. */
export function makeTalent(
  r: Random,
  userId: number,
  index: number,
  shops: string[],
  now: number,
): SeedTalent {
  const platform = r.chance(0.7) ? 'douyin' : 'tiktok';
  const name = talentName(r);
  const fansCount = fans(r);
  const engagement = 0.02 + r.next() * 0.2;
  const videoAvgViews = Math.round(fansCount * engagement * (0.5 + r.next()));
  const liveAvgViews = r.chance(0.6) ? Math.round(fansCount * engagement * 0.3 * r.next()) : 0;
  const dealCount = r.chance(0.35) ? Math.round(Math.pow(r.next(), 3) * fansCount * 0.02) : 0;
  const businessAmountFen = dealCount * r.int(1_990, 29_900);
  const status = weightedStatus(r);
  const labels = new Set<string>();
  if (r.chance(0.7)) labels.add(r.pick(talentTiers));
  for (let n = r.int(0, 3); n > 0; n--) labels.add(r.pick(customLabels));
  const contactMethod = r.chance(0.7) ? r.pick(contactMethods) : null;
  const contactInfo =
    contactMethod === null
      ? ''
      : contactMethod === 'email'
        ? `talent${index}@example.com`
        : contactMethod === 'phone'
          ? `1${r.int(3, 9)}${String(r.int(0, 999_999_999)).padStart(9, '0')}`
          : contactMethod === 'address'
            ? `${r.pick(['杭州市', '广州市', '上海市', '深圳市', '成都市'])}${r.int(1, 999)}号`
            : `${name.replace(/\s+/g, '_').toLowerCase()}${r.int(1, 999)}`;
  const addedAt = now - r.int(0, 730) * DAY - r.int(0, DAY);
  const createdAt = Math.min(now, addedAt + r.int(0, 3) * DAY);
  // Edited some time after it was made, never later than now (not all at the seed's moment).
  const updatedAt = createdAt + Math.floor(r.next() * Math.min(200 * DAY, now - createdAt));
  return {
    userId,
    platform,
    // Unique within the account by construction (the index is part of it).
    platformTalentId:
      platform === 'douyin'
        ? String(10_000_000_000 + index * 7 + r.int(0, 6))
        : `tt_${index.toString(36)}_${r.int(10, 99)}`,
    name,
    nameGrams: nameGrams(userId, name),
    shopName: r.chance(0.85) ? r.pick(shops) : '',
    industry: r.chance(0.9) ? r.pick(industries) : null,
    labels: [...labels],
    status,
    statusBeforeBlacklist: status === 'blacklisted' ? r.pick(settableTalentStatuses) : null,
    contactMethod,
    contactInfo,
    fansCount,
    videoAvgViews,
    videoGpmFen: r.int(0, 12_000),
    liveAvgViews,
    liveGpmFen: liveAvgViews ? r.int(0, 30_000) : 0,
    businessAmountFen,
    dealCount,
    remark: r.chance(0.2)
      ? r.pick([
          '回复积极',
          '需要样品',
          '报价偏高',
          '档期已满，下月再约',
          '对口品类',
          'prefers email',
        ])
      : '',
    addedAt: new Date(addedAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  };
}

import { createHash } from 'node:crypto';

/**
 * The creator marketplace: a few thousand generated creators, the same on every
 * installation (seeded by their region and number, no randomness), so tests can name them.
 * Fields as "Seller Search Creator on Marketplace" (202508) answers them
 * (github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * seller-search-creator-on-marketplace.spec.json): username, nickname, selection_region,
 * category_ids, follower_count, gmv / live_gmv / video_gmv, gmv_range, units_sold_range,
 * avg_ec_live_uv, avg_ec_video_view_count, top_follower_demographics, creator_open_id.
 *
 * Special creators, by their number `n` within their region (README.md):
 * - n % 50 === 7: excluded by the platform (Create Target Collaboration answers 16024020);
 * - n % 50 === 17: more followers than any sandbox shop's follower limit (16024021);
 * - n % 50 === 27: linked with a shop account (16024016).
 */
export const marketplaceRegions = { US: 6000, GB: 1500, ES: 1500 } as const;
export type MarketplaceRegion = keyof typeof marketplaceRegions;

export type CreatorTrait = 'excluded' | 'overFollowerLimit' | 'linkedToShop' | null;

export interface SandboxCreator {
  n: number;
  region: MarketplaceRegion;
  openId: string;
  username: string;
  nickname: string;
  followerCount: number;
  categoryIds: string[];
  gmv: number;
  liveGmv: number;
  videoGmv: number;
  unitsSold: number;
  avgLiveUv: number;
  avgVideoViews: number;
  ageRanges: string[];
  majorGender: 'FEMALE' | 'MALE';
  majorGenderPercentage: number;
  trait: CreatorTrait;
}

export function traitOf(n: number): CreatorTrait {
  const r = n % 50;
  return r === 7 ? 'excluded' : r === 17 ? 'overFollowerLimit' : r === 27 ? 'linkedToShop' : null;
}

const firstWords = [
  'sunny',
  'cozy',
  'daily',
  'glow',
  'urban',
  'happy',
  'tiny',
  'fresh',
  'lazy',
  'bold',
  'quiet',
  'wild',
  'golden',
  'misty',
  'pure',
  'lucky',
  'rosy',
  'smart',
  'sweet',
  'chill',
];
const secondWords = [
  'kitchen',
  'home',
  'finds',
  'deals',
  'style',
  'picks',
  'cook',
  'nest',
  'life',
  'corner',
  'crafts',
  'beauty',
  'garden',
  'table',
  'studio',
  'vibes',
  'haul',
  'space',
  'chef',
  'maker',
];
const categories = ['600001', '600024', '601152', '602284', '604206', '605196'];
const ageRanges = [
  'AGE_RANGE_18_24',
  'AGE_RANGE_25_34',
  'AGE_RANGE_35_44',
  'AGE_RANGE_45_54',
  'AGE_RANGE_55_AND_ABOVE',
];

/** Four bytes of a digest as a number in [0, 1): the creator's fixed "random" draws. */
function draw(seed: string, what: string): number {
  return createHash('sha256').update(`${seed}:${what}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Open ids look like `uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg` (54
 * characters, the documents' sample).
 */
export function creatorOpenId(region: MarketplaceRegion, n: number): string {
  const digest = createHash('sha256').update(`tts-sandbox-creator:${region}:${n}`).digest();
  return `uAC${digest.toString('base64url')}${digest.subarray(0, 6).toString('base64url')}`.slice(
    0,
    54,
  );
}

function makeCreator(region: MarketplaceRegion, n: number): SandboxCreator {
  const seed = `${region}:${n}`;
  const trait = traitOf(n);
  const w1 = firstWords[Math.floor(draw(seed, 'w1') * firstWords.length)]!;
  const w2 = secondWords[Math.floor(draw(seed, 'w2') * secondWords.length)]!;
  const sep = draw(seed, 'sep') < 0.5 ? '.' : '_';
  // Log-uniform between 1,000 and 900,000 followers; the over-limit ones 1.2 M to 5 M.
  const followerCount =
    trait === 'overFollowerLimit'
      ? Math.round(1_200_000 + draw(seed, 'f') * 3_800_000)
      : Math.round(1000 * 900 ** draw(seed, 'f'));
  const gmv = Math.round(followerCount * draw(seed, 'gmv') * 0.8 * 100) / 100;
  const liveShare = draw(seed, 'live');
  const firstAge = Math.floor(draw(seed, 'age') * 3);
  return {
    n,
    region,
    openId: creatorOpenId(region, n),
    username: `${w1}${sep}${w2}_${region.toLowerCase()}${n}`,
    nickname: `${w1[0]!.toUpperCase()}${w1.slice(1)} ${w2[0]!.toUpperCase()}${w2.slice(1)} ${n}`,
    followerCount,
    categoryIds: [categories[Math.floor(draw(seed, 'cat') * categories.length)]!],
    gmv,
    liveGmv: Math.round(gmv * liveShare * 100) / 100,
    videoGmv: Math.round(gmv * (1 - liveShare) * 100) / 100,
    unitsSold: Math.round(gmv / (8 + draw(seed, 'units') * 30)),
    avgLiveUv: Math.round(followerCount * 0.02 * draw(seed, 'uv')),
    avgVideoViews: Math.round(followerCount * 0.3 * draw(seed, 'views')),
    ageRanges: ageRanges.slice(firstAge, firstAge + 2),
    majorGender: draw(seed, 'gender') < 0.7 ? 'FEMALE' : 'MALE',
    majorGenderPercentage: 5000 + Math.round(draw(seed, 'gp') * 4500),
    trait,
  };
}

let byRegion: Map<MarketplaceRegion, SandboxCreator[]> | null = null;
let byOpenId: Map<string, SandboxCreator> | null = null;

function build() {
  byRegion = new Map();
  byOpenId = new Map();
  for (const [region, count] of Object.entries(marketplaceRegions) as Array<
    [MarketplaceRegion, number]
  >) {
    const list: SandboxCreator[] = [];
    for (let n = 1; n <= count; n++) {
      const creator = makeCreator(region, n);
      list.push(creator);
      byOpenId.set(creator.openId, creator);
    }
    byRegion.set(region, list);
  }
}

/** The creators whose `selection_region` is `region`, in their fixed order. */
export function creatorsIn(region: string): readonly SandboxCreator[] {
  if (!byRegion) build();
  return byRegion!.get(region as MarketplaceRegion) ?? [];
}

export function creatorByOpenId(openId: string): SandboxCreator | undefined {
  if (!byOpenId) build();
  return byOpenId!.get(openId);
}

/** A creator by region and number (tests pick special ones this way). */
export function sandboxCreator(region: MarketplaceRegion, n: number): SandboxCreator {
  const found = creatorsIn(region)[n - 1];
  if (!found) throw new Error(`no sandbox creator ${region} #${n}`);
  return found;
}

export function currencyOf(region: string): string {
  return region === 'GB' ? 'GBP' : region === 'US' ? 'USD' : 'EUR';
}

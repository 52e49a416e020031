import { createHash } from 'node:crypto';

/**
 * The sandbox's sellers, their shops and the shops' products: fixed, so that tests and the
 * sandbox UI can name them. One local seller with a US shop, and one cross-border seller
 * (a Chinese company) with two regional shops, GB and ES, as "Get Authorized Shops"
 * describes them (`seller_type` LOCAL: one shop; CROSS_BORDER: shops in several countries;
 * get-authorized-shops-202309 in github:lazykern/ecommerce-api-docs
 * data/raw/tiktok/api-reference/authorization/get-authorized-shops.spec.json).
 */
export interface SandboxSeller {
  key: string;
  /** `seller_name` of the token answer. */
  name: string;
  /** `seller_base_region` of the token answer. */
  baseRegion: string;
  sellerType: 'LOCAL' | 'CROSS_BORDER';
  shops: SandboxShopSeed[];
}

export interface SandboxShopSeed {
  id: string;
  name: string;
  region: string;
  cipher: string;
  code: string;
  timeZone: string;
  currency: string;
}

/** The quota and limits a shop starts with (README.md, "Quotas and limits"). */
export interface ShopLimits {
  weeklyQuota: number;
  starterPack: number;
  dailyCollaborationLimit: number;
  dailyCreatorLimit: number;
  followerLimit: number;
}

export const defaultShopLimits: ShopLimits = {
  // Tiers are by the shop's 30-day GMV; a mid tier's weekly allowance (seller help
  // "Affiliate Target Invite & IM Quotas", seller-us.tiktok.com/university/essay?knowledge_id=6104700982429483).
  weeklyQuota: 500,
  // "New sellers with no GMV receive a one-time Starter's Pack of 1000" (same page).
  starterPack: 1000,
  // Public automation code reads the shop's daily limit as 200 invitations and 10,000
  // creators a day (README.md, "Choices").
  dailyCollaborationLimit: 200,
  dailyCreatorLimit: 10_000,
  followerLimit: 1_000_000,
};

function cipherFor(shopId: string): string {
  // Ciphers look like `GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3` (the documents' samples).
  const digest = createHash('sha256').update(`tts-sandbox-shop:${shopId}`).digest('base64url');
  return `ROW_${digest.slice(0, 32)}`;
}

function shop(
  id: string,
  name: string,
  region: string,
  code: string,
  timeZone: string,
  currency: string,
): SandboxShopSeed {
  return { id, name, region, cipher: cipherFor(id), code, timeZone, currency };
}

export const sandboxSellers: readonly SandboxSeller[] = [
  {
    key: 'local-us',
    name: 'Sunny Home Goods',
    baseRegion: 'US',
    sellerType: 'LOCAL',
    shops: [
      shop(
        '7494600000000000101',
        'Sunny Home Goods',
        'US',
        'USLCSUNNY001',
        'America/Los_Angeles',
        'USD',
      ),
    ],
  },
  {
    key: 'global-cn',
    name: 'Shenzhen Bright Trading Co., Ltd.',
    baseRegion: 'CN',
    sellerType: 'CROSS_BORDER',
    shops: [
      shop('7494600000000000201', 'Bright Living GB', 'GB', 'CNGBCBRIGHT1', 'Europe/London', 'GBP'),
      shop('7494600000000000202', 'Bright Living ES', 'ES', 'CNESCBRIGHT1', 'Europe/Madrid', 'EUR'),
    ],
  },
];

/** How many numbered sellers there can be (`us-1` … `us-9999`). */
export const NUMBERED_SELLERS_MAX = 9999;

/**
 * More local US sellers, by number, for benches and tests that need many shops
 * (`us-1` … `us-9999`, one US shop each). Not on the authorization page; the decision
 * form takes `seller=us-N` like any other seller key. Their shops and products are put in
 * place when one first authorizes.
 */
export function numberedSeller(n: number): SandboxSeller | undefined {
  if (!Number.isInteger(n) || n < 1 || n > NUMBERED_SELLERS_MAX) return undefined;
  const number = String(n).padStart(4, '0');
  return {
    key: `us-${n}`,
    name: `Sandbox Seller US ${number}`,
    baseRegion: 'US',
    sellerType: 'LOCAL',
    shops: [
      shop(
        `7494610${String(n).padStart(12, '0')}`,
        `Sandbox Shop US ${number}`,
        'US',
        `USLCSBX${number}`,
        'America/Los_Angeles',
        'USD',
      ),
    ],
  };
}

export function sellerByKey(key: string): SandboxSeller | undefined {
  const fixed = sandboxSellers.find((seller) => seller.key === key);
  if (fixed) return fixed;
  const m = /^us-([1-9]\d{0,3})$/.exec(key);
  return m ? numberedSeller(Number(m[1])) : undefined;
}

export const PRODUCTS_PER_SHOP = 24;
/**
 * The last product of every shop is deactivated by its seller: inviting with it is refused.
 * @alias its own name for a position that happens to equal the count (knip: not a duplicate)
 */
export const DEACTIVATED_PRODUCT_INDEX = PRODUCTS_PER_SHOP;

const productNames = [
  'Bamboo Cutting Board',
  'Ceramic Pour-Over Set',
  'Linen Table Runner',
  'Silicone Baking Mat',
  'Cast Iron Skillet 10"',
  'Glass Storage Jars (6)',
  'Scented Soy Candle',
  'Cotton Throw Blanket',
  'Stainless Water Bottle',
  'Herb Garden Kit',
  'LED Desk Lamp',
  'Memory Foam Pillow',
  'Wooden Spice Rack',
  'Electric Milk Frother',
  'Reusable Food Wraps',
  'Ceramic Plant Pot',
  'Knife Sharpener',
  'Bath Towel Set',
  'Aroma Diffuser',
  'Non-Stick Frying Pan',
  'Velvet Cushion Cover',
  'Wall Clock Minimal',
  'Laundry Basket',
  'Tea Sampler Box',
];

export interface SandboxProductSeed {
  id: string;
  shopId: string;
  title: string;
  currency: string;
  minPrice: string;
  maxPrice: string;
  status: 'LIVE' | 'SELLER_DEACTIVATE';
}

/** Product ids: 19 digits, the shop's two-digit number and the product's index. */
export function productId(shopSeed: SandboxShopSeed, index: number): string {
  return `17294${shopSeed.id.slice(-3)}${String(index).padStart(11, '0')}`;
}

export function productSeeds(shopSeed: SandboxShopSeed): SandboxProductSeed[] {
  const out: SandboxProductSeed[] = [];
  for (let i = 1; i <= PRODUCTS_PER_SHOP; i++) {
    const base = 5 + ((i * 37) % 90);
    out.push({
      id: productId(shopSeed, i),
      shopId: shopSeed.id,
      title: `${productNames[(i - 1) % productNames.length]} (${shopSeed.region})`,
      currency: shopSeed.currency,
      minPrice: `${base}.99`,
      maxPrice: `${base + (i % 3) * 10}.99`,
      status: i === DEACTIVATED_PRODUCT_INDEX ? 'SELLER_DEACTIVATE' : 'LIVE',
    });
  }
  return out;
}

/** The scopes the sandbox app asks for (the Manage API page's scope keys). */
export const sandboxScopes = [
  'seller.authorization.info',
  'seller.creator_marketplace.read',
  'seller.affiliate_collaboration.read',
  'seller.affiliate_collaboration.write',
  'seller.affiliate_messages.write',
] as const;
export type SandboxScope = (typeof sandboxScopes)[number];

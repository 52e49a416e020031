import { shopPause } from './platform-actions.ts';
import { z } from './zod.ts';
import { membershipLevels } from './auth.ts';
import { pageData, pageQuery } from './envelope.ts';
import { isoDateTime, requiredText } from './fields.ts';
import { platforms } from './talents.ts';

/**
 * Shops (spec: 'Shop list', the Shop entity, bind statuses). A shop is bound by
 * hand or reported by the extension from the seller center it sees.
 */
export const shopPlatforms = platforms;

/** Bind statuses (spec section 4); EXPIRED: bound under a membership that lapsed. */
export const bindStatuses = ['BOUND', 'UNBOUND', 'EXPIRED'] as const;
export type BindStatus = (typeof bindStatuses)[number];

/**
 * After an unbind, the shop keeps its slot until its next bind time: neither it nor
 * another shop can take that slot before then (so a limit cannot be dodged by
 * rotating shops through it).
 */
export const SHOP_REBIND_COOLDOWN_HOURS = 24;

export const SHOP_NAME_LENGTH_MAX = 100;
export const SITE_NAME_MAX = 100;
/** The platform's own shop code: letters, digits and _ . -, at most 64. */
export const shopCodePattern = /^[A-Za-z0-9_.-]{1,64}$/;

/** A shop as the seller enters it or the extension reads it from the seller center. */
export const shopIdentityBody = z.object({
  platform: z.enum(shopPlatforms, { error: 'validation.platformRequired' }),
  shopName: requiredText('validation.shopNameRequired').max(SHOP_NAME_LENGTH_MAX, {
    error: 'validation.shopNameMax',
  }),
  siteName: z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(SITE_NAME_MAX, { error: 'validation.siteNameMax' })
    .nullish()
    .transform((value) => value ?? ''),
  shopCode: requiredText('validation.shopCodeRequired').regex(shopCodePattern, {
    error: 'validation.shopCodeFormat',
  }),
});
export type ShopIdentityBody = z.infer<typeof shopIdentityBody>;

/**
 * How the shop was bound: by hand, seen by the extension in the seller center, or authorized
 * on the platform (OAuth: the shop can then be served through the platform's API).
 */
export const shopSources = ['manual', 'extension', 'authorization'] as const;
export type ShopSource = (typeof shopSources)[number];

export const shop = z.object({
  id: z.number().int(),
  platform: z.enum(shopPlatforms),
  shopName: z.string(),
  siteName: z.string(),
  shopCode: z.string(),
  bindStatus: z.enum(bindStatuses),
  /** When it was last bound (null: never bound). */
  boundAt: isoDateTime.nullable(),
  /** Before this time the shop cannot be bound again, nor its slot taken (null: now). */
  nextBindAt: isoDateTime.nullable(),
  source: z.enum(shopSources),
  /** The platform's market code (US, GB…) of a shop bound by authorization, else null. */
  platformRegion: z.string().nullable(),
  /** The platform connection (authorization) serving the shop, if any. */
  connectionId: z.number().int().nullable(),
  /** Why the shop's platform actions wait now (quota, rate limit, authorization), if they do. */
  platformPause: shopPause.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Shop = z.infer<typeof shop>;

/** The tabs of My Shops: every shop, or one bind status. */
export const shopTabs = ['all', ...bindStatuses] as const;
export type ShopTab = (typeof shopTabs)[number];

export const shopListQuery = pageQuery.extend({
  tab: z.enum(shopTabs, { error: 'validation.invalidField' }).default('all'),
});
export type ShopListQuery = z.input<typeof shopListQuery>;

/**
 * How the plan's shop limit is used: BOUND shops and UNBOUND shops before their
 * next bind time each take a slot; `limit` is the plan's (or the free allowance's).
 */
export const shopSlots = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  bound: z.number().int(),
  /** The plan in force ('none': the free allowance). */
  level: z.enum(membershipLevels),
});
export type ShopSlots = z.infer<typeof shopSlots>;

export const shopPage = pageData(shop).extend({
  /** Shops per tab, for the tab titles. */
  counts: z.object({
    all: z.number().int(),
    BOUND: z.number().int(),
    UNBOUND: z.number().int(),
    EXPIRED: z.number().int(),
  }),
  slots: shopSlots,
});
export type ShopPage = z.infer<typeof shopPage>;

/** A bind or unbind answers the shop, what happened and the slots after it. */
export const shopChangeData = z.object({
  shop,
  /** bound: bound now; alreadyBound: it was bound before; unbound: unbound now. */
  outcome: z.enum(['bound', 'alreadyBound', 'unbound']),
  slots: shopSlots,
});
export type ShopChangeData = z.infer<typeof shopChangeData>;

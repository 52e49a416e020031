import { z } from './zod.ts';
import type { CatalogueKey } from './texts.ts';

/**
 * A talent's typed platform identity (DESIGN.md "Platforms", Identity): what a platform needs
 * to reach the creator. A TikTok creator is its handle (username) and, once known, the
 * `creator_user_open_id` the affiliate APIs take; a 抖店 / 百应 talent is its talent ID, its
 * 百应ID (`buyin_id`) and the `uid` of its 百应 profile page. The talent's `platformTalentId`
 * stays the key of the library (one talent per platform and ID in an account, the blacklist,
 * the cool-down): for TikTok it is the handle, without its @.
 */

/** A talent's id on its platform, any platform: Douyin IDs, TikTok handles. */
export const platformTalentIdPattern = /^[A-Za-z0-9_.@-]{1,64}$/;

/**
 * TikTok usernames: "Usernames can only contain letters, numbers, underscores, and periods.
 * However, periods can't be put at the end of the username." (TikTok Help Center, "Changing
 * your username", https://support.tiktok.com/en/getting-started/setting-up-your-profile/changing-your-username).
 * The length is not on that page; 2 to 24 characters is what third-party guides report
 * (e.g. https://mrhack.io/on-tiktok-your-username-can-have-up-to-24-characters/): unverified,
 * so it lives in these two constants only.
 */
export const TIKTOK_HANDLE_MIN = 2;
export const TIKTOK_HANDLE_MAX = 24;
export const tiktokHandlePattern = /^[A-Za-z0-9_.]*[A-Za-z0-9_]$/;

/**
 * TikTok's Creator Open ID: an opaque, app-scoped identifier; the documents' example is
 * base64url text of 54 characters ("uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg",
 * Create Target Collaboration 202508 and Search Creator on Marketplace 202508,
 * partner.tiktokshop.com docv2; mirrored in lazykern/ecommerce-api-docs
 * data/raw/tiktok/api-reference/affiliate-seller/create-target-collaboration.spec.json).
 * Its length is not promised, so any base64url text of a sane length is taken.
 */
export const creatorOpenIdPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** 百应ID: a number (精选联盟 `buyin_id`, e.g. `colonel_buyin_id` in 团长 activity answers). */
export const buyinIdPattern = /^\d{1,32}$/;
/** The `uid` of a 百应 profile page (`…/daren-profile?uid=v2_…`): word characters. */
export const buyinUidPattern = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * A talent ID as it is kept: trimmed, and without the @ a handle is often copied with
 * ("@lily" is the TikTok user lily). Both platforms' IDs are written without one.
 */
export function canonicalTalentId(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('@') ? trimmed.slice(1).trim() : trimmed;
}

/** Why a handle is not a TikTok username, or null when it is one. */
export function tiktokHandleProblem(handle: string): CatalogueKey | null {
  if (handle.length < TIKTOK_HANDLE_MIN || handle.length > TIKTOK_HANDLE_MAX)
    return 'validation.tiktokHandleLength';
  if (!tiktokHandlePattern.test(handle)) return 'validation.tiktokHandleFormat';
  return null;
}

/** One schema per platform; the union is discriminated by `platform`. */
export const tiktokIdentity = z.object({
  platform: z.literal('tiktok'),
  /** The username, without @. */
  handle: z.string(),
  /** Known once entered or resolved through the platform's creator search by handle. */
  creatorUserOpenId: z.string().nullable(),
});
export type TikTokIdentity = z.infer<typeof tiktokIdentity>;

export const douyinIdentity = z.object({
  platform: z.literal('douyin'),
  /** The talent ID the seller knows it by (its platform talent ID). */
  talentId: z.string(),
  /** 百应ID (`buyin_id`), what 定向计划 take (a later issue sends them). */
  buyinId: z.string().nullable(),
  /** The `uid` of its 百应 profile page. */
  uid: z.string().nullable(),
});
export type DouyinIdentity = z.infer<typeof douyinIdentity>;

export const talentIdentity = z.discriminatedUnion('platform', [tiktokIdentity, douyinIdentity]);
export type TalentIdentity = z.infer<typeof talentIdentity>;

/** The identity columns a talent (or a record) keeps beside its platform and talent ID. */
export interface IdentityColumns {
  platform: string;
  platformTalentId: string;
  creatorOpenId: string | null;
  buyinId: string | null;
  buyinUid: string | null;
}

/** The typed identity of a stored talent. */
export function identityOf(row: IdentityColumns): TalentIdentity {
  if (row.platform === 'tiktok') {
    return {
      platform: 'tiktok',
      handle: row.platformTalentId,
      creatorUserOpenId: row.creatorOpenId,
    };
  }
  return {
    platform: 'douyin',
    talentId: row.platformTalentId,
    buyinId: row.buyinId,
    uid: row.buyinUid,
  };
}

/** An optional identity field: absent, null or blank is null; else trimmed and checked. */
export function optionalIdentityField(pattern: RegExp, invalid: CatalogueKey) {
  return z
    .string({ error: invalid })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || pattern.test(value), { error: invalid });
}

/**
 * The talent ID checked for the talent's platform: a TikTok talent ID must be a TikTok
 * username, a Douyin one letters, digits and _ . @ - (`platformTalentIdPattern`). Each problem
 * names the body's field, so a form shows it under the input. An empty ID is the field's own
 * "required" already.
 */
export function identityIssues(value: {
  platform: string;
  platformTalentId: string;
}): Array<{ path: 'platformTalentId'; message: CatalogueKey }> {
  const id = value.platformTalentId;
  if (!id) return [];
  const problem =
    value.platform === 'tiktok'
      ? tiktokHandleProblem(id)
      : platformTalentIdPattern.test(id)
        ? null
        : 'validation.platformTalentIdFormat';
  return problem ? [{ path: 'platformTalentId', message: problem }] : [];
}

/** The identity columns a saved talent gets: the other platform's fields are dropped. */
export function identityFields(body: {
  platform: string;
  creatorUserOpenId: string | null;
  buyinId: string | null;
  buyinUid: string | null;
}): Pick<IdentityColumns, 'creatorOpenId' | 'buyinId' | 'buyinUid'> {
  const tiktok = body.platform === 'tiktok';
  return {
    creatorOpenId: tiktok ? body.creatorUserOpenId : null,
    buyinId: tiktok ? null : body.buyinId,
    buyinUid: tiktok ? null : body.buyinUid,
  };
}

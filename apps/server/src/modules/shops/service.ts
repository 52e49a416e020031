import {
  SHOP_REBIND_COOLDOWN_HOURS,
  type MembershipLevel,
  type CatalogueKey,
  type ShopIdentityBody,
  type ShopSlots,
  type ShopSource,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import {
  AppError,
  conflict,
  isUniqueViolation,
  notFound,
  unprocessable,
} from '../../lib/errors.ts';
import { formatInZone } from '../../lib/time-zones.ts';
import { postMessage } from '../messages/index.ts';
import { membershipState, type MembershipState } from '../membership/index.ts';
import { lockAccount, timeZoneOf } from '../user/index.ts';
import {
  accountsBoundBeyond,
  boundShops,
  countBoundShops,
  insertShop,
  lockShop,
  lockBoundElsewhere,
  lockShopByIdentity,
  updateShop,
  usedSlots,
  type ShopRow,
} from './repository.ts';

/**
 * Binding shops against the plan's limit. A BOUND shop takes a slot; an unbound one
 * keeps its slot until its next bind time, so the limit cannot be dodged by rotating
 * shops. When the limit falls (a membership lapses, or a smaller plan takes over),
 * the most recently bound shops beyond it become EXPIRED, each with a message.
 * Every change takes the account row lock first: one decision at a time per account.
 */

const HOUR_MS = 3_600_000;

/**
 * How much a binding proves the account holds the shop: typed by hand (anyone can), seen in
 * the seller center by the extension, or authorized on the platform. A stronger kind replaces
 * a weaker one's `source`, never the reverse.
 */
const sourceRank: Record<ShopSource, number> = { manual: 0, extension: 1, authorization: 2 };

/** A time in a server message: in the account's zone, to the minute. */
export function messageTime(date: Date, timeZone: string): string {
  return formatInZone(date, timeZone).slice(0, 16);
}

export function planNameKey(level: MembershipLevel): CatalogueKey {
  return `sending.plan.${level}` as CatalogueKey;
}

/**
 * Expires the BOUND shops beyond the limit in force, most recently bound first, each
 * with one `shopBindExpired` message. Call inside a transaction holding the account
 * lock. Idempotent: within the limit it changes nothing.
 */
export async function expireBeyondLimit(
  tx: Executor,
  userId: number,
  now: Date,
  state: MembershipState,
): Promise<number> {
  const bound = await boundShops(tx, userId);
  const excess = bound.slice(0, Math.max(0, bound.length - state.shopBindLimit));
  for (const shop of excess) {
    await updateShop(tx, userId, shop.id, {
      bindStatus: 'EXPIRED',
      expiredAt: now,
      updatedAt: now,
    });
    await postMessage(tx, {
      userId,
      kind: 'shopBindExpired',
      params: { shopId: shop.id, shopName: shop.shopName, platform: shop.platform },
      // One message per shop and binding that expired.
      dedupeKey: `shopBindExpired:${shop.id}:${shop.boundAt?.toISOString() ?? 'never'}`,
    });
  }
  return excess.length;
}

/**
 * The lazy check where it matters (shop list, claims, binding, tasks): cheap when the
 * account is within its limit; otherwise expires the excess under the account lock.
 */
export async function ensureShopsWithinLimit(
  db: Database,
  userId: number,
  now: Date,
): Promise<MembershipState> {
  const state = await membershipState(db, userId, now);
  if ((await countBoundShops(db, userId)) <= state.shopBindLimit) return state;
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const locked = await membershipState(tx, userId, now);
    await expireBeyondLimit(tx, userId, now, locked);
    return locked;
  });
}

/**
 * The job: every account with more BOUND shops than the smallest limit is checked, each
 * in its own transaction. Safe with several replicas: an account another replica is
 * checking (its row locked) is skipped, and a second run changes nothing.
 */
export async function expireShopsBeyondLimits(db: Database, now: Date): Promise<number> {
  const candidates = await accountsBoundBeyond(db, 1);
  let expired = 0;
  for (const userId of candidates) {
    expired += await db.transaction(async (tx) => {
      if (!(await lockAccount(tx, userId, { skipLocked: true }))) return 0;
      return expireBeyondLimit(tx, userId, now, await membershipState(tx, userId, now));
    });
  }
  return expired;
}

export async function slotsOf(
  db: Executor,
  userId: number,
  now: Date,
  state: MembershipState,
): Promise<ShopSlots> {
  const { used, bound } = await usedSlots(db, userId, now);
  return { limit: state.shopBindLimit, used, bound, level: state.level };
}

export interface BindResult {
  shop: ShopRow;
  outcome: 'bound' | 'alreadyBound';
  slots: ShopSlots;
  /** The account whose hand binding of the shop this bind ended, if any. */
  displacedUserId?: number;
}

function limitReached(state: MembershipState): AppError {
  return unprocessable(
    'error.shopLimitReached',
    { limit: state.shopBindLimit },
    { plan: planNameKey(state.level) },
  );
}

/** Binds the shop an identity names: creates it, or binds the caller's existing row again. */
export async function bindShop(
  db: Database,
  userId: number,
  identity: ShopIdentityBody,
  source: ShopSource,
  now: Date,
): Promise<BindResult> {
  return bindUnderLock(db, userId, now, async (tx, state) => {
    const existing = await lockShopByIdentity(tx, userId, identity);
    return bindLocked(tx, userId, existing, identity, source, now, state);
  });
}

/** Where an authorized shop is on its platform, and which connection serves it. */
export interface PlatformShopLink {
  platformShopId: string;
  platformCipher: string;
  platformRegion: string;
  connectionId: number;
}

/**
 * Binds a shop the platform's authorization named (OAuth), under the same rules as any bind
 * (the plan's limit, the next bind time, another account's binding), and links it to the
 * connection whose tokens serve it. An authorized shop wins over another account's hand
 * claim, as a shop seen in the seller center does.
 */
export async function bindAuthorizedShop(
  db: Database,
  userId: number,
  identity: ShopIdentityBody,
  link: PlatformShopLink,
  now: Date,
): Promise<BindResult> {
  return bindUnderLock(db, userId, now, async (tx, state) => {
    const existing = await lockShopByIdentity(tx, userId, identity);
    return bindLocked(tx, userId, existing, identity, 'authorization', now, state, link);
  });
}

/** Binds one of the caller's shops again (an UNBOUND one after its next bind time, or an EXPIRED one). */
export async function rebindShop(
  db: Database,
  userId: number,
  shopId: number,
  now: Date,
): Promise<BindResult> {
  return bindUnderLock(db, userId, now, async (tx, state) => {
    const existing = await lockShop(tx, userId, shopId);
    if (!existing) throw notFound();
    return bindLocked(tx, userId, existing, existing, existing.source as ShopSource, now, state);
  });
}

/**
 * A bind in one transaction under the account lock, once the shops beyond the plan's
 * limit have expired.
 */
async function bindUnderLock(
  db: Database,
  userId: number,
  now: Date,
  bind: (tx: Executor, state: MembershipState) => Promise<BindResult>,
): Promise<BindResult> {
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const state = await membershipState(tx, userId, now);
      await expireBeyondLimit(tx, userId, now, state);
      return bind(tx, state);
    });
  } catch (error) {
    // Another account bound the same shop at the same moment: the partial unique index decides.
    if (isUniqueViolation(error, 'shops_bound_platform_code_key')) {
      throw conflict('error.shopBoundElsewhere');
    }
    throw error;
  }
}

async function bindLocked(
  tx: Executor,
  userId: number,
  existing: ShopRow | undefined,
  identity: Pick<ShopRow, 'platform' | 'shopName' | 'siteName' | 'shopCode'>,
  source: ShopSource,
  now: Date,
  state: MembershipState,
  link?: PlatformShopLink,
): Promise<BindResult> {
  const names = { shopName: identity.shopName, siteName: identity.siteName, ...(link ?? {}) };
  if (existing?.bindStatus === 'BOUND') {
    // Idempotent: the extension reports the shop it sees on every visit; keep its names
    // current. A hand binding it sees from inside the seller center is a seen one from now,
    // and an authorized one (served by the platform's API) from the authorization on.
    const stronger = sourceRank[source] > sourceRank[existing.source as ShopSource];
    const shop = await updateShop(tx, userId, existing.id, {
      ...names,
      ...(stronger ? { source } : {}),
      updatedAt: now,
    });
    return { shop: shop!, outcome: 'alreadyBound', slots: await slotsOf(tx, userId, now, state) };
  }
  if (existing?.bindStatus === 'UNBOUND' && existing.nextBindAt && existing.nextBindAt > now) {
    throw new AppError(422, 'error.shopRebindTooSoon', {
      shop: existing.shopName,
      time: messageTime(existing.nextBindAt, await timeZoneOf(tx, userId)),
    });
  }
  const { used } = await usedSlots(tx, userId, now, existing?.id);
  if (used >= state.shopBindLimit) throw limitReached(state);
  const other = await lockBoundElsewhere(tx, userId, identity);
  if (other) {
    // Anyone can type a shop code, so a hand binding proves nothing; an account that sees
    // the shop from inside its seller center, or that the platform's authorization names,
    // wins over one (a squatter otherwise locks the real owner out). Between two bindings
    // that both prove something, the first stays.
    if (source === 'manual' || other.source !== 'manual')
      throw conflict('error.shopBoundElsewhere');
    await endHandBinding(tx, other, now);
  }
  const bound = {
    ...names,
    bindStatus: 'BOUND',
    boundAt: now,
    nextBindAt: null,
    expiredAt: null,
    source,
    updatedAt: now,
  };
  const shop = existing
    ? await updateShop(tx, userId, existing.id, bound)
    : await insertShop(tx, {
        userId,
        platform: identity.platform,
        shopCode: identity.shopCode,
        ...bound,
        createdAt: now,
      });
  return {
    shop: shop!,
    outcome: 'bound',
    slots: await slotsOf(tx, userId, now, state),
    ...(other ? { displacedUserId: other.userId } : {}),
  };
}

/**
 * Ends another account's hand binding of a shop that was just seen from inside its seller
 * center: EXPIRED (its slot is free at once, as for a lapsed plan) with a message saying why.
 */
async function endHandBinding(tx: Executor, shop: ShopRow, now: Date): Promise<void> {
  await updateShop(tx, shop.userId, shop.id, {
    bindStatus: 'EXPIRED',
    expiredAt: now,
    updatedAt: now,
  });
  await postMessage(tx, {
    userId: shop.userId,
    kind: 'shopClaimedInSellerCenter',
    params: { shopId: shop.id, shopName: shop.shopName, platform: shop.platform },
    dedupeKey: `shopClaimedInSellerCenter:${shop.id}:${shop.boundAt?.toISOString() ?? 'never'}`,
  });
}

/** Unbinds a BOUND shop; it keeps its slot, and cannot be bound again, until its next bind time. */
export async function unbindShop(
  db: Database,
  userId: number,
  shopId: number,
  now: Date,
): Promise<{ shop: ShopRow; slots: ShopSlots }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const existing = await lockShop(tx, userId, shopId);
    if (!existing) throw notFound();
    if (existing.bindStatus !== 'BOUND') throw new AppError(422, 'error.shopNotBoundToUnbind');
    const shop = await updateShop(tx, userId, shopId, {
      bindStatus: 'UNBOUND',
      unboundAt: now,
      nextBindAt: new Date(now.getTime() + SHOP_REBIND_COOLDOWN_HOURS * HOUR_MS),
      updatedAt: now,
    });
    const state = await membershipState(tx, userId, now);
    return { shop: shop!, slots: await slotsOf(tx, userId, now, state) };
  });
}

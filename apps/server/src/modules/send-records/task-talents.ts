import {
  INVITE_COOLDOWN_DAYS,
  SEND_TASK_TALENTS_MAX,
  identityOf,
  talentFilters,
  type FilterType,
  type Locale,
  type Platform,
  type TalentFilters,
  type TalentIdentity,
  type TalentRef,
  type TaskType,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { blacklistedIds } from '../talents/index.ts';
import type { ShopRow } from '../shops/index.ts';
import {
  countTalents,
  talentIdentitiesByIds,
  talentIdentitiesMatching,
  type TalentIdentityRow,
} from '../talents/index.ts';
import { lastInvitedSince } from './repository.ts';

/**
 * The talents of an invitation task and what stands in their way: which talents the picks
 * or rules give, then the refusals, each naming its real cause — another platform than the
 * shop's (refused with the task), the blacklist (refused, listed), the cool-down (skipped or
 * included, listed).
 */

const DAY_MS = 86_400_000;
/** Rules with no filter: the whole library (of the shop's platform). */
export const noRules: TalentFilters = talentFilters.parse({});

export interface PickedTalent extends TalentRef {
  talentId: number | null;
  /** Its platform identity, copied onto its record. */
  identity: TalentIdentity;
}

function asPicked(row: TalentIdentityRow): PickedTalent {
  return {
    id: row.id,
    talentId: row.id,
    name: row.name,
    platform: row.platform as TalentRef['platform'],
    platformTalentId: row.platformTalentId,
    identity: identityOf(row),
  };
}

/** A talent as the answers list it. */
export const ref = ({ id, name, platform, platformTalentId }: PickedTalent): TalentRef => ({
  id,
  name,
  platform,
  platformTalentId,
});

/**
 * The rules a task applies for a shop: its talents are the shop's platform's. Rules that
 * name another platform can pick no one the shop can invite: refused, saying so.
 */
export function rulesForShop(rules: TalentFilters | undefined, shop: ShopRow): TalentFilters {
  const given = rules ?? noRules;
  if (given.platform && given.platform !== shop.platform) {
    throw unprocessable(
      'error.sendRulesOtherPlatform',
      { shop: shop.shopName },
      {
        platform: `enum.platform.${given.platform}`,
        shopPlatform: `enum.platform.${shop.platform as Platform}`,
      },
    );
  }
  return { ...given, platform: shop.platform as Platform };
}

/**
 * The talents a task picks, in order: the seller's own picks (all of them must be the
 * caller's, else 404 and nothing happens), or the talents of the shop's platform matching
 * the rules, newest added first, at most `maxCount`.
 */
export async function pickTalents(
  db: Executor,
  /** Counts the matches for the refusal of too many (outside any transaction). */
  counter: Database,
  userId: number,
  shop: ShopRow,
  pick: {
    filterType: FilterType;
    talentIds?: number[] | undefined;
    rules?: TalentFilters | undefined;
    maxCount?: number | undefined;
  },
): Promise<PickedTalent[]> {
  if (pick.filterType === 'manual') {
    const ids = pick.talentIds ?? [];
    const rows = await talentIdentitiesByIds(db, userId, ids);
    if (rows.length !== ids.length) throw new AppError(404, 'error.talentsNotFound');
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => asPicked(byId.get(id)!));
  }
  const rules = rulesForShop(pick.rules, shop);
  const limit = Math.min(pick.maxCount ?? SEND_TASK_TALENTS_MAX, SEND_TASK_TALENTS_MAX);
  const rows = await talentIdentitiesMatching(db, userId, rules, limit + 1);
  if (rows.length > limit && pick.maxCount === undefined) {
    const { total } = await countTalents(counter, userId, rules);
    throw unprocessable('error.sendTooManyMatches', {
      count: Math.max(total, rows.length),
      max: SEND_TASK_TALENTS_MAX,
    });
  }
  return rows.slice(0, limit).map(asPicked);
}

/** When each of these talents was last given a record for this shop and task type, within the cool-down. */
export async function recentlyInvited(
  db: Executor,
  userId: number,
  shopId: number,
  taskType: TaskType,
  picked: readonly PickedTalent[],
  now: Date,
): Promise<Map<string, Date>> {
  if (!picked.length) return new Map();
  const since = new Date(now.getTime() - INVITE_COOLDOWN_DAYS * DAY_MS);
  const rows = await lastInvitedSince(
    db,
    { userId, shopId, taskType },
    [...new Set(picked.map((t) => t.platformTalentId))],
    since,
  );
  return new Map(
    rows.map((row) => [`${row.platform}|${row.platformTalentId}`, new Date(row.last)]),
  );
}

const identityKey = (t: { platform: string; platformTalentId: string }) =>
  `${t.platform}|${t.platformTalentId}`;

export interface Findings {
  picked: PickedTalent[];
  /** Talents of another platform than the shop's: the shop cannot invite them. */
  otherPlatform: PickedTalent[];
  blacklisted: PickedTalent[];
  cooldown: Array<PickedTalent & { lastInvitedAt: Date }>;
}

/**
 * What stands in the way of each picked talent: another platform than the shop's, the
 * blacklist (its one place) and the cool-down, each talent under its first cause.
 */
export async function findings(
  db: Executor,
  userId: number,
  shop: ShopRow,
  taskType: TaskType,
  picked: PickedTalent[],
  now: Date,
): Promise<Findings> {
  const otherPlatform = picked.filter((t) => t.platform !== shop.platform);
  const samePlatform = picked.filter((t) => t.platform === shop.platform);
  const listed = await blacklistedIds(
    db,
    userId,
    samePlatform.map((t) => t.platformTalentId),
  );
  const blacklisted = samePlatform.filter((t) => listed.has(t.platformTalentId));
  const allowed = samePlatform.filter((t) => !listed.has(t.platformTalentId));
  const recent = await recentlyInvited(db, userId, shop.id, taskType, allowed, now);
  const cooldown = allowed.flatMap((t) => {
    const last = recent.get(identityKey(t));
    return last ? [{ ...t, lastInvitedAt: last }] : [];
  });
  return { picked, otherPlatform, blacklisted, cooldown };
}

/**
 * The talents a create invites: never another platform's nor the blacklisted, and the
 * cool-down ones only when asked.
 */
export function toInvite(found: Findings, cooldown: 'skip' | 'include'): PickedTalent[] {
  const blocked = new Set([...found.otherPlatform, ...found.blacklisted].map(identityKey));
  if (cooldown === 'skip') for (const t of found.cooldown) blocked.add(identityKey(t));
  return found.picked.filter((t) => !blocked.has(identityKey(t)));
}

/** Names as a sentence lists them ("小鹿、Luna" / "小鹿, Luna"), the first few, then how many more. */
function namesText(names: readonly string[], locale: Locale): string {
  const listed = names.slice(0, 10);
  const more = names.length - listed.length;
  if (locale === 'zh-CN') return `${listed.join('、')}${more > 0 ? ` 等 ${names.length} 位` : ''}`;
  return `${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * A shop invites its own platform's talents only (DESIGN.md "Platforms", Identity): picks
 * of another platform refuse the task, naming them, so that the seller removes them rather
 * than believe them invited.
 */
export function refuseOtherPlatform(found: Findings, shop: ShopRow): void {
  if (!found.otherPlatform.length) return;
  const names = found.otherPlatform.map((t) => t.name);
  throw new AppError(
    422,
    'error.sendOtherPlatform',
    { count: names.length, shop: shop.shopName },
    undefined,
    {
      shopPlatform: `enum.platform.${shop.platform as Platform}`,
      names: (locale) => namesText(names, locale),
    },
  );
}

import {
  INVITE_COOLDOWN_DAYS,
  talentBody,
  tiktokShopRequiredScopes,
  type AddFoundCreatorsBody,
  type AddFoundCreatorsResult,
  type CreatorSearchPage,
  type FoundCreator,
} from '@inviteflow/contract';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { EphemeralStore } from '../../../lib/ephemeral-store.ts';
import { lastInvitedSince } from '../../send-records/index.ts';
import { boundShops, findShop } from '../../shops/index.ts';
import {
  blacklistedIds,
  createTalent,
  findByOpenIds,
  findByPlatformIds,
} from '../../talents/index.ts';
import {
  ShopNotConnectedError,
  type PlatformConnections,
  type ShopApi,
} from '../connections/index.ts';
import {
  TikTokShopError,
  type CreatorSearchFilters,
  type MarketplaceCreator,
} from '../tiktok-shop/index.ts';

/**
 * Find creators (issue 19): TikTok Shop's creator marketplace searched for one of the seller's
 * shops connected by authorization ("Seller Search Creator on Marketplace" 202508, scope
 * `seller.creator_marketplace.read`: PLATFORMS.md; the filters in contract
 * creator-marketplace.ts), each creator marked against the seller's library, blacklist and
 * cool-down; and the found creators added to the library with the platform's figures.
 *
 * What is added is what the platform answered, not what the browser sends back: each page's
 * creators are kept an hour per account and shop (the ephemeral store, shared by replicas),
 * and an add names creators by their open id only.
 */

const MARKETPLACE_READ = tiktokShopRequiredScopes[1]!;
const DAY_MS = 86_400_000;
/** How long a page's creators can be added without searching again. */
const FOUND_TTL_SECONDS = 3600;

export interface CreatorMarketplaceDeps {
  db: Database;
  connections: PlatformConnections;
  ephemeral: EphemeralStore;
}

export interface CreatorSearch extends CreatorSearchFilters {
  /** Absent: the account's TikTok shop bound by authorization most recently. */
  shopId?: number;
  pageSize: 12 | 20;
  pageToken?: string;
  searchKey?: string;
}

const foundKey = (userId: number, shopId: number, openId: string) =>
  `creator-marketplace:${userId}:${shopId}:${openId}`;

/** What a found creator keeps for an add (the platform's answer, as the client read it). */
const storedCreator = z.object({
  openId: z.string(),
  username: z.string(),
  nickname: z.string(),
  followerCount: z.number().nullable(),
  avgLiveUv: z.number().nullable(),
  avgVideoViews: z.number().nullable(),
});

export class CreatorMarketplace {
  constructor(private readonly deps: CreatorMarketplaceDeps) {}

  async search(userId: number, query: CreatorSearch, now: Date): Promise<CreatorSearchPage> {
    const shopId = query.shopId ?? (await this.defaultShop(userId));
    if (shopId === null) return { creators: [], nextPageToken: null, searchKey: null };
    await this.tiktokShop(userId, shopId);
    const page = await this.call(userId, shopId, now, (api) =>
      api.client.searchCreators(api.access, query),
    );
    await Promise.all(
      page.creators.map((creator) =>
        this.deps.ephemeral.set(
          foundKey(userId, shopId, creator.openId),
          JSON.stringify(storedCreator.parse(creator)),
          FOUND_TTL_SECONDS,
        ),
      ),
    );
    return {
      creators: await this.marked(userId, shopId, page.creators, now),
      nextPageToken: page.nextPageToken,
      searchKey: page.searchKey,
    };
  }

  /**
   * Adds found creators to the library: a TikTok talent per creator, its handle as the talent
   * ID, its open id, nickname and the platform's follower and view figures. A creator already
   * in the library (by handle or open id) is left as it is; one not among the account's recent
   * results on this shop is named back (search again).
   */
  async add(userId: number, body: AddFoundCreatorsBody): Promise<AddFoundCreatorsResult> {
    await this.tiktokShop(userId, body.shopId);
    const result: AddFoundCreatorsResult = { added: [], existing: [], unknown: [] };
    for (const openId of [...new Set(body.openIds)]) {
      const text = await this.deps.ephemeral.get(foundKey(userId, body.shopId, openId));
      const creator = text === null ? null : storedCreator.safeParse(JSON.parse(text));
      if (!creator?.success) {
        result.unknown.push(openId);
        continue;
      }
      const found = creator.data;
      const input = talentBody.safeParse({
        platform: 'tiktok',
        platformTalentId: found.username,
        creatorUserOpenId: found.openId,
        name: (found.nickname || found.username).slice(0, 64),
        fansCount: found.followerCount,
        videoAvgViews: found.avgVideoViews,
        liveAvgViews: found.avgLiveUv,
      });
      if (!input.success) {
        result.unknown.push(openId);
        continue;
      }
      const [same] = [
        ...(await findByOpenIds(this.deps.db, userId, [openId])),
        ...(await findByPlatformIds(this.deps.db, userId, [found.username])).filter(
          (t) => t.platform === 'tiktok',
        ),
      ];
      if (same) {
        result.existing.push({ openId, talentId: same.id, name: same.name });
        continue;
      }
      try {
        const row = await createTalent(this.deps.db, userId, input.data);
        result.added.push({ openId, talentId: row.id, name: row.name });
      } catch (error) {
        // Added meanwhile (another tab): the library has it, which is what was asked.
        if (!(error instanceof AppError) || error.status !== 409) throw error;
        const [now] = await findByOpenIds(this.deps.db, userId, [openId]);
        if (!now) throw error;
        result.existing.push({ openId, talentId: now.id, name: now.name });
      }
    }
    return result;
  }

  /** The account's TikTok shop bound by authorization most recently, if any. */
  private async defaultShop(userId: number): Promise<number | null> {
    const shops = await boundShops(this.deps.db, userId);
    return shops.find((s) => s.platform === 'tiktok' && s.source === 'authorization')?.id ?? null;
  }

  /** The caller's shop, a TikTok one: else 404 (another's, or none) or 422 (抖店). */
  private async tiktokShop(userId: number, shopId: number): Promise<void> {
    const shop = await findShop(this.deps.db, userId, shopId);
    if (!shop) throw new AppError(404, 'error.notFound');
    if (shop.platform !== 'tiktok') throw new AppError(422, 'error.creatorSearchTikTokOnly');
  }

  /** A call with the shop's access; the platform's refusals as the seller's words. */
  private async call<T>(
    userId: number,
    shopId: number,
    now: Date,
    run: (api: ShopApi) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.deps.connections.withShopApi(userId, shopId, run, {
        now: () => now,
        requiredScopes: [MARKETPLACE_READ],
      });
    } catch (error) {
      if (error instanceof ShopNotConnectedError) {
        if (error.why === 'not_found') throw new AppError(404, 'error.notFound');
        throw new AppError(422, 'error.creatorSearchNotConnected');
      }
      if (error instanceof TikTokShopError) {
        if (error.reason === 'quota_exceeded') throw new AppError(429, 'error.creatorSearchQuota');
        if (error.next === 'reconnect' || error.reason === 'scope_missing')
          throw new AppError(422, 'error.creatorSearchReconnect');
        throw new AppError(503, 'error.creatorSearchUnavailable');
      }
      throw error;
    }
  }

  /** Each creator with its marks: in the library, blacklisted, invited within the cool-down. */
  private async marked(
    userId: number,
    shopId: number,
    creators: readonly MarketplaceCreator[],
    now: Date,
  ): Promise<FoundCreator[]> {
    const handles = creators.map((c) => c.username);
    const [byOpenId, byHandle, listed, invited] = await Promise.all([
      findByOpenIds(
        this.deps.db,
        userId,
        creators.map((c) => c.openId),
      ),
      findByPlatformIds(this.deps.db, userId, handles),
      blacklistedIds(this.deps.db, userId, handles),
      lastInvitedSince(
        this.deps.db,
        { userId, shopId },
        handles,
        new Date(now.getTime() - INVITE_COOLDOWN_DAYS * DAY_MS),
      ),
    ]);
    const talentOf = new Map<string, number>();
    for (const t of byHandle) if (t.platform === 'tiktok') talentOf.set(t.platformTalentId, t.id);
    for (const t of byOpenId) if (t.creatorOpenId) talentOf.set(t.creatorOpenId, t.id);
    const lastInvited = new Map(
      invited.filter((row) => row.platform === 'tiktok').map((row) => [row.platformTalentId, row]),
    );
    return creators.map((c) => ({
      openId: c.openId,
      handle: c.username,
      nickname: c.nickname,
      avatarUrl: c.avatarUrl,
      region: c.region,
      categoryIds: c.categoryIds,
      followerCount: c.followerCount,
      avgVideoViews: c.avgVideoViews,
      avgLiveViewers: c.avgLiveUv,
      gmv: c.gmv,
      gmvRange: c.gmvRange,
      unitsSoldRange: c.unitsSoldRange,
      topAgeRanges: c.topAgeRanges,
      majorGender: c.majorGender
        ? { gender: c.majorGender.gender, percent: c.majorGender.percentage / 100 }
        : null,
      talentId: talentOf.get(c.openId) ?? talentOf.get(c.username) ?? null,
      blacklisted: listed.has(c.username),
      lastInvitedAt: lastInvited.has(c.username)
        ? new Date(lastInvited.get(c.username)!.last).toISOString()
        : null,
    }));
  }
}

import type { z } from 'zod';
import { TikTokShopError } from './errors.ts';
import type { Conflict } from './errors.ts';
import {
  authorizedShopsData,
  conversationData,
  conversationMessagesData,
  createTargetCollaborationData,
  creatorSearchData,
  sentMessageData,
  targetCollaborationDetailData,
  targetCollaborationSearchData,
  tokenData,
} from './schemas.ts';
import { Transport, pathId, type TransportOptions } from './transport.ts';

/**
 * TikTok Shop's Open API, the calls this product makes, typed. Versions are pinned per call
 * (field names differ between versions): 202508 for the creator marketplace, target
 * collaborations and conversations (the versions that speak Creator Open IDs), 202412 for
 * messages, 202309 for Get Authorized Shops. Each call names the reference page it follows
 * (partner.tiktokshop.com/docv2; mirrored in lazykern/ecommerce-api-docs
 * data/raw/tiktok/api-reference/…).
 */

export const TIKTOK_SHOP_LIMITS = {
  /** Create Target Collaboration 202508: "Maximum length of the list is 50 user open identifiers". */
  creatorsPerCollaboration: 50,
  /** Same page: "Maximum length of the list is 100 products". */
  productsPerCollaboration: 100,
  /**
   * Hundredths of a percent. Query Target Collaboration Detail 202508 gives the range
   * [100, 8000] (1.00 %–80.00 %, as the seller center's inputs); the Create page also says
   * "must a minimum of 1000": the platform decides, this client only refuses what no page allows.
   */
  commissionRateMin: 100,
  commissionRateMax: 8000,
  /** Search Creator on Marketplace 202508: page_size "must be 12 or 20". */
  creatorSearchPageSizes: [12, 20] as const,
  /** Search Target Collaborations 202508: page_size "must be 20, 50 or 100". */
  collaborationSearchPageSizes: [20, 50, 100] as const,
  /** Get Message in the Conversation 202412: "The maximum number is 20". */
  messagesPageSizeMax: 20,
} as const;

export const TIKTOK_SHOP_PATHS = {
  tokenGet: '/api/v2/token/get',
  tokenRefresh: '/api/v2/token/refresh',
  authorizedShops: '/authorization/202309/shops',
  creatorSearch: '/affiliate_seller/202508/marketplace_creators/search',
  targetCollaborations: '/affiliate_seller/202508/target_collaborations',
  targetCollaborationSearch: '/affiliate_seller/202508/target_collaborations/search',
  targetCollaboration: (id: string) => `/affiliate_seller/202508/target_collaborations/${id}`,
  conversations: '/affiliate_seller/202508/conversations',
  // Send IM Message: `conversations` (plural); Get Message in the Conversation: `conversation`.
  sendMessage: (id: string) => `/affiliate_seller/202412/conversations/${id}/messages`,
  conversationMessages: (id: string) => `/affiliate_seller/202412/conversation/${id}/messages`,
} as const;

/** A seller's authorization, as the token calls answer it. */
export interface TokenGrant {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  /** The seller's id for this app (stable across refreshes). */
  openId: string;
  sellerName: string;
  sellerBaseRegion: string;
  /** 0 seller, 1 creator, 3 partner. */
  userType: number | null;
  grantedScopes: string[];
}

export interface AuthorizedShop {
  /** The platform's shop id. */
  id: string;
  name: string;
  /** Two-letter market (US, GB, ID…). */
  region: string;
  /** CROSS_BORDER or LOCAL. */
  sellerType: string | null;
  /** The `shop_cipher` every shop-scoped call carries. */
  cipher: string;
  /** The shop code shown in Seller Center. */
  code: string;
}

/** What a shop-scoped call needs: the seller's token and the shop's cipher. */
export interface ShopAccess {
  accessToken: string;
  shopCipher: string;
}

export interface MarketplaceCreator {
  openId: string;
  username: string;
  nickname: string;
  followerCount: number | null;
  region: string | null;
  avatarUrl: string | null;
  categoryIds: string[];
  avgLiveUv: number | null;
  avgVideoViews: number | null;
  gmv: { amount: string; currency: string } | null;
  gmvRange: string | null;
  unitsSoldRange: string | null;
  topAgeRanges: string[];
  /** The followers' major gender and its share, scaled by 10,000 (6524 = 65.24 %). */
  majorGender: { gender: string; percentage: number } | null;
}

/** The search's documented filters (Seller Search Creator on Marketplace 202508, request body). */
export interface CreatorSearchFilters {
  keyword?: string;
  followerCountMin?: number;
  followerCountMax?: number;
  ageRanges?: readonly string[];
  /** A gender and the least share of the followers it must have, scaled by 10,000. */
  gender?: { gender: string; percentageAtLeast?: number };
  gmvRanges?: readonly string[];
  unitsSoldRanges?: readonly string[];
}

export interface CreatorSearchPage {
  creators: MarketplaceCreator[];
  nextPageToken: string | null;
  /** Pass back with the next page (the platform caches the search by it). */
  searchKey: string | null;
}

export interface TargetCollaborationInput {
  /** The collaboration's name (the seller center shows it to creators). */
  name: string;
  message?: string;
  /** When it ends. */
  endTime: Date;
  /** At most 100; commission in hundredths of a percent (2000 = 20.00 %). */
  products: Array<{ id: string; targetCommissionRate: number }>;
  /** At most 50 Creator Open IDs. */
  creatorOpenIds: string[];
  sellerContactEmail: string;
  freeSample: { hasFreeSample: boolean; isSampleApprovalExempt: boolean };
}

export interface TargetCollaborationSummary {
  id: string;
  name: string;
  message: string | null;
  startTime: Date | null;
  endTime: Date | null;
  invitedCreators: number | null;
  productCount: number | null;
}

export interface TargetCollaborationDetail {
  id: string;
  name: string;
  message: string | null;
  endTime: Date | null;
  sellerContactEmail: string | null;
  freeSample: { hasFreeSample: boolean; isSampleApprovalExempt: boolean } | null;
  products: Array<{ id: string; commissionRate: number | null; status: string | null }>;
  creators: Array<{ openId: string | null; username: string | null; status: string | null }>;
}

/** Search Target Collaborations 202508 `collaboration_status` (required by the page). */
export type CollaborationStatus = 'ONGOING' | 'EXPIRING' | 'VALID' | 'CANCELING' | 'COMPLETED';

export type ImMessage =
  | { type: 'TEXT'; text: string }
  | { type: 'PRODUCT_CARD'; productId: string }
  | { type: 'TARGET_COLLABORATION_CARD'; targetCollaborationId: string };

export interface ConversationMessage {
  id: string;
  type: string;
  /** The message content, as the platform's JSON string holds it. */
  content: string;
  createTime: Date | null;
  senderId: string | null;
}

const fromUnix = (seconds: number | undefined): Date | null =>
  seconds === undefined || seconds <= 0 ? null : new Date(seconds * 1000);

/**
 * The token pages say `access_token_expire_in` is the Unix time of expiry. A small number can
 * only be a duration (some integrations read it so): taken from now, never as 1970.
 */
function expiry(value: number, nowMs: number): Date {
  return value < 1_000_000_000 ? new Date(nowMs + value * 1000) : new Date(value * 1000);
}

function refuse(operation: string, why: string): never {
  throw new TikTokShopError({ reason: 'invalid_request', operation, platformMessage: why });
}

export type TikTokShopClientOptions = TransportOptions;

export class TikTokShopClient {
  private readonly transport: Transport;
  private readonly now: () => number;

  constructor(private readonly options: TikTokShopClientOptions) {
    this.transport = new Transport(options);
    this.now = options.now ?? Date.now;
  }

  // -------------------------------------------------------------------------------------
  // Authorization (developer-guide/get-started/authorization/authorization-overview-202407)
  // -------------------------------------------------------------------------------------

  /** Get Access Token: exchanges the authorization page's one-time `code` (valid 30 minutes). */
  async getAccessToken(authCode: string): Promise<TokenGrant> {
    const data = await this.transport.token({
      path: TIKTOK_SHOP_PATHS.tokenGet,
      query: {
        app_key: this.options.appKey,
        app_secret: this.options.appSecret,
        auth_code: authCode,
        grant_type: 'authorized_code',
      },
      data: tokenData,
    });
    return this.grant(data);
  }

  /** Refresh Access Token: a new access token (and refresh token) before the old one expires. */
  async refreshAccessToken(refreshToken: string): Promise<TokenGrant> {
    const data = await this.transport.token({
      path: TIKTOK_SHOP_PATHS.tokenRefresh,
      query: {
        app_key: this.options.appKey,
        app_secret: this.options.appSecret,
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
      },
      data: tokenData,
    });
    return this.grant(data);
  }

  private grant(data: z.output<typeof tokenData>): TokenGrant {
    const now = this.now();
    return {
      accessToken: data.access_token,
      accessTokenExpiresAt: expiry(data.access_token_expire_in, now),
      refreshToken: data.refresh_token,
      refreshTokenExpiresAt: expiry(data.refresh_token_expire_in, now),
      openId: data.open_id,
      sellerName: data.seller_name,
      sellerBaseRegion: data.seller_base_region,
      userType: data.user_type ?? null,
      grantedScopes: data.granted_scopes,
    };
  }

  /** Get Authorized Shops 202309 (api-reference/authorization/get-authorized-shops). */
  async getAuthorizedShops(accessToken: string): Promise<AuthorizedShop[]> {
    const data = await this.transport.signed({
      method: 'GET',
      path: TIKTOK_SHOP_PATHS.authorizedShops,
      accessToken,
      data: authorizedShopsData,
    });
    return data.shops.map((shop) => ({
      id: shop.id,
      name: shop.name,
      region: shop.region.toUpperCase(),
      sellerType: shop.seller_type ?? null,
      cipher: shop.cipher,
      code: shop.code,
    }));
  }

  // -------------------------------------------------------------------------------------
  // Affiliate seller (api-reference/affiliate-seller/…)
  // -------------------------------------------------------------------------------------

  /**
   * Search Creator on Marketplace 202508: by keyword (matched on username and nickname) and the
   * documented filters (follower count and demographics, GMV and units-sold ranges). Resolves a
   * talent's handle to its Creator Open ID, and serves Find creators.
   */
  async searchCreators(
    shop: ShopAccess,
    params: CreatorSearchFilters & { pageSize?: 12 | 20; pageToken?: string; searchKey?: string },
  ): Promise<CreatorSearchPage> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.creatorSearch}`;
    const pageSize = params.pageSize ?? 20;
    if (!(TIKTOK_SHOP_LIMITS.creatorSearchPageSizes as readonly number[]).includes(pageSize)) {
      refuse(operation, 'page_size must be 12 or 20');
    }
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.creatorSearch,
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      body: {
        ...(params.searchKey ? { search_key: params.searchKey } : {}),
        ...(params.keyword ? { keyword: params.keyword } : {}),
        ...followerDemographics(params),
        ...(params.gmvRanges?.length ? { gmv_ranges: [...params.gmvRanges] } : {}),
        ...(params.unitsSoldRanges?.length
          ? { units_sold_ranges: [...params.unitsSoldRanges] }
          : {}),
      },
      data: creatorSearchData,
    });
    return {
      creators: data.creators.map((creator) => ({
        openId: creator.creator_open_id,
        username: creator.username,
        nickname: creator.nickname,
        followerCount: creator.follower_count ?? null,
        region: creator.selection_region ?? null,
        avatarUrl: creator.avatar?.url || null,
        categoryIds: creator.category_ids ?? [],
        avgLiveUv: creator.avg_ec_live_uv ?? null,
        avgVideoViews: creator.avg_ec_video_view_count ?? null,
        gmv: creator.gmv ? { amount: creator.gmv.amount, currency: creator.gmv.currency } : null,
        gmvRange: creator.gmv_range?.formatted_range || null,
        unitsSoldRange: creator.units_sold_range?.formatted_range || null,
        topAgeRanges: creator.top_follower_demographics?.age_ranges ?? [],
        majorGender: creator.top_follower_demographics?.major_gender ?? null,
      })),
      nextPageToken: data.next_page_token || null,
      searchKey: data.search_key || null,
    };
  }

  /**
   * Create Target Collaboration 202508. Answers the new collaboration's id, or throws: a
   * conflict (a creator already in an active collaboration for a product) creates nothing
   * and is thrown as `collaboration_conflict` with the pairs, whether the platform says it
   * with code 16024022 or with a success that carries conflicts and no id.
   */
  async createTargetCollaboration(
    shop: ShopAccess,
    input: TargetCollaborationInput,
  ): Promise<{ id: string }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.targetCollaborations}`;
    const limits = TIKTOK_SHOP_LIMITS;
    if (!input.name.trim()) refuse(operation, 'name is required');
    if (
      input.creatorOpenIds.length < 1 ||
      input.creatorOpenIds.length > limits.creatorsPerCollaboration
    ) {
      refuse(operation, `1 to ${limits.creatorsPerCollaboration} creators per collaboration`);
    }
    if (new Set(input.creatorOpenIds).size !== input.creatorOpenIds.length) {
      refuse(operation, 'a creator appears twice');
    }
    if (input.products.length < 1 || input.products.length > limits.productsPerCollaboration) {
      refuse(operation, `1 to ${limits.productsPerCollaboration} products per collaboration`);
    }
    for (const product of input.products) {
      const rate = product.targetCommissionRate;
      if (
        !Number.isInteger(rate) ||
        rate < limits.commissionRateMin ||
        rate > limits.commissionRateMax
      ) {
        refuse(
          operation,
          `commission of product ${product.id}: ${limits.commissionRateMin}–${limits.commissionRateMax} hundredths of a percent`,
        );
      }
    }
    const endSeconds = Math.floor(input.endTime.getTime() / 1000);
    if (!Number.isFinite(endSeconds) || endSeconds * 1000 <= this.now()) {
      refuse(operation, 'end_time must be in the future');
    }
    if (!input.sellerContactEmail.trim())
      refuse(operation, 'seller_contact_info.email is required');
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.targetCollaborations,
      ...this.access(shop),
      body: {
        name: input.name,
        ...(input.message ? { message: input.message } : {}),
        // "The date at which the target collaboration ends, in Unix epoch time": a string.
        end_time: String(endSeconds),
        products: input.products.map((product) => ({
          id: product.id,
          target_commission_rate: product.targetCommissionRate,
        })),
        creator_user_open_ids: input.creatorOpenIds,
        seller_contact_info: { email: input.sellerContactEmail },
        free_sample_rule: {
          has_free_sample: input.freeSample.hasFreeSample,
          is_sample_approval_exempt: input.freeSample.isSampleApprovalExempt,
        },
      },
      data: createTargetCollaborationData,
    });
    const conflicts: Conflict[] = data.target_collaboration_conflicts.flatMap((item) =>
      item.creator_user_open_id
        ? [{ creatorOpenId: item.creator_user_open_id, productId: item.product_id }]
        : [],
    );
    const id = data.target_collaboration?.id;
    if (conflicts.length > 0 || !id) {
      throw new TikTokShopError(
        conflicts.length > 0
          ? { reason: 'collaboration_conflict', operation, conflicts, httpStatus: 200 }
          : // A success without an id: whether anything was created is not known.
            {
              reason: 'unreadable',
              operation,
              httpStatus: 200,
              platformMessage: 'no target collaboration id',
            },
      );
    }
    return { id };
  }

  /**
   * Search Target Collaborations 202508: by creator, name, product or id. Reconciliation
   * reads it after an unknown outcome (was the collaboration created?).
   */
  async searchTargetCollaborations(
    shop: ShopAccess,
    params: {
      status: CollaborationStatus;
      creatorOpenId?: string;
      keyword?: {
        type:
          'TARGET_COLLABORATION_NAME' | 'TARGET_COLLABORATION_ID' | 'PRODUCT_ID' | 'PRODUCT_NAME';
        value: string;
      };
      pageSize?: 20 | 50 | 100;
      pageToken?: string;
    },
  ): Promise<{
    collaborations: TargetCollaborationSummary[];
    nextPageToken: string | null;
    total: number | null;
  }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.targetCollaborationSearch}`;
    const pageSize = params.pageSize ?? 20;
    if (
      !(TIKTOK_SHOP_LIMITS.collaborationSearchPageSizes as readonly number[]).includes(pageSize)
    ) {
      refuse(operation, 'page_size must be 20, 50 or 100');
    }
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.targetCollaborationSearch,
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      body: {
        collaboration_status: params.status,
        ...(params.creatorOpenId ? { creator_user_open_id: params.creatorOpenId } : {}),
        ...(params.keyword
          ? { search_param: { keyword_type: params.keyword.type, keyword: params.keyword.value } }
          : {}),
      },
      data: targetCollaborationSearchData,
    });
    return {
      collaborations: data.target_collaborations.map((item) => ({
        id: item.id,
        name: item.name,
        message: item.message ?? null,
        startTime: fromUnix(item.start_time),
        endTime: fromUnix(item.end_time),
        invitedCreators: item.creator_inivited_count ?? null,
        productCount: item.product_count ?? null,
      })),
      nextPageToken: data.next_page_token || null,
      total: data.total_count ?? null,
    };
  }

  /** Query Target Collaboration Detail 202508: its products and creators. */
  async getTargetCollaboration(shop: ShopAccess, id: string): Promise<TargetCollaborationDetail> {
    const operation = `GET ${TIKTOK_SHOP_PATHS.targetCollaboration('{target_collaboration_id}')}`;
    const data = await this.transport.signed({
      method: 'GET',
      path: TIKTOK_SHOP_PATHS.targetCollaboration(pathId(id, 'target_collaboration_id', operation)),
      ...this.access(shop),
      data: targetCollaborationDetailData,
    });
    const tc = data.target_collaboration;
    return {
      id: tc.id,
      name: tc.name,
      message: tc.message ?? null,
      endTime: fromUnix(tc.end_time),
      sellerContactEmail: tc.seller_contact_info?.email ?? null,
      freeSample: tc.free_sample_rule
        ? {
            hasFreeSample: tc.free_sample_rule.has_free_sample ?? false,
            isSampleApprovalExempt: tc.free_sample_rule.is_sample_approval_exempt ?? false,
          }
        : null,
      products: tc.products.map((product) => ({
        id: product.id,
        commissionRate: product.commission?.rate ?? null,
        status: product.collaboration_status ?? null,
      })),
      creators: tc.creators.map((creator) => ({
        openId: creator.creator_open_id ?? null,
        username: creator.username ?? null,
        status: creator.collaboration_status ?? null,
      })),
    };
  }

  /**
   * Create Conversation with Creator 202508: "Get the existing conversation or create a new
   * conversation": calling it again for the same creator answers the same conversation, so an
   * unknown outcome is settled by calling it again (`isNew` false).
   */
  async createConversation(
    shop: ShopAccess,
    creatorOpenId: string,
  ): Promise<{ conversationId: string; isNew: boolean | null }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.conversations}`;
    if (!creatorOpenId) refuse(operation, 'creator_open_id is required');
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.conversations,
      ...this.access(shop),
      body: { creator_open_id: creatorOpenId, only_need_conversation_id: true },
      data: conversationData,
    });
    return { conversationId: data.conversation_id, isNew: data.is_new ?? null };
  }

  /**
   * Send IM Message 202412. `content` is a JSON string: `{"content": …}` for TEXT,
   * `{"product_id": …}` for PRODUCT_CARD, `{"target_collaboration_id": …}` for
   * TARGET_COLLABORATION_CARD (the Send page spells the type `TARGET_ COLLABORATION_CARD`
   * with a stray space; Get Message in the Conversation lists `TARGET_COLLABORATION_CARD`).
   */
  async sendMessage(
    shop: ShopAccess,
    conversationId: string,
    message: ImMessage,
  ): Promise<{ messageId: string }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.sendMessage('{conversation_id}')}`;
    const content =
      message.type === 'TEXT'
        ? { content: message.text }
        : message.type === 'PRODUCT_CARD'
          ? { product_id: message.productId }
          : { target_collaboration_id: message.targetCollaborationId };
    const value = Object.values(content)[0];
    if (!value) refuse(operation, `${message.type} needs its content`);
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.sendMessage(pathId(conversationId, 'conversation_id', operation)),
      ...this.access(shop),
      body: { msg_type: message.type, content: JSON.stringify(content) },
      data: sentMessageData,
    });
    return { messageId: data.message_id };
  }

  /** Get Message in the Conversation 202412, newest first: did a message go out? */
  async getConversationMessages(
    shop: ShopAccess,
    conversationId: string,
    params: { pageSize?: number; pageToken?: string } = {},
  ): Promise<{ messages: ConversationMessage[]; nextPageToken: string | null; hasMore: boolean }> {
    const operation = `GET ${TIKTOK_SHOP_PATHS.conversationMessages('{conversation_id}')}`;
    const pageSize = params.pageSize ?? TIKTOK_SHOP_LIMITS.messagesPageSizeMax;
    if (
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > TIKTOK_SHOP_LIMITS.messagesPageSizeMax
    ) {
      refuse(operation, `page_size 1 to ${TIKTOK_SHOP_LIMITS.messagesPageSizeMax}`);
    }
    const data = await this.transport.signed({
      method: 'GET',
      path: TIKTOK_SHOP_PATHS.conversationMessages(
        pathId(conversationId, 'conversation_id', operation),
      ),
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      data: conversationMessagesData,
    });
    return {
      messages: data.messages.map(({ message_body: body }) => ({
        id: body.id,
        type: body.type,
        content: body.content,
        createTime: fromUnix(body.create_time),
        senderId: body.sender_id ?? null,
      })),
      nextPageToken: data.next_page_token || null,
      hasMore: data.has_more,
    };
  }

  private access(shop: ShopAccess): { accessToken: string; shopCipher: string } {
    return { accessToken: shop.accessToken, shopCipher: shop.shopCipher };
  }
}

/**
 * The request's `follower_demographics`: `count_range { count_ge, count_le }` (a negative
 * `count_le` means no upper bound, so none is sent instead), `age_ranges`,
 * `gender_distribution { gender, percentage_ge }` (scaled by 10,000).
 */
function followerDemographics(filters: CreatorSearchFilters) {
  const countRange = {
    ...(filters.followerCountMin !== undefined ? { count_ge: filters.followerCountMin } : {}),
    ...(filters.followerCountMax !== undefined ? { count_le: filters.followerCountMax } : {}),
  };
  const demographics = {
    ...(Object.keys(countRange).length ? { count_range: countRange } : {}),
    ...(filters.ageRanges?.length ? { age_ranges: [...filters.ageRanges] } : {}),
    ...(filters.gender
      ? {
          gender_distribution: {
            gender: filters.gender.gender,
            ...(filters.gender.percentageAtLeast !== undefined
              ? { percentage_ge: filters.gender.percentageAtLeast }
              : {}),
          },
        }
      : {}),
  };
  return Object.keys(demographics).length ? { follower_demographics: demographics } : {};
}

import type { z } from 'zod';
import { TikTokShopError } from './errors.ts';
import type { Conflict } from './errors.ts';
import {
  affiliateOrderSearchData,
  authorizedShopsData,
  conversationData,
  conversationListData,
  conversationMessagesData,
  createTargetCollaborationData,
  creatorSearchData,
  emptyData,
  latestUnreadData,
  markReadData,
  sampleApplicationSearchData,
  sampleFulfillmentsData,
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
 * messages, the conversation list and its read marks, 202508 / 202507 / 202409 for sample
 * applications (search / review / fulfillments), 202410 for affiliate orders, 202309 for Get
 * Authorized Shops. Each call's scope is the one its page lists. Each call names the reference page it follows
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
  /** Get Conversation List 202412: "The maximum number is 50". */
  conversationsPageSizeMax: 50,
  /** Mark Conversation Read 202412: "The length of the array must not exceed `20`". */
  conversationsReadMax: 20,
  /** Seller Search Sample Applications 202508: "greater than 0 and less than or equal to 50". */
  sampleApplicationsPageSizeMax: 50,
  /** Search Seller Affiliate Orders 202410: "Default: 20 Valid Range: [1-100]". */
  ordersPageSizeMax: 100,
  ordersPageSizeDefault: 20,
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
  // Get Conversation List is 202412 (Create Conversation, same path, is 202508).
  conversationList: '/affiliate_seller/202412/conversations',
  // Mark Conversation Read: `conversatons` (sic), as its page spells the path.
  conversationsRead: '/affiliate_seller/202412/conversatons/read',
  latestUnreadMessages: '/affiliate_seller/202412/conversations/messages/list/newest',
  sampleApplicationSearch: '/affiliate_seller/202508/sample_applications/search',
  sampleApplicationReview: (id: string) =>
    `/affiliate_seller/202507/sample_applications/${id}/review`,
  sampleApplicationFulfillments: (id: string) =>
    `/affiliate_seller/202409/sample_applications/${id}/fulfillments/search`,
  affiliateOrderSearch: '/affiliate_seller/202410/orders/search',
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
  updateTime: Date | null;
  invitedCreators: number | null;
  /** Creators who added the products to their showcase (accepted). */
  showcaseCreators: number | null;
  /** Creators who posted content with the products. */
  contentCreators: number | null;
  productCount: number | null;
  /** STANDARD or TOP_CREATOR_PROGRAM. */
  type: string | null;
}

/**
 * A creator in a target collaboration (Query Target Collaboration Detail 202508). The page
 * has no "accepted" or "declined" state: acceptance is the showcase ("creators have already
 * added the products to the showcase", Search Target Collaborations' `creator_accept_status`
 * ACCEPT), and `status` is the entry's NORMAL, DELETING (DELETED "at 00:00 the next day") or
 * DELETED.
 */
export interface TargetCollaborationCreator {
  openId: string | null;
  username: string | null;
  nickname: string | null;
  /** NORMAL, DELETING, DELETED. */
  status: string | null;
  /** Products of the collaboration in the creator's showcase (NORMAL and DELETING ones). */
  showcaseProductCount: number | null;
  /** Products the creator posted a video or live with (NORMAL and DELETING ones). */
  contentProductCount: number | null;
  /** EFFECTIVE_ALL, EFFECTIVE_PARTIALLY, EFFECTIVE_NONE. */
  productEffectiveStatus: string | null;
}

export interface TargetCollaborationDetail {
  id: string;
  name: string;
  message: string | null;
  startTime: Date | null;
  endTime: Date | null;
  updateTime: Date | null;
  sellerContactEmail: string | null;
  freeSample: { hasFreeSample: boolean; isSampleApprovalExempt: boolean } | null;
  /** The page's counts; each "will only include the NORMAL state". */
  counts: {
    invitedCreators: number | null;
    showcaseCreators: number | null;
    contentCreators: number | null;
    products: number | null;
  };
  type: string | null;
  products: Array<{
    id: string;
    title: string | null;
    commissionRate: number | null;
    /** The product in this collaboration: NORMAL, DELETING, DELETED. */
    status: string | null;
    /** The product itself: LIVE, OUT_OF_STOCK, SELLER_DEACTIVATE… */
    saleStatus: string | null;
  }>;
  creators: TargetCollaborationCreator[];
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
  /** The sender's IM id (a conversation's creator is its `creatorImId`). */
  senderId: string | null;
  /** "Higher index corresponds to newer message" (a decimal string). */
  conversationIndex: string | null;
}

/** Get Conversation List 202412 `conversation_status`. */
export type ConversationFilter = 'ALL' | 'UNREAD' | 'UNREPLIED';

export interface ConversationSummary {
  id: string;
  unreadCount: number | null;
  username: string | null;
  avatarUrl: string | null;
  /** The creator's IM user id: the `sender_id` of the creator's messages. */
  creatorImId: string | null;
}

/** Seller Search Sample Applications 202508 `status`. */
export type SampleApplicationStatus =
  | 'PENDING'
  | 'AWAITING_SHIPMENT'
  | 'SHIPPED'
  | 'CONTENT_PENDING'
  | 'REJECT_CANCELLED'
  | 'OVERDUE_CANCELLED'
  | 'UNFULFILL_CANCELLED'
  | 'DEL_OPEN_COLLAB'
  | 'SELLER_NOT_SHIP_CANCELLED'
  | 'WITHDRAW_CANCELLED'
  | 'UNFULFILLABLE_CANCELLED'
  | 'OPS_CANCELLED'
  | 'OPS_FAILED'
  | 'OPS_COMPLETED'
  | 'COMPLETED';

export interface SampleApplication {
  id: string;
  /** One of SampleApplicationStatus (kept as sent: the platform may add some). */
  status: string;
  /** A fraction as the page gives it ("0.1" = 10 %). */
  commissionRate: string | null;
  orderId: string | null;
  availableQuantity: number | null;
  approveExpiresAt: Date | null;
  shipmentExpiresAt: Date | null;
  trackingNumber: string | null;
  /** PENDING, ONGOING, SUCCEED, FAILED, OVERDUE, SUSPEND, CANCELLED, EXEMPTED. */
  fulfillmentStatus: string | null;
  isApprovable: boolean | null;
  disapprovableReasons: string[];
  /** Set when an agency applied for the creator (such applications cannot be reviewed: 16022020). */
  partnerName: string | null;
  creator: {
    openId: string | null;
    username: string | null;
    nickname: string | null;
    followerCount: number | null;
    avatarUrl: string | null;
    gmv: { amount: string; currency: string } | null;
    contentCount: number | null;
    fulfillmentPercentage: string | null;
    videoViews: number | null;
  };
  product: {
    id: string | null;
    title: string | null;
    skuId: string | null;
    skuName: string | null;
    skuImageUrl: string | null;
  };
}

/** Seller Review Sample Applications 202507: `reject_reason` is "Required if … REJECT". */
export type SampleReview =
  | { result: 'APPROVE' }
  | { result: 'REJECT'; reason: 'NOT_MATCH' | 'OFFLINE' | 'OUT_OF_STOCK' | 'OTHER' };

export interface SampleFulfillment {
  productId: string | null;
  productImageUrl: string | null;
  content: {
    id: string | null;
    /** LIVE or VIDEO. */
    format: string | null;
    url: string | null;
    pageLink: string | null;
    description: string | null;
    viewCount: number | null;
    likeCount: number | null;
    commentCount: number | null;
    paidOrderCount: number | null;
    /** VIDEO: first public and linked to the product; LIVE: the product link first added. */
    createTime: Date | null;
    liveEndTime: Date | null;
  } | null;
}

export interface Money {
  amount: string;
  currency: string;
}

export interface AffiliateOrderSku {
  productId: string | null;
  targetCollaborationId: string | null;
  openCollaborationId: string | null;
  campaignId: string | null;
  /** The page names the creator by username only (no open id). */
  creatorUsername: string | null;
  price: Money | null;
  quantity: number | null;
  refundedQuantity: number | null;
  returnedQuantity: number | null;
  /** SHOP, VIDEO, LIVE, PRE_LIVE, PROMOTION_PAGE, LINKSHARE. */
  contentType: string | null;
  contentId: string | null;
  /** Hundredths of a percent (1550 = 15.50 %). */
  commissionRate: number | null;
  estimatedCommissionBase: Money | null;
  estimatedPaidCommission: Money | null;
  actualCommissionBase: Money | null;
  actualPaidCommission: Money | null;
}

export interface AffiliateOrder {
  id: string;
  /** PROCESSING, COMPLETED, CANCELLED, FROZEN, DEDUCTED. */
  status: string;
  createTime: Date | null;
  deliveryTime: Date | null;
  skus: AffiliateOrderSku[];
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

const moneyOf = (value: Money | string | undefined): Money | null =>
  value && typeof value === 'object' ? { amount: value.amount, currency: value.currency } : null;

const numberOf = (value: string | undefined): number | null =>
  value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;

/** Whole seconds of a Date, for the request fields the pages type as Unix timestamps. */
function seconds(operation: string, name: string, date: Date): number {
  const value = Math.floor(date.getTime() / 1000);
  if (!Number.isFinite(value) || value < 0) refuse(operation, `${name} is not a time`);
  return value;
}

function pageSizeIn(operation: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    refuse(operation, `page_size 1 to ${max}`);
  }
  return value;
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
   * Search Target Collaborations 202508 (affiliate-seller/search-target-collaborations): by
   * creator, name, product or id; `creatorAcceptStatus` ACCEPT keeps those where "creators have
   * already added the products to the showcase". Reconciliation reads it after an unknown
   * outcome (was the collaboration created?). Scope: seller.affiliate_collaboration.read.
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
      /** ACCEPT or ALL (the page's default). */
      creatorAcceptStatus?: 'ACCEPT' | 'ALL';
      /** WITH_FREE_SAMPLE or ALL (the page's default). */
      freeSampleSetting?: 'WITH_FREE_SAMPLE' | 'ALL';
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
        ...(params.creatorAcceptStatus
          ? { creator_accept_status: params.creatorAcceptStatus }
          : {}),
        ...(params.freeSampleSetting ? { free_sample_setting: params.freeSampleSetting } : {}),
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
        updateTime: fromUnix(item.update_time),
        invitedCreators: item.creator_inivited_count ?? null,
        showcaseCreators: item.showcase_creator_count ?? null,
        contentCreators: item.content_creator_count ?? null,
        productCount: item.product_count ?? null,
        type: item.type ?? null,
      })),
      nextPageToken: data.next_page_token || null,
      total: data.total_count ?? null,
    };
  }

  /**
   * Query Target Collaboration Detail 202508 (affiliate-seller/query-target-collaboration-detail):
   * its counts, products and each creator's state (entry status, showcase and content product
   * counts). Scope: seller.affiliate_collaboration.read. 50001700: not this seller's.
   */
  async getTargetCollaboration(shop: ShopAccess, id: string): Promise<TargetCollaborationDetail> {
    const operation = `GET ${TIKTOK_SHOP_PATHS.targetCollaboration('{target_collaboration_id}')}`;
    const data = await this.transport.signed({
      method: 'GET',
      api: operation,
      path: TIKTOK_SHOP_PATHS.targetCollaboration(pathId(id, 'target_collaboration_id', operation)),
      ...this.access(shop),
      data: targetCollaborationDetailData,
    });
    const tc = data.target_collaboration;
    return {
      id: tc.id,
      name: tc.name,
      message: tc.message ?? null,
      startTime: fromUnix(tc.start_time),
      endTime: fromUnix(tc.end_time),
      updateTime: fromUnix(tc.update_time),
      sellerContactEmail: tc.seller_contact_info?.email ?? null,
      freeSample: tc.free_sample_rule
        ? {
            hasFreeSample: tc.free_sample_rule.has_free_sample ?? false,
            isSampleApprovalExempt: tc.free_sample_rule.is_sample_approval_exempt ?? false,
          }
        : null,
      counts: {
        invitedCreators: tc.creator_invited_count ?? null,
        showcaseCreators: tc.showcase_creator_count ?? null,
        contentCreators: tc.content_creator_count ?? null,
        products: tc.product_count ?? null,
      },
      type: tc.type ?? null,
      products: tc.products.map((product) => ({
        id: product.id,
        title: product.title ?? null,
        commissionRate: product.commission?.rate ?? null,
        status: product.collaboration_status ?? null,
        saleStatus: product.status ?? null,
      })),
      creators: tc.creators.map((creator) => ({
        openId: creator.creator_open_id ?? null,
        username: creator.username ?? null,
        nickname: creator.nickname ?? null,
        status: creator.collaboration_status ?? null,
        showcaseProductCount: creator.showcase_product_count ?? null,
        contentProductCount: creator.content_product_count ?? null,
        productEffectiveStatus: creator.product_effective_status ?? null,
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
      api: operation,
      path: TIKTOK_SHOP_PATHS.sendMessage(pathId(conversationId, 'conversation_id', operation)),
      ...this.access(shop),
      body: { msg_type: message.type, content: JSON.stringify(content) },
      data: sentMessageData,
    });
    return { messageId: data.message_id };
  }

  /**
   * Get Message in the Conversation 202412 (affiliate-seller/get-message-in-the-conversation),
   * a page of at most 20: did a message go out, and what did the creator write?
   * Scope: seller.affiliate_messages.write (the page's only scope, even to read).
   */
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
      api: operation,
      path: TIKTOK_SHOP_PATHS.conversationMessages(
        pathId(conversationId, 'conversation_id', operation),
      ),
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      data: conversationMessagesData,
    });
    return {
      messages: data.messages.map((item) => ({
        id: item.message_body.id,
        type: item.message_body.type,
        content: item.message_body.content,
        createTime: fromUnix(item.message_body.create_time),
        senderId: item.message_body.sender_id ?? null,
        conversationIndex: item.conversation_index ?? null,
      })),
      nextPageToken: data.next_page_token || null,
      hasMore: data.has_more,
    };
  }

  /**
   * Get Conversation List 202412 (affiliate-seller/get-conversation-list): the shop's
   * conversations, a page of at most 50; `filter` UNREAD ("messages that the seller has not
   * read yet", until Mark Conversation Read; a reply does not change it) or UNREPLIED (the
   * seller is not the last sender). `only_need_conversation_id` is sent false: the page's
   * default (true) answers the ids alone. The page lists it in the query and the body of this
   * GET; a GET carries no body here, so it goes in the query.
   * Scope: seller.affiliate_messages.write.
   */
  async listConversations(
    shop: ShopAccess,
    params: { filter?: ConversationFilter; pageSize?: number; pageToken?: string } = {},
  ): Promise<{
    conversations: ConversationSummary[];
    nextPageToken: string | null;
    hasMore: boolean;
  }> {
    const operation = `GET ${TIKTOK_SHOP_PATHS.conversationList}`;
    const pageSize = pageSizeIn(
      operation,
      params.pageSize ?? TIKTOK_SHOP_LIMITS.conversationsPageSizeMax,
      TIKTOK_SHOP_LIMITS.conversationsPageSizeMax,
    );
    const data = await this.transport.signed({
      method: 'GET',
      path: TIKTOK_SHOP_PATHS.conversationList,
      ...this.access(shop),
      query: {
        page_size: pageSize,
        page_token: params.pageToken,
        only_need_conversation_id: false,
        conversation_status: params.filter,
      },
      data: conversationListData,
    });
    return {
      conversations: data.conversations.map((item) => ({
        id: item.id,
        unreadCount: item.unread_count ?? null,
        username: item.username || null,
        avatarUrl: item.avatar || null,
        creatorImId: item.creator_im_id || null,
      })),
      nextPageToken: data.next_page_token || null,
      hasMore: data.has_more,
    };
  }

  /**
   * Mark Conversation Read 202412 (affiliate-seller/mark-conversation-read): every message of
   * these conversations (at most 20) becomes read. Answers the ids the platform could not
   * mark ("You are suggested to retry the API"). Scope: seller.affiliate_messages.write.
   */
  async markConversationsRead(
    shop: ShopAccess,
    conversationIds: readonly string[],
  ): Promise<{ failedConversationIds: string[] }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.conversationsRead}`;
    const max = TIKTOK_SHOP_LIMITS.conversationsReadMax;
    if (conversationIds.length < 1 || conversationIds.length > max) {
      refuse(operation, `1 to ${max} conversation ids`);
    }
    for (const conversationId of conversationIds)
      pathId(conversationId, 'conversation_ids', operation);
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.conversationsRead,
      ...this.access(shop),
      // `[]string` on the page (its sample request shows a bare number, which JSON cannot
      // carry exactly beyond 2^53): sent as strings.
      body: { conversation_ids: [...conversationIds] },
      data: markReadData,
    });
    return { failedConversationIds: data.failed_conversation_ids };
  }

  /**
   * Get Latest Unread Messages 202412 (affiliate-seller/get-latest-unread-messages): "the
   * unread messages from the last minute" (the page recommends the New Message Listener
   * webhook instead). Its entries carry no message id nor time: a hint to read the
   * conversation, never a record. Scope: seller.affiliate_messages.write.
   */
  async getLatestUnreadMessages(shop: ShopAccess): Promise<
    Array<{
      conversationId: string;
      type: string;
      content: string;
      senderId: string | null;
      unreadCount: number | null;
    }>
  > {
    const data = await this.transport.signed({
      method: 'GET',
      path: TIKTOK_SHOP_PATHS.latestUnreadMessages,
      ...this.access(shop),
      data: latestUnreadData,
    });
    return data.newest_message_list.map((item) => ({
      conversationId: item.conversation_id,
      type: item.type,
      content: item.content,
      senderId: item.sender_id ?? null,
      unreadCount: item.unread_message_count ?? null,
    }));
  }

  /**
   * Seller Search Sample Applications 202508 (affiliate-seller/seller-search-sample-applications):
   * the shop's sample applications, a page of at most 50 (no default on the page: 50 sent),
   * filtered as documented. Two body fields are spelled as the page spells them:
   * `creator_user_oepn_id` and `target_collabration_id`. Scope: seller.affiliate_collaboration.read.
   */
  async searchSampleApplications(
    shop: ShopAccess,
    params: {
      productId?: string;
      /** The product's name, fuzzy. */
      productTitle?: string;
      creatorOpenId?: string;
      /** The creator's username, fuzzy. */
      username?: string;
      targetCollaborationId?: string;
      /** The sample order's id. */
      orderId?: string;
      status?: SampleApplicationStatus;
      pageSize?: number;
      pageToken?: string;
    } = {},
  ): Promise<{
    applications: SampleApplication[];
    nextPageToken: string | null;
    total: number | null;
  }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.sampleApplicationSearch}`;
    const pageSize = pageSizeIn(
      operation,
      params.pageSize ?? TIKTOK_SHOP_LIMITS.sampleApplicationsPageSizeMax,
      TIKTOK_SHOP_LIMITS.sampleApplicationsPageSizeMax,
    );
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.sampleApplicationSearch,
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      body: {
        ...(params.productId ? { product_id: params.productId } : {}),
        ...(params.productTitle ? { title: params.productTitle } : {}),
        ...(params.creatorOpenId ? { creator_user_oepn_id: params.creatorOpenId } : {}),
        ...(params.username ? { username: params.username } : {}),
        ...(params.targetCollaborationId
          ? { target_collabration_id: params.targetCollaborationId }
          : {}),
        ...(params.orderId ? { order_id: params.orderId } : {}),
        ...(params.status ? { status: params.status } : {}),
      },
      data: sampleApplicationSearchData,
    });
    return {
      applications: data.sample_applications.map((item) => ({
        id: item.id,
        status: item.status,
        commissionRate: item.commission_rate || null,
        orderId: item.order_id || null,
        availableQuantity: item.available_quantity ?? null,
        approveExpiresAt: fromUnix(item.approve_expiration_time),
        shipmentExpiresAt: fromUnix(item.shipment_expiration_time),
        trackingNumber: item.tracking_number || null,
        fulfillmentStatus: item.fulfillment_status || null,
        isApprovable: item.is_approvable ?? null,
        disapprovableReasons: item.disapprovable_reasons ?? [],
        partnerName: item.partner_name || null,
        creator: {
          openId: item.creator?.creator_open_id || null,
          username: item.creator?.username || null,
          nickname: item.creator?.nickname || null,
          followerCount: item.creator?.follower_count ?? null,
          avatarUrl: item.creator?.avatar_url || null,
          gmv: moneyOf(item.creator?.gmv),
          contentCount: item.creator?.content_count ?? null,
          fulfillmentPercentage: item.creator?.fulfillment_percentage || null,
          videoViews: item.creator?.ec_video_view ?? null,
        },
        product: {
          id: item.product?.id || null,
          title: item.product?.title || null,
          skuId: item.product?.sku_id || null,
          skuName: item.product?.sku_name || null,
          skuImageUrl: item.product?.sku_image_url || null,
        },
      })),
      nextPageToken: data.next_page_token || null,
      total: data.total_count ?? null,
    };
  }

  /**
   * Seller Review Sample Applications 202507 (affiliate-seller/seller-review-sample-applications):
   * APPROVE, or REJECT with its `reject_reason` ("Required if the review_result is set to
   * REJECT"). An agency's application answers 16022020. Scope: seller.affiliate_collaboration.write.
   */
  async reviewSampleApplication(
    shop: ShopAccess,
    applicationId: string,
    review: SampleReview,
  ): Promise<void> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.sampleApplicationReview('{application_id}')}`;
    if (review.result === 'REJECT' && !review.reason)
      refuse(operation, 'reject_reason is required');
    await this.transport.signed({
      method: 'POST',
      api: operation,
      path: TIKTOK_SHOP_PATHS.sampleApplicationReview(
        pathId(applicationId, 'application_id', operation),
      ),
      ...this.access(shop),
      body:
        review.result === 'REJECT'
          ? { review_result: 'REJECT', reject_reason: review.reason }
          : { review_result: 'APPROVE' },
      data: emptyData,
    });
  }

  /**
   * Seller Search Sample Applications Fulfillments 202409
   * (affiliate-seller/seller-search-sample-applications-fulfillments): the content the creator
   * made with the sample and the orders it brought, optionally only LIVE or VIDEO.
   * Scope: seller.affiliate_collaboration.read.
   */
  async searchSampleFulfillments(
    shop: ShopAccess,
    applicationId: string,
    params: { contentFormat?: 'LIVE' | 'VIDEO' } = {},
  ): Promise<SampleFulfillment[]> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.sampleApplicationFulfillments('{application_id}')}`;
    const data = await this.transport.signed({
      method: 'POST',
      api: operation,
      path: TIKTOK_SHOP_PATHS.sampleApplicationFulfillments(
        pathId(applicationId, 'application_id', operation),
      ),
      ...this.access(shop),
      body: params.contentFormat ? { content_format: params.contentFormat } : {},
      data: sampleFulfillmentsData,
    });
    return data.fulfillments.map((item) => ({
      productId: item.product?.id || null,
      productImageUrl: item.product?.main_image_url || null,
      content: item.content
        ? {
            id: item.content.id || null,
            format: item.content.format || null,
            url: item.content.url || null,
            pageLink: item.content.page_link || null,
            description: item.content.description ?? null,
            viewCount: item.content.view_count ?? null,
            likeCount: item.content.like_count ?? null,
            commentCount: item.content.comment_count ?? null,
            paidOrderCount: item.content.paid_order_count ?? null,
            createTime: fromUnix(item.content.create_time),
            liveEndTime: fromUnix(item.content.live_end_time),
          }
        : null,
    }));
  }

  /**
   * Search Seller Affiliate Orders 202410 (affiliate-seller/search-seller-affiliate-orders):
   * orders created in [`createdFrom`, `createdBefore`) ("If `create_time_ge` is filled but
   * `create_time_lt` is empty, `create_time_lt` will default to the current time"), or of one
   * program (a target collaboration, open collaboration or campaign id), paged by
   * `page_token` (`page_size` is required by the page: 1–100, 20 sent by default).
   * Scope: seller.affiliate_collaboration.read.
   */
  async searchAffiliateOrders(
    shop: ShopAccess,
    params: {
      createdFrom?: Date;
      createdBefore?: Date;
      programId?: string;
      pageSize?: number;
      pageToken?: string;
    } = {},
  ): Promise<{ orders: AffiliateOrder[]; nextPageToken: string | null; total: number | null }> {
    const operation = `POST ${TIKTOK_SHOP_PATHS.affiliateOrderSearch}`;
    const pageSize = pageSizeIn(
      operation,
      params.pageSize ?? TIKTOK_SHOP_LIMITS.ordersPageSizeDefault,
      TIKTOK_SHOP_LIMITS.ordersPageSizeMax,
    );
    const from = params.createdFrom && seconds(operation, 'create_time_ge', params.createdFrom);
    const before =
      params.createdBefore && seconds(operation, 'create_time_lt', params.createdBefore);
    if (from !== undefined && before !== undefined && from >= before) {
      refuse(operation, 'create_time_ge must be before create_time_lt');
    }
    const data = await this.transport.signed({
      method: 'POST',
      path: TIKTOK_SHOP_PATHS.affiliateOrderSearch,
      ...this.access(shop),
      query: { page_size: pageSize, page_token: params.pageToken },
      body: {
        ...(from !== undefined ? { create_time_ge: from } : {}),
        ...(before !== undefined ? { create_time_lt: before } : {}),
        ...(params.programId ? { program_id: params.programId } : {}),
      },
      data: affiliateOrderSearchData,
    });
    return {
      orders: data.orders.map((order) => ({
        id: order.id,
        status: order.status,
        createTime: fromUnix(order.create_time),
        deliveryTime: fromUnix(order.delivery_time),
        skus: order.skus.map((sku) => ({
          productId: sku.product_id || null,
          targetCollaborationId: sku.target_collaboration_id || null,
          openCollaborationId: sku.open_collaboration_id || null,
          campaignId: sku.campaign_id || null,
          creatorUsername: sku.creator_username || null,
          price: moneyOf(sku.price),
          quantity: sku.quantity ?? null,
          refundedQuantity: sku.refunded_quantity ?? null,
          returnedQuantity: sku.returned_quantity ?? null,
          contentType: sku.content_type || null,
          contentId: sku.content_id || null,
          commissionRate: numberOf(sku.commission_rate),
          estimatedCommissionBase: moneyOf(sku.estimated_commission_base),
          estimatedPaidCommission: moneyOf(sku.estimated_paid_commission),
          actualCommissionBase: moneyOf(sku.actual_commission_base),
          actualPaidCommission: moneyOf(sku.actual_paid_commission),
        })),
      })),
      nextPageToken: data.next_page_token || null,
      total: data.total_count ?? null,
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

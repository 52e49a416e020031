import { z } from 'zod';

/**
 * The platform's answers, checked before anything is believed. Field names and types are
 * those of the API reference pages (partner.tiktokshop.com/docv2, mirrored in
 * lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/<category>/<page>.doc.json);
 * the page is named above each schema. Unknown fields pass (the platform adds fields over
 * time); a missing or mistyped field we rely on fails the answer.
 */

/** Codes may come as numbers or numeric strings (the .NET SDK reads both). */
const code = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** Every answer: `{ code, message, request_id, data }` ("Common Parameters", any page). */
export const envelopeSchema = z.looseObject({
  code,
  message: z.string().default(''),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

const id = z.string().min(1);
/** Unix seconds; some answers send them as numeric strings. */
const unixSeconds = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

// developer-guide/get-started/authorization/authorization-overview-202407: Get Access Token
// and Refresh Access Token answer the same data.
export const tokenData = z.looseObject({
  access_token: id,
  access_token_expire_in: unixSeconds,
  refresh_token: id,
  refresh_token_expire_in: unixSeconds,
  open_id: id,
  seller_name: z.string().default(''),
  seller_base_region: z.string().default(''),
  user_type: z.number().int().optional(),
  granted_scopes: z.array(z.string()).default([]),
});

// api-reference/authorization/get-authorized-shops (202309).
export const authorizedShopsData = z.looseObject({
  shops: z
    .array(
      z.looseObject({
        id,
        name: z.string(),
        region: z.string().min(2),
        seller_type: z.string().optional(),
        cipher: id,
        code: z.string(),
      }),
    )
    .default([]),
});

const money = z.looseObject({ amount: z.string(), currency: z.string() });

// api-reference/affiliate-seller/seller-search-creator-on-marketplace (202508: the version
// whose creators carry `creator_open_id`).
export const creatorSearchData = z.looseObject({
  creators: z
    .array(
      z.looseObject({
        creator_open_id: id,
        username: z.string(),
        nickname: z.string().default(''),
        follower_count: z.number().int().optional(),
        selection_region: z.string().optional(),
        avatar: z.looseObject({ url: z.string().optional() }).optional(),
        category_ids: z.array(z.string()).optional(),
        avg_ec_live_uv: z.number().int().optional(),
        avg_ec_video_view_count: z.number().int().optional(),
        // Omitted when the creator shares no precise data; US creators then have the ranges.
        gmv: money.optional(),
        gmv_range: z.looseObject({ formatted_range: z.string().optional() }).optional(),
        units_sold_range: z.looseObject({ formatted_range: z.string().optional() }).optional(),
        top_follower_demographics: z
          .looseObject({
            age_ranges: z.array(z.string()).optional(),
            major_gender: z
              .looseObject({ gender: z.string(), percentage: z.number().int() })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  next_page_token: z.string().optional(),
  search_key: z.string().optional(),
});

// api-reference/affiliate-seller/create-target-collaboration (202508). The conflicts' creator
// field is `creator_user_open_id` in 202508 (`creator_user_id` in 202405).
export const createTargetCollaborationData = z.looseObject({
  target_collaboration: z.looseObject({ id: z.string() }).optional(),
  target_collaboration_conflicts: z
    .array(
      z.looseObject({
        creator_user_open_id: z.string().optional(),
        product_id: z.string().default(''),
      }),
    )
    .default([]),
});

const freeSampleRule = z.looseObject({
  has_free_sample: z.boolean().optional(),
  is_sample_approval_exempt: z.boolean().optional(),
});

// api-reference/affiliate-seller/search-target-collaborations (202508). The invited count is
// spelled `creator_inivited_count` on that page.
export const targetCollaborationSearchData = z.looseObject({
  total_count: z.number().int().optional(),
  next_page_token: z.string().optional(),
  target_collaborations: z
    .array(
      z.looseObject({
        id,
        name: z.string().default(''),
        message: z.string().optional(),
        start_time: unixSeconds.optional(),
        end_time: unixSeconds.optional(),
        update_time: unixSeconds.optional(),
        creator_inivited_count: z.number().int().optional(),
        showcase_creator_count: z.number().int().optional(),
        content_creator_count: z.number().int().optional(),
        product_count: z.number().int().optional(),
        free_sample_rule: freeSampleRule.optional(),
        type: z.string().optional(),
      }),
    )
    .default([]),
});

// api-reference/affiliate-seller/query-target-collaboration-detail (202508). The counts
// "only include the NORMAL state"; a creator's showcase and content product counts "include
// NORMAL and DELETING states".
export const targetCollaborationDetailData = z.looseObject({
  target_collaboration: z.looseObject({
    id,
    name: z.string().default(''),
    message: z.string().optional(),
    seller_contact_info: z.looseObject({ email: z.string().optional() }).optional(),
    start_time: unixSeconds.optional(),
    end_time: unixSeconds.optional(),
    update_time: unixSeconds.optional(),
    creator_invited_count: z.number().int().optional(),
    showcase_creator_count: z.number().int().optional(),
    content_creator_count: z.number().int().optional(),
    product_count: z.number().int().optional(),
    free_sample_rule: freeSampleRule.optional(),
    products: z
      .array(
        z.looseObject({
          id,
          title: z.string().optional(),
          commission: z.looseObject({ rate: z.number().int().optional() }).optional(),
          // LIVE, OUT_OF_STOCK, SELLER_DEACTIVATE, PLATFORM_DEACTIVATE, GNE_REJECT, DELETE, OTHER.
          status: z.string().optional(),
          // NORMAL, DELETING, DELETED.
          collaboration_status: z.string().optional(),
        }),
      )
      .default([]),
    creators: z
      .array(
        z.looseObject({
          creator_open_id: z.string().optional(),
          username: z.string().optional(),
          nickname: z.string().optional(),
          showcase_product_count: z.number().int().optional(),
          content_product_count: z.number().int().optional(),
          // NORMAL, DELETING, DELETED.
          collaboration_status: z.string().optional(),
          product_effective_status: z.string().optional(),
        }),
      )
      .default([]),
    type: z.string().optional(),
  }),
});

// api-reference/affiliate-seller/create-conversation-with-creator (202508).
export const conversationData = z.looseObject({
  conversation_id: id,
  is_new: z.boolean().optional(),
  username: z.string().optional(),
});

// api-reference/affiliate-seller/send-im-message (202412).
export const sentMessageData = z.looseObject({ message_id: id });

// api-reference/affiliate-seller/get-message-in-the-conversation (202412).
export const conversationMessagesData = z.looseObject({
  has_more: z.boolean().default(false),
  next_page_token: z.string().optional(),
  messages: z
    .array(
      z.looseObject({
        // "Higher index corresponds to newer message."
        conversation_index: z.string().optional(),
        message_body: z.looseObject({
          id,
          conversation_id: z.string().optional(),
          type: z.string(),
          content: z.string().default(''),
          create_time: unixSeconds.optional(),
          sender_id: z.string().optional(),
        }),
      }),
    )
    .default([]),
});

/**
 * A count or a figure the creator may withhold: the sample applications page says such
 * fields return "an empty string" when the creator has not authorized the disclosure.
 */
const withheld = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value) => {
    if (typeof value === 'number') return value;
    return value && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
  });
/** Money, or the empty string a withheld figure may be. */
const withheldMoney = z.union([money, z.string()]).optional();
/** Platform ids sent as numbers in some samples (Mark Conversation Read's answer). */
const idText = z.union([z.string(), z.number()]).transform(String);

// api-reference/affiliate-seller/seller-search-sample-applications (202508).
export const sampleApplicationSearchData = z.looseObject({
  next_page_token: z.string().optional(),
  total_count: z.number().int().optional(),
  sample_applications: z
    .array(
      z.looseObject({
        id,
        // A fraction in [0.01, 0.8], as a string ("0.1").
        commission_rate: z.string().optional(),
        status: z.string(),
        order_id: z.string().optional(),
        available_quantity: z.number().int().optional(),
        approve_expiration_time: unixSeconds.optional(),
        shipment_expiration_time: unixSeconds.optional(),
        tracking_number: z.string().optional(),
        fulfillment_status: z.string().optional(),
        is_approvable: z.boolean().optional(),
        disapprovable_reasons: z.array(z.string()).optional(),
        partner_name: z.string().optional(),
        creator: z
          .looseObject({
            creator_open_id: z.string().optional(),
            username: z.string().optional(),
            nickname: z.string().optional(),
            follower_count: withheld,
            avatar_url: z.string().optional(),
            gmv: withheldMoney,
            content_count: withheld,
            fulfillment_percentage: z.string().optional(),
            ec_video_view: withheld,
          })
          .optional(),
        product: z
          .looseObject({
            id: z.string().optional(),
            title: z.string().optional(),
            sku_id: z.string().optional(),
            sku_image_url: z.string().optional(),
            sku_name: z.string().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

// api-reference/affiliate-seller/seller-review-sample-applications (202507): `data` is `{}`.
export const emptyData = z.looseObject({});

// api-reference/affiliate-seller/seller-search-sample-applications-fulfillments (202409).
export const sampleFulfillmentsData = z.looseObject({
  fulfillments: z
    .array(
      z.looseObject({
        product: z
          .looseObject({ id: z.string().optional(), main_image_url: z.string().optional() })
          .optional(),
        content: z
          .looseObject({
            id: z.string().optional(),
            format: z.string().optional(),
            url: z.string().optional(),
            view_count: z.number().int().optional(),
            like_count: z.number().int().optional(),
            comment_count: z.number().int().optional(),
            paid_order_count: z.number().int().optional(),
            page_link: z.string().optional(),
            description: z.string().optional(),
            create_time: unixSeconds.optional(),
            live_end_time: unixSeconds.optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

// api-reference/affiliate-seller/search-seller-affiliate-orders (202410).
export const affiliateOrderSearchData = z.looseObject({
  next_page_token: z.string().optional(),
  total_count: z.number().int().optional(),
  orders: z
    .array(
      z.looseObject({
        id,
        status: z.string(),
        create_time: unixSeconds.optional(),
        delivery_time: unixSeconds.optional(),
        skus: z
          .array(
            z.looseObject({
              product_id: z.string().optional(),
              open_collaboration_id: z.string().optional(),
              target_collaboration_id: z.string().optional(),
              campaign_id: z.string().optional(),
              creator_username: z.string().optional(),
              price: money.optional(),
              quantity: z.number().int().optional(),
              refunded_quantity: z.number().int().optional(),
              returned_quantity: z.number().int().optional(),
              content_type: z.string().optional(),
              content_id: z.string().optional(),
              // Hundredths of a percent, as a string ("1000").
              commission_rate: z.string().optional(),
              estimated_commission_base: money.optional(),
              estimated_paid_commission: money.optional(),
              actual_commission_base: money.optional(),
              actual_paid_commission: money.optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

// api-reference/affiliate-seller/get-conversation-list (202412).
export const conversationListData = z.looseObject({
  has_more: z.boolean().default(false),
  next_page_token: z.string().optional(),
  conversations: z
    .array(
      z.looseObject({
        id,
        unread_count: z.number().int().optional(),
        username: z.string().optional(),
        avatar: z.string().optional(),
        creator_im_id: z.string().optional(),
      }),
    )
    .default([]),
});

// api-reference/affiliate-seller/mark-conversation-read (202412).
export const markReadData = z.looseObject({
  failed_conversation_ids: z.array(idText).default([]),
});

// api-reference/affiliate-seller/get-latest-unread-messages (202412).
export const latestUnreadData = z.looseObject({
  newest_message_list: z
    .array(
      z.looseObject({
        conversation_id: id,
        type: z.string(),
        content: z.string().default(''),
        sender_id: z.string().optional(),
        unread_message_count: z.number().int().optional(),
      }),
    )
    .default([]),
});

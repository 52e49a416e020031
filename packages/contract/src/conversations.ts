import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';

/**
 * Conversations (issue 19): a shop's conversations with creators on the platform (TikTok
 * Shop's seller–creator IM), read by the platform sync and answered from the console.
 *
 * What the seller can send is what Send IM Message 202412 takes
 * (affiliate-seller/send-im-message; partner.tiktokshop.com docv2, mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * send-im-message.doc.json): `msg_type` TEXT `{"content"}`, PRODUCT_CARD `{"product_id"}`,
 * TARGET_COLLABORATION_CARD `{"target_collaboration_id"}` ("Invitation group id"); the page
 * also lists FREE_SAMPLE_CARD and IMAGE, which the console does not send. The page states no
 * length for a text: CONVERSATION_TEXT_MAX is the length the sandbox plays (its README), kept
 * so that a text the platform may refuse is refused here first, in the seller's language.
 * The seller help ("Affiliate Target Invite & IM Quotas", "How to message and chat with
 * creators", seller-us.tiktok.com/university): "up to 5 messages can be sent before a response
 * is required"; "once a creator responds, message limits are lifted for that conversation".
 */

/** The message types the console sends (Send IM Message 202412 `msg_type`). */
export const conversationSendTypes = ['TEXT', 'PRODUCT_CARD', 'TARGET_COLLABORATION_CARD'] as const;
export type ConversationSendType = (typeof conversationSendTypes)[number];

/** A text message's length, in characters (see above: no documented limit; the sandbox's). */
export const CONVERSATION_TEXT_MAX = 2000;
/** Seller messages a conversation takes before the creator's first answer (seller help). */
export const CONVERSATION_MESSAGES_BEFORE_REPLY = 5;
/** Messages per page of a conversation. */
export const CONVERSATION_MESSAGES_PAGE_MAX = 100;

const id = (what: 'validation.invalidField') =>
  z.coerce
    .number({ error: what })
    .int({ error: what })
    .positive({ error: what })
    .max(2 ** 31 - 1, { error: what });

/** What the seller sends: a text, a product card (a product template), a collaboration card (a send record's). */
export const conversationMessageInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('TEXT'),
      text: z
        .string({ error: 'validation.conversationTextRequired' })
        .trim()
        .min(1, { error: 'validation.conversationTextRequired' })
        .max(CONVERSATION_TEXT_MAX, { error: 'validation.conversationTextMax' }),
    }),
    z.object({
      type: z.literal('PRODUCT_CARD'),
      /** A product template of the caller's (its product id goes out). */
      productTemplateId: id('validation.invalidField'),
    }),
    z.object({
      type: z.literal('TARGET_COLLABORATION_CARD'),
      /** A send record of the caller's that created a target collaboration in this shop. */
      recordId: id('validation.invalidField'),
    }),
  ],
  { error: 'validation.conversationTypeInvalid' },
);
export type ConversationMessageInput = z.infer<typeof conversationMessageInput>;

/**
 * Send a message: in a conversation (`conversationId`), or to a talent in a shop
 * (`talentId` + `shopId`: its conversation there, opened on the platform when it has none).
 */
export const conversationSendBody = z
  .object({
    conversationId: id('validation.invalidField').optional(),
    talentId: id('validation.invalidField').optional(),
    shopId: id('validation.invalidField').optional(),
    message: conversationMessageInput,
  })
  .refine(
    (body) =>
      body.conversationId !== undefined ||
      (body.talentId !== undefined && body.shopId !== undefined),
    { error: 'validation.conversationTargetRequired', path: ['conversationId'] },
  );
export type ConversationSendBody = z.infer<typeof conversationSendBody>;

export const conversationMessagesQuery = z.object({
  /** Messages before this one (a message id), for the older page. */
  beforeId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalidField' })
    .optional(),
  pageSize: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(CONVERSATION_MESSAGES_PAGE_MAX, { error: 'validation.invalidField' })
    .default(50),
});
export type ConversationMessagesQuery = z.infer<typeof conversationMessagesQuery>;

/** One conversation as the console shows it. */
export const conversationData = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  platform: z.string(),
  talentId: z.number().int().nullable(),
  creatorUsername: z.string().nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: isoDateTime.nullable(),
  lastMessagePreview: z.string(),
  /** The creator's latest message is not answered yet (the message box's Todo). */
  awaitingReplySince: isoDateTime.nullable(),
  /** Seller messages the platform still takes before the creator answers (null: no limit now). */
  sellerMessagesLeft: z.number().int().nullable(),
});
export type ConversationData = z.infer<typeof conversationData>;

/** A message of a conversation; `content` as the platform gives it (text, product_id, …). */
export const conversationMessageData = z.object({
  id: z.number().int(),
  sender: z.enum(['creator', 'seller']),
  type: z.string(),
  /** TEXT: the words; a card: the platform's id it carries. */
  text: z.string().nullable(),
  productId: z.string().nullable(),
  targetCollaborationId: z.string().nullable(),
  sentAt: isoDateTime,
});
export type ConversationMessageData = z.infer<typeof conversationMessageData>;

export const conversationMessagesPage = z.object({
  /** Oldest first. */
  list: z.array(conversationMessageData),
  hasMore: z.boolean(),
});
export type ConversationMessagesPage = z.infer<typeof conversationMessagesPage>;

/** A target collaboration a card can carry: a send record of the talent in that shop. */
export const conversationCollaboration = z.object({
  shopId: z.number().int(),
  recordId: z.number().int(),
  taskId: z.number().int(),
  targetCollaborationId: z.string(),
  createdAt: isoDateTime,
});
export type ConversationCollaboration = z.infer<typeof conversationCollaboration>;

/** A shop a conversation with the talent can be opened in (TikTok Shop, authorized with IM). */
export const conversationStartShop = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  platformRegion: z.string().nullable(),
});
export type ConversationStartShop = z.infer<typeof conversationStartShop>;

/** A talent's conversations (one per shop at most), newest first. */
export const talentConversations = z.object({
  list: z.array(conversationData),
  /** The talent's target collaborations, per shop (the collaboration card's choices). */
  collaborations: z.array(conversationCollaboration),
  /** The talent has send records (its conversations come from its invitations). */
  hasRecords: z.boolean(),
  /**
   * The seller's shops a conversation can be opened in (bound TikTok Shop shops whose
   * authorization has the IM scope) and that have none with the talent yet; empty when the
   * talent is not a TikTok creator with a Creator Open ID.
   */
  startShops: z.array(conversationStartShop),
});
export type TalentConversations = z.infer<typeof talentConversations>;

/**
 * A send record's conversation: the one the record opened (its platform reference), else the
 * talent's in the record's shop; null when there is none yet (`canStart`: a message opens one).
 */
export const recordConversation = z.object({
  recordId: z.number().int(),
  shopId: z.number().int(),
  talentId: z.number().int().nullable(),
  conversation: conversationData.nullable(),
  canStart: z.boolean(),
  collaborations: z.array(conversationCollaboration),
});
export type RecordConversation = z.infer<typeof recordConversation>;

/** Open the talent's conversation in one of the seller's shops (Create Conversation). */
export const conversationStartBody = z.object({
  talentId: id('validation.invalidField'),
  shopId: id('validation.invalidField'),
});
export type ConversationStartBody = z.infer<typeof conversationStartBody>;

/** One conversation and the target collaborations its cards can carry (a Todo opens it). */
export const conversationView = z.object({
  conversation: conversationData,
  collaborations: z.array(conversationCollaboration),
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationSendResult = z.object({
  conversation: conversationData,
  message: conversationMessageData,
});
export type ConversationSendResult = z.infer<typeof conversationSendResult>;

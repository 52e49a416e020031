import { z } from './zod.ts';
import { pageQuery } from './envelope.ts';
import { isoDateTime, orderedRanges } from './fields.ts';
/**
 * The message box (spec: 'Message box', the message entity). Messages come only
 * from real events; the server stores the event's kind and parameters and words
 * each message in the reader's language when it is read.
 */
export const messageTypes = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof messageTypes)[number];

/** 0 unread, 1 read (spec section 3). */
export const messageStatuses = [0, 1] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * The events that create messages, with the tab each lands in and the tag the box
 * shows (`messageType`, as in the spec's notices and todos: 0 not started,
 * 1 opened, 2 in progress, 3 expiring soon).
 */
export const messageEvents = {
  paymentSucceeded: { type: 'notice', messageType: 1 },
  membershipExpiring: { type: 'todo', messageType: 3 },
  membershipExpired: { type: 'notice', messageType: 0 },
  inviteRewardGranted: { type: 'message', messageType: 1 },
  taskBatchFailed: { type: 'todo', messageType: 2 },
  shopBindExpired: { type: 'todo', messageType: 3 },
  shopClaimedInSellerCenter: { type: 'notice', messageType: 0 },
  platformAuthorizationLost: { type: 'todo', messageType: 0 },
  browserRunStopped: { type: 'todo', messageType: 0 },
  creatorReplied: { type: 'todo', messageType: 0 },
} as const satisfies Record<string, { type: MessageType; messageType: number }>;
export type MessageEventKind = keyof typeof messageEvents;
export const messageEventKinds = Object.keys(messageEvents) as MessageEventKind[];

/**
 * What each event's message carries; the message's words are made from these.
 * Times are ISO 8601 in UTC (worded in the reader's zone); `planId` is a plan id.
 */
export interface MessageEventParams {
  paymentSucceeded: { orderNo: string; planId: string; validTo: string };
  membershipExpiring: { planId: string; validTo: string };
  membershipExpired: { planId: string; expiredAt: string };
  /** `invitee`: the invitee's masked phone number. */
  inviteRewardGranted: { invitee: string; days: number; validTo: string };
  taskBatchFailed: {
    taskId: number;
    setName: string;
    shopName: string;
    failed: number;
    total: number;
  };
  shopBindExpired: { shopId: number; shopName: string; platform: string };
  /** A hand-bound shop that an account signed in to its seller center bound instead. */
  shopClaimedInSellerCenter: { shopId: number; shopName: string; platform: string };
  /**
   * A platform authorization stopped working (revoked, expired, a scope missing): the shops it
   * serves wait, their records pending, until the seller authorizes again.
   */
  platformAuthorizationLost: {
    connectionId: number;
    sellerName: string;
    shopNames: string;
    platform: string;
    errorCode: string;
  };
  /** The extension met a captcha or a signed-out seller center: the shop's browser actions wait. */
  browserRunStopped: { shopId: number; shopName: string; reason: string };
  /**
   * A creator's message waits for the seller's answer (issue 19, conversations): one Todo per
   * unanswered turn, read when the seller answers in the conversation. `preview`: the start of
   * the creator's words.
   */
  creatorReplied: {
    conversationId: number;
    /** 0: the creator is not in the talent library. */
    talentId: number;
    creator: string;
    shopName: string;
    preview: string;
  };
}

/** Spec: Message, worded in the reader's language, `time` in the reader's zone. */
export const messageData = z.object({
  id: z.number().int(),
  type: z.enum(messageTypes),
  kind: z.enum(messageEventKinds as [MessageEventKind, ...MessageEventKind[]]),
  title: z.string(),
  subTitle: z.string(),
  /** An icon name for the kind (the console draws it). */
  avatar: z.string(),
  content: z.string(),
  /** `YYYY-MM-DD HH:mm` in the reader's zone. */
  time: z.string(),
  createdAt: isoDateTime,
  status: z.union([z.literal(0), z.literal(1)]),
  messageType: z.number().int().nullable(),
  /** The conversation a `creatorReplied` Todo opens (issue 19); null for other kinds. */
  conversationId: z.number().int().nullable(),
});
export type MessageData = z.infer<typeof messageData>;

const timeZoneField = z
  .string({ error: 'validation.invalidField' })
  .max(64, { error: 'validation.invalidField' })
  .optional()
  .describe("IANA zone for `time` and the times inside the words; the account's zone when omitted");

export const messageListQuery = pageQuery
  .extend({
    type: z.enum(messageTypes, { error: 'validation.invalidField' }).optional(),
    status: z.coerce
      .number({ error: 'validation.invalidField' })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalidField' }))
      .optional(),
    createdFrom: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).optional(),
    createdTo: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).optional(),
    /** IANA zone for `time` and the times inside the words. */
    timeZone: timeZoneField,
  })
  .superRefine(orderedRanges(['createdFrom', 'createdTo']));
export type MessageListQuery = z.output<typeof messageListQuery>;

/** How many of the newest messages of each tab the box shows. */
export const MESSAGE_SUMMARY_LATEST = 5;

export const messageSummaryQuery = z.object({ timeZone: timeZoneField });

/** The message box: unread counts per tab and each tab's newest messages. */
export const messageSummary = z.object({
  unread: z.object({ message: z.number().int(), notice: z.number().int(), todo: z.number().int() }),
  latest: z.object({
    message: z.array(messageData),
    notice: z.array(messageData),
    todo: z.array(messageData),
  }),
});
export type MessageSummary = z.infer<typeof messageSummary>;

export const messageReadBody = z.object({
  ids: z
    .array(
      z
        .number({ error: 'validation.invalidField' })
        .int({ error: 'validation.invalidField' })
        .positive({ error: 'validation.invalidField' }),
      { error: 'validation.invalidField' },
    )
    .min(1, { error: 'validation.invalidField' })
    .max(500, { error: 'validation.invalidField' }),
});
export type MessageReadBody = z.infer<typeof messageReadBody>;

/** All Read: one tab, or every tab when `type` is left out. */
export const messageReadAllBody = z.object({
  type: z.enum(messageTypes, { error: 'validation.invalidField' }).optional(),
});
export type MessageReadAllBody = z.infer<typeof messageReadAllBody>;

export const messageReadResult = z.object({ affected: z.number().int() });

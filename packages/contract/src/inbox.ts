import { z } from './zod.ts';
import { pageQuery } from './envelope.ts';
import { isoDateTime, orderedRanges } from './fields.ts';
/**
 * The message box (spec: 'Message box', the message entity). Messages come only
 * from real events; the server stores the event's kind and parameters and words
 * each message in the reader's language when it is read.
 */
export const inboxTypes = ['message', 'notice', 'todo'] as const;
export type InboxType = (typeof inboxTypes)[number];

/** 0 unread, 1 read (spec section 3). */
export const inboxStatuses = [0, 1] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/**
 * The events that create messages, with the tab each lands in and the tag the box
 * shows (`messageType`, as in the spec's notices and todos: 0 not started,
 * 1 opened, 2 in progress, 3 expiring soon).
 */
export const inboxEvents = {
  paymentSucceeded: { type: 'notice', messageType: 1 },
  membershipExpiring: { type: 'todo', messageType: 3 },
  membershipExpired: { type: 'notice', messageType: 0 },
  inviteRewardGranted: { type: 'message', messageType: 1 },
  taskBatchFailed: { type: 'todo', messageType: 2 },
  shopBindExpired: { type: 'todo', messageType: 3 },
  shopClaimedInSellerCenter: { type: 'notice', messageType: 0 },
  platformAuthorizationLost: { type: 'todo', messageType: 0 },
  browserRunStopped: { type: 'todo', messageType: 0 },
} as const satisfies Record<string, { type: InboxType; messageType: number }>;
export type InboxEventKind = keyof typeof inboxEvents;
export const inboxEventKinds = Object.keys(inboxEvents) as InboxEventKind[];

/**
 * What each event's message carries; the message's words are made from these.
 * Times are ISO 8601 in UTC (worded in the reader's zone); `planId` is a plan id.
 */
export interface InboxEventParams {
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
}

/** Spec: Message, worded in the reader's language, `time` in the reader's zone. */
export const inboxMessage = z.object({
  id: z.number().int(),
  type: z.enum(inboxTypes),
  kind: z.enum(inboxEventKinds as [InboxEventKind, ...InboxEventKind[]]),
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
});
export type InboxMessage = z.infer<typeof inboxMessage>;

const timeZoneField = z
  .string({ error: 'validation.invalidField' })
  .max(64, { error: 'validation.invalidField' })
  .optional()
  .describe("IANA zone for `time` and the times inside the words; the account's zone when omitted");

export const inboxListQuery = pageQuery
  .extend({
    type: z.enum(inboxTypes, { error: 'validation.invalidField' }).optional(),
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
export type InboxListQuery = z.output<typeof inboxListQuery>;

/** How many of the newest messages of each tab the box shows. */
export const INBOX_SUMMARY_LATEST = 5;

export const inboxSummaryQuery = z.object({ timeZone: timeZoneField });

/** The message box: unread counts per tab and each tab's newest messages. */
export const inboxSummary = z.object({
  unread: z.object({ message: z.number().int(), notice: z.number().int(), todo: z.number().int() }),
  latest: z.object({
    message: z.array(inboxMessage),
    notice: z.array(inboxMessage),
    todo: z.array(inboxMessage),
  }),
});
export type InboxSummary = z.infer<typeof inboxSummary>;

export const inboxReadBody = z.object({
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
export type InboxReadBody = z.infer<typeof inboxReadBody>;

/** All Read: one tab, or every tab when `type` is left out. */
export const inboxReadAllBody = z.object({
  type: z.enum(inboxTypes, { error: 'validation.invalidField' }).optional(),
});
export type InboxReadAllBody = z.infer<typeof inboxReadAllBody>;

export const inboxReadResult = z.object({ affected: z.number().int() });

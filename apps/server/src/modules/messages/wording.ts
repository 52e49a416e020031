import {
  browserStopReasons,
  messageEventKinds,
  type BrowserStopReason,
  sendErrorCodes,
  translate,
  type MessageEventKind,
  type MessageData,
  type Locale,
  type TextParams,
  type SendErrorCode,
} from '@inviteflow/contract';
import type { MessageRow } from './repository.ts';
import { formatInZone } from '../../lib/time-zones.ts';

type Row = MessageRow;

/**
 * A plan's name in the reader's language: membership/plans.ts's planName, passed in by
 * app.ts through messageRoutes' options. Membership posts messages here (notices, payments),
 * so importing it from the messages module would make the two modules a cycle.
 */
export type PlanName = (locale: Locale, planId: string) => string;

/** The icon the box shows for each kind of event. */
const avatars: Record<MessageEventKind, string> = {
  paymentSucceeded: 'payment',
  membershipExpiring: 'membership-expiring',
  membershipExpired: 'membership-expired',
  inviteRewardGranted: 'gift',
  taskBatchFailed: 'task-failed',
  shopBindExpired: 'shop',
  shopClaimedInSellerCenter: 'shop',
  platformAuthorizationLost: 'shop',
  browserRunStopped: 'shop',
  creatorReplied: 'conversation',
};

/** `YYYY-MM-DD HH:mm` in the reader's zone. */
export function minuteInZone(date: Date, timeZone: string): string {
  return formatInZone(date, timeZone).slice(0, 16);
}

/** An event's parameters as words: plan ids named, times in the reader's zone, platforms named. */
function wordedParams(
  params: Record<string, unknown>,
  locale: Locale,
  timeZone: string,
  planName: PlanName,
) {
  const out: TextParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'planId' && typeof value === 'string') out.plan = planName(locale, value);
    else if ((key === 'validTo' || key === 'expiredAt') && typeof value === 'string')
      out[key] = minuteInZone(new Date(value), timeZone);
    else if (key === 'platform' && (value === 'douyin' || value === 'tiktok'))
      out[key] = translate(locale, `enum.platform.${value}`);
    else if (key === 'errorCode' && typeof value === 'string' && isSendErrorCode(value))
      out[key] = translate(locale, `enum.sendErrorCode.${value}`);
    else if (key === 'reason' && typeof value === 'string' && isStopReason(value))
      out[key] = translate(locale, `enum.browserStopReason.${value}`);
    else if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

function isStopReason(reason: string): reason is BrowserStopReason {
  return (browserStopReasons as readonly string[]).includes(reason);
}

function isSendErrorCode(code: string): code is SendErrorCode {
  return (sendErrorCodes as readonly string[]).includes(code);
}

function isKind(kind: string): kind is MessageEventKind {
  return (messageEventKinds as string[]).includes(kind);
}

/** A stored message worded in the reader's language and zone, from its kind and parameters. */
export function toMessageData(
  row: Row,
  locale: Locale,
  timeZone: string,
  planName: PlanName,
): MessageData {
  const kind = isKind(row.kind) ? row.kind : 'paymentSucceeded';
  const params = wordedParams(row.params, locale, timeZone, planName);
  return {
    id: row.id,
    type: row.type as MessageData['type'],
    kind,
    title: translate(locale, `message.${kind}.title`, params),
    subTitle: translate(locale, `message.${kind}.subTitle`, params),
    avatar: avatars[kind],
    content: translate(locale, `message.${kind}.content`, params),
    time: minuteInZone(row.createdAt, timeZone),
    createdAt: row.createdAt.toISOString(),
    status: row.status === 1 ? 1 : 0,
    messageType: row.messageType,
    conversationId:
      kind === 'creatorReplied' && typeof row.params.conversationId === 'number'
        ? row.params.conversationId
        : null,
  };
}

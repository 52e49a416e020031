import type { PlatformAnswer, PlatformReference, SendErrorCode } from '@inviteflow/contract';
/** What both platforms' errors carry (TikTokShopError, DoudianError): classified alike. */
interface PlatformFailure {
  standardCode: SendErrorCode;
  platformCode: number | null;
  platformMessage: string;
  requestId: string | null;
  reason: string;
}

/**
 * What running an action came to, for the executor to write (executor.ts). Only an answer
 * about a talent (or the request) fails records; a run-level stop leaves them pending.
 */
export type Outcome =
  /** Done: every open record reached the platform. */
  | { type: 'succeeded'; reference: PlatformReference; perRecord?: Map<number, PlatformReference> }
  /** Per talent (抖店 orienPlanAuthorsAdd): these records succeeded, those failed for themselves. */
  | {
      type: 'mixed';
      reference: PlatformReference;
      succeeded: number[];
      failures: RecordFailure[];
      /**
       * A run-level stop met on the way (a limit of the shop): the records neither succeeded nor
       * failed stay pending, and the executor pauses the shop as it would for this error.
       */
      stop?: unknown;
      /** The stop, classified by the executor (a pause of the shop). */
      pause?: { failure: Failure; resumesAt: Date | null; timeZone: string };
    }
  /** Some records are refused for themselves; the others are sent again at once. */
  | { type: 'drop_records'; failures: RecordFailure[] }
  /** A refusal about some creator of a batch that does not say which: halve the batch. */
  | { type: 'split'; failure: Failure }
  /** The request itself is refused: every record of the action fails. */
  | { type: 'fail_all'; failure: Failure }
  /** The shop's actions wait (quota, rate limit, authorization…) until `resumesAt` (null: the seller). */
  | { type: 'pause_shop'; failure: Failure; resumesAt: Date | null; timeZone: string }
  /** This action waits (a network failure that reached nothing). */
  | { type: 'retry_later'; failure: Failure; notBefore: Date }
  /** The call may have taken effect: read the platform before calling again. */
  | { type: 'unknown'; failure: Failure; notBefore: Date };

export interface Failure {
  code: SendErrorCode;
  answer: PlatformAnswer;
  /** Words for the record (the platform's message, or ours). */
  message: string;
}

export interface RecordFailure extends Failure {
  recordId: number;
}

export function answerOf(
  error: Pick<PlatformFailure, 'platformCode' | 'platformMessage' | 'requestId'>,
): PlatformAnswer {
  return {
    code: error.platformCode === null ? null : String(error.platformCode),
    message: error.platformMessage || null,
    requestId: error.requestId,
  };
}

export function failureOf(error: PlatformFailure): Failure {
  return {
    code: error.standardCode,
    answer: answerOf(error),
    message: error.platformMessage || error.reason,
  };
}

/** A failure of ours (no platform answer), e.g. a handle the platform does not know. */
export function ownFailure(code: SendErrorCode, message: string): Failure {
  return { code, message, answer: { code: null, message: null, requestId: null } };
}

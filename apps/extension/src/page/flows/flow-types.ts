import type {
  BrowserRecordOutcome,
  BrowserStop,
  BrowserUnattributed,
  ClaimedBrowserAction,
  PagePack,
} from '@inviteflow/contract';
import type { AnswerFeed } from './answer-hook.ts';

/** What a page flow works with, in the extension's own tab. */
export interface FlowContext {
  doc: Document;
  pack: PagePack;
  action: ClaimedBrowserAction;
  answers: AnswerFeed;
  /** How long one step waits for the page (an element, an answer). */
  stepTimeoutMs: number;
}

/**
 * Phase one fills the page up to the send and stops there; the runner then writes ahead
 * (the server's `started` mark, the journal) before phase two makes the send.
 */
export type PrepareResult =
  | { ready: true; recordIds: number[]; outcomes: BrowserRecordOutcome[] }
  | { ready: false; stop: BrowserStop; outcomes: BrowserRecordOutcome[] };

export interface SendResult {
  outcomes: BrowserRecordOutcome[];
  stop?: BrowserStop;
  unknown: number[];
  /**
   * The page refused the batch with an answer about a talent it did not name: nothing went
   * out, no record fails; the server splits the records left into one-talent actions.
   */
  unattributed?: BrowserUnattributed;
}

export interface PageFlow {
  prepare(context: FlowContext): Promise<PrepareResult>;
  send(context: FlowContext, recordIds: number[]): Promise<SendResult>;
  /**
   * After a restart, what the page shows of each record (a record it cannot tell about is
   * left out); null when the page cannot tell at all.
   */
  readBack?(context: FlowContext): Promise<Array<[number, 'sent' | 'not_sent']> | null>;
}

/** The selector of `key` in the pack, or a page_changed stop naming it. */
export function selectorOf(pack: PagePack, key: string): string {
  const selector = pack.selectors[key];
  if (!selector) throw new PageChanged(`pack ${pack.id}@${pack.version} has no selector ${key}`);
  return selector;
}

/** The page is not as its pack describes it: the run stops (`page_changed`), no record fails. */
export class PageChanged extends Error {}

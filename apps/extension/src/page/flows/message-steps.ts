import {
  routeTalentOf,
  type BrowserRecordOutcome,
  type BrowserStop,
  type ClaimedBrowserAction,
  type PagePack,
} from '@inviteflow/contract';
import { classifyAnswer, classifyText } from '../../channel/page-pack.ts';
import type { HookedAnswer } from './answer-hook.ts';
import { isDisabled, visibleText } from './dom.ts';
import { PageChanged, selectorOf, type FlowContext, type SendResult } from './flow-types.ts';

/**
 * What the two message flows (百应 私信, TikTok IM) share: one talent per action, the words of a
 * button from the pack, the seller's own messages in the open conversation, and what a JSON
 * answer or, last, the page's words say about the one record. Every selector and word comes
 * from the page pack.
 */

export type MessageRecord = ClaimedBrowserAction['records'][number];

/** The action's one talent (a message action holds one record: `browserBatchMax`). */
export function onlyRecord(action: ClaimedBrowserAction): MessageRecord | null {
  return action.records[0] ?? null;
}

/**
 * The message to send: the record's script with this talent's variables filled, else the
 * template text the task's terms keep.
 */
export function messageOf(action: ClaimedBrowserAction, record: MessageRecord): string {
  if (record.message.trim()) return record.message;
  const template = (action.task.terms ?? {}).message;
  return typeof template === 'string' ? template : '';
}

/**
 * The talent the route names (`route.talentParam`), once the page is still on it: never a
 * message in another talent's conversation (the page moved, or was opened on another one).
 */
export function routeTalent({ doc, pack, action }: FlowContext): string {
  const talent = routeTalentOf(pack, action);
  const here = new URL(doc.defaultView?.location.href ?? 'about:blank');
  if (!talent || here.searchParams.get(pack.route.talentParam?.name ?? '') !== talent)
    throw new PageChanged(`the page is not on ${talent ?? 'the talent'}`);
  return talent;
}

/** The enabled button of `selectorKey` whose words are one of the pack's `textsKey` (`a|b`). */
export function buttonByWords(
  doc: ParentNode,
  pack: PagePack,
  selectorKey: string,
  textsKey: string,
): HTMLElement | null {
  const words = (pack.selectors[textsKey] ?? '').split('|').filter(Boolean);
  const found = [...doc.querySelectorAll<HTMLElement>(selectorOf(pack, selectorKey))].filter(
    (button) => !words.length || words.includes((button.textContent ?? '').trim()),
  );
  return found.find((button) => !isDisabled(button)) ?? found[0] ?? null;
}

/** The texts of the seller's own messages in the open conversation, in order. */
export function ownMessages(doc: Document, pack: PagePack): string[] {
  const own = selectorOf(pack, 'ownMessage');
  const bubble = pack.selectors.ownBubble;
  const textSelector = selectorOf(pack, 'messageText');
  return [...doc.querySelectorAll<HTMLElement>(selectorOf(pack, 'message'))]
    .filter((row) => row.matches(own) || (bubble ? !!row.querySelector(bubble) : false))
    .map((row) => (row.querySelector(textSelector)?.textContent ?? '').trim());
}

const answerOf = (pack: PagePack, answer: HookedAnswer) => {
  const body = (answer.body ?? {}) as Record<string, unknown>;
  const message = body.message ?? body.msg;
  const code = classifyAnswer(pack, answer.body).code;
  return {
    code: code === null ? null : code.slice(0, 40),
    message: typeof message === 'string' ? message.slice(0, 500) : null,
    requestId: null,
  };
};

export type AnswerVerdict =
  | { kind: 'success'; answer: ReturnType<typeof answerOf> }
  | { kind: 'failed'; outcome: BrowserRecordOutcome }
  | { kind: 'stop'; stop: BrowserStop }
  /** An answer without the pack's code field: what it means is not known. */
  | { kind: 'unclear'; detail: string };

/**
 * What a JSON answer says about the record, by its numeric code: sent (success), the talent
 * refused (the record fails with the pack's error code), or a run stop. A code the pack does
 * not know is a `page_changed` stop: the platform refused, so nothing went out, and the record
 * goes back to pending without failing.
 */
export function judgeAnswer(pack: PagePack, recordId: number, answer: HookedAnswer): AnswerVerdict {
  const verdict = classifyAnswer(pack, answer.body);
  const said = answerOf(pack, answer);
  if (verdict.kind === 'success') return { kind: 'success', answer: said };
  if (verdict.kind === 'record')
    return {
      kind: 'failed',
      outcome: { recordId, result: 'failed', errorCode: verdict.errorCode, answer: said },
    };
  if (verdict.kind === 'stop')
    return { kind: 'stop', stop: { reason: verdict.reason, answer: said, detail: answer.name } };
  if (verdict.code === null)
    return { kind: 'unclear', detail: `${answer.name}: no ${pack.codeField} in the answer` };
  return {
    kind: 'stop',
    stop: {
      reason: 'page_changed',
      answer: said,
      detail: `${answer.name}: code ${verdict.code ?? 'missing'} not in pack ${pack.id}@${pack.version}`,
    },
  };
}

/** A captcha of the pack's markers on the page (its container, or a verify iframe). */
export function captchaShown(doc: Document, pack: PagePack): boolean {
  return [...pack.captcha.selectors, ...pack.captcha.iframes].some(
    (selector) => !!doc.querySelector(selector),
  );
}

/**
 * A step that did not find the page as the pack says: a captcha in the way is a `captcha`
 * stop (the run pauses and the seller is told), anything else `page_changed`.
 */
export function stopFor(doc: Document, pack: PagePack, detail: string): BrowserStop {
  return captchaShown(doc, pack)
    ? { reason: 'captcha', detail: `captcha shown: ${detail}`.slice(0, 500) }
    : { reason: 'page_changed', detail: detail.slice(0, 500) };
}

/**
 * The last resort after a send the page did not answer: a captcha shown stops the run with
 * the record in doubt (read back later, never sent again); the page's words may say the quota,
 * a captcha or a lost login refused it as a whole (nothing went out); otherwise whether it
 * went out is not known.
 */
export function unansweredSend(pack: PagePack, doc: Document, recordIds: number[]): SendResult {
  if (captchaShown(doc, pack))
    return {
      outcomes: [],
      unknown: recordIds,
      stop: { reason: 'captcha', detail: 'captcha shown after the send' },
    };
  const shown = classifyText(pack, visibleText(doc));
  if (shown === 'quota_exceeded' || shown === 'captcha' || shown === 'login_expired')
    return { outcomes: [], unknown: [], stop: { reason: shown, detail: 'page text' } };
  return {
    outcomes: [],
    unknown: recordIds,
    stop: { reason: 'page_changed', detail: 'the page did not show the message sent' },
  };
}

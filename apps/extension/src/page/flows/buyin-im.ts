import { click, fill, waitFor } from './dom.ts';
import {
  PageChanged,
  selectorOf,
  type FlowContext,
  type PageFlow,
  type PrepareResult,
  type SendResult,
} from './flow-types.ts';
import {
  buttonByWords,
  judgeAnswer,
  messageOf,
  onlyRecord,
  ownMessages,
  routeTalent,
  stopFor,
  unansweredSend,
} from './message-steps.ts';

/**
 * 百应 私信 to one 达人 (issue 17: connection invitations have no open API). The channel opens
 * the 达人's profile by the pack's route (…/dashboard/servicehall/daren-profile?uid=…, the
 * 达人 in `route.talentParam`, checked before any step); the flow waits for the profile, opens
 * its 私信 window by the button's words, and fills the message, stopping before the send. The
 * send's outcome is the JSON answer of the pack's `send` endpoint, read by its numeric code;
 * the page's words only when no answer came. Every selector, word, endpoint and code comes
 * from the page pack `buyin.im` (its sources and what is unverified are there).
 */

/** The 达人's profile, opened by the route, and its 私信 window; resolves its composer. */
async function openConversation(context: FlowContext) {
  const { doc, pack, stepTimeoutMs } = context;
  const uid = routeTalent(context);
  if (!(await waitFor(doc, selectorOf(pack, 'profileReady'), stepTimeoutMs)))
    throw new PageChanged(`the profile of ${uid} did not show`);
  const button = await waitFor<HTMLElement>(
    doc,
    selectorOf(pack, 'imButton'),
    stepTimeoutMs,
    (candidate) => (candidate.textContent ?? '').trim() === pack.selectors.imButtonText,
  );
  if (!button) throw new PageChanged(`no ${pack.selectors.imButtonText ?? 'message'} button`);
  click(button);
  const composer = await waitFor<HTMLTextAreaElement>(
    doc,
    selectorOf(pack, 'composer'),
    stepTimeoutMs,
  );
  if (!composer) throw new PageChanged('the message window did not open');
  return composer;
}

export const buyinImFlow: PageFlow = {
  async prepare(context): Promise<PrepareResult> {
    const record = onlyRecord(context.action);
    if (!record)
      return { ready: false, stop: { reason: 'page_changed', detail: 'no record' }, outcomes: [] };
    const text = messageOf(context.action, record);
    if (!text.trim())
      return {
        ready: false,
        stop: { reason: 'page_changed', detail: 'no message to send' },
        outcomes: [],
      };
    try {
      const composer = await openConversation(context);
      fill(composer, text);
      return { ready: true, recordIds: [record.id], outcomes: [] };
    } catch (error) {
      if (error instanceof PageChanged)
        return {
          ready: false,
          stop: stopFor(context.doc, context.pack, error.message),
          outcomes: [],
        };
      throw error;
    }
  },

  async send({ doc, pack, answers, stepTimeoutMs }, recordIds): Promise<SendResult> {
    const [recordId] = recordIds;
    const button = buttonByWords(doc, pack, 'sendButton', 'sendTexts');
    if (recordId === undefined || !button)
      return {
        outcomes: [],
        // Nothing was clicked: nothing went out, the record goes back to pending.
        unknown: [],
        stop: { reason: 'page_changed', detail: 'the send button is gone' },
      };
    const before = answers.count('send');
    click(button);
    const answer = await answers.next('send', before, stepTimeoutMs * 2);
    if (!answer) return unansweredSend(pack, doc, recordIds);
    const verdict = judgeAnswer(pack, recordId, answer);
    if (verdict.kind === 'success') {
      const data = ((answer.body as { data?: Record<string, unknown> } | null)?.data ??
        {}) as Record<string, unknown>;
      const conversationId = data.conversation_id ?? data.conversationId;
      return {
        outcomes: [
          {
            recordId,
            result: 'sent',
            answer: verdict.answer,
            ...(typeof conversationId === 'string' || typeof conversationId === 'number'
              ? { reference: { conversationId: String(conversationId).slice(0, 120) } }
              : {}),
          },
        ],
        unknown: [],
      };
    }
    if (verdict.kind === 'failed') return { outcomes: [verdict.outcome], unknown: [] };
    if (verdict.kind === 'stop') return { outcomes: [], unknown: [], stop: verdict.stop };
    return {
      outcomes: [],
      unknown: recordIds,
      stop: { reason: 'page_changed', detail: verdict.detail },
    };
  },

  /** After a restart: the message among the seller's own in the 达人's conversation → sent. */
  async readBack(context) {
    const record = onlyRecord(context.action);
    if (!record) return null;
    try {
      await openConversation(context);
    } catch {
      return null;
    }
    const text = messageOf(context.action, record).trim();
    // The history arrives after the window opens: wait for it, briefly, before saying "not sent".
    const seen = await waitFor(
      context.doc,
      selectorOf(context.pack, 'message'),
      context.stepTimeoutMs,
      () => ownMessages(context.doc, context.pack).includes(text),
    );
    return [[record.id, seen ? 'sent' : 'not_sent']];
  },
};

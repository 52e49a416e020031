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
  type MessageRecord,
} from './message-steps.ts';

/**
 * A message to one creator from TikTok Shop's seller-center IM (issue 17). The channel opens
 * the pack's route on the creator (…/seller/im?shop_id=…&creator_id=…&shop_region=…, the
 * creator in `route.talentParam`, checked before any step): the page opens the creator's
 * conversation itself. The flow reads the page's JSON answer of `conversationCreate` by its
 * numeric code (a creator the shop cannot message fails its record there, a quota stops the
 * run) and fills the composer, stopping before the send. The answer hook is installed once
 * the page has loaded, so the page's first conversation answer may have come before it: then
 * the flow asks the page again with its own `open_conversation` window message (hit
 * 58613266387: public automation switches the IM window so) to read the code. The message
 * itself goes over the IM WebSocket (hit 16729626336), which the answer hook cannot see: the
 * send is read from the seller's own new message in the thread; the page's words only when it
 * does not show. Every selector, word, endpoint and code comes from the page pack `tiktok.im`.
 */

/** The conversation id the page's answer gave, per action (the send's reference). */
const conversations = new Map<number, string>();

type Opened =
  | { kind: 'open'; composer: HTMLTextAreaElement }
  /** The page answered about the creator or the run: nothing to send. */
  | { kind: 'answered'; prepare: PrepareResult };

/** Asks the IM page to open the creator's conversation again (its own window message). */
function askToOpen(context: FlowContext) {
  const { doc, pack, action } = context;
  const win = doc.defaultView;
  if (!win) throw new PageChanged('no window');
  const creator = routeTalent(context);
  win.postMessage(
    {
      type: selectorOf(pack, 'openMessageType'),
      payload: {
        shop_id: action.shop.platformShopId ?? '',
        creator_id: creator,
        enter_from: selectorOf(pack, 'enterFrom'),
        url: win.location.href,
      },
    },
    win.location.origin,
  );
}

/**
 * The composer, once the selected conversation in the list is this creator's (its first line
 * is the creator's handle or id: hit 69495917732 reads the selected `contactCard` so): never a
 * composer still on another creator's conversation.
 */
async function composerOf(context: FlowContext, record: MessageRecord) {
  const { doc, pack, stepTimeoutMs } = context;
  const names = new Set(
    [
      routeTalent(context),
      record.platformTalentId,
      record.identity?.platform === 'tiktok' ? record.identity.handle : '',
    ]
      .filter(Boolean)
      .map((name) => name.toLowerCase()),
  );
  const selected = await waitFor(doc, selectorOf(pack, 'selectedContact'), stepTimeoutMs, (card) =>
    names.has((card.textContent ?? '').trim().split('\n')[0]!.trim().toLowerCase()),
  );
  if (!selected) throw new PageChanged('the creator’s conversation is not the selected one');
  const composer = await waitFor<HTMLTextAreaElement>(
    doc,
    selectorOf(pack, 'composer'),
    stepTimeoutMs,
  );
  if (!composer) throw new PageChanged('the composer did not show');
  return composer;
}

/** Opens the creator's conversation and reads the page's JSON answer about it by its code. */
async function openConversation(context: FlowContext, record: MessageRecord): Promise<Opened> {
  const { pack, action, answers, stepTimeoutMs } = context;
  // The page's own answer, when the hook saw it; else the page is asked again.
  if (!answers.count('conversationCreate')) askToOpen(context);
  const answer = await answers.next('conversationCreate', 0, stepTimeoutMs);
  if (!answer) throw new PageChanged('the conversation did not open (no conversation answer)');
  const verdict = judgeAnswer(pack, record.id, answer);
  if (verdict.kind === 'failed')
    // The record's answer; nothing to send (an empty send is never made, and stops nothing).
    return {
      kind: 'answered',
      prepare: { ready: true, recordIds: [], outcomes: [verdict.outcome] },
    };
  if (verdict.kind === 'stop')
    return { kind: 'answered', prepare: { ready: false, stop: verdict.stop, outcomes: [] } };
  if (verdict.kind === 'unclear') throw new PageChanged(verdict.detail);
  const data = ((answer.body as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<
    string,
    unknown
  >;
  const id = data.conversation_short_id ?? data.conversation_id;
  if (typeof id === 'string' || typeof id === 'number') conversations.set(action.id, String(id));
  return { kind: 'open', composer: await composerOf(context, record) };
}

export const tiktokImFlow: PageFlow = {
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
    // The page takes at most this many characters (a longer message is refused whole).
    const max = Number(context.pack.selectors.maxLength ?? '0');
    if (max > 0 && text.length > max)
      return {
        ready: true,
        recordIds: [],
        outcomes: [
          {
            recordId: record.id,
            result: 'failed',
            errorCode: 'invalid_request',
            message: `message longer than ${max} characters`,
          },
        ],
      };
    try {
      const opened = await openConversation(context, record);
      if (opened.kind === 'answered') return opened.prepare;
      fill(opened.composer, text);
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

  async send({ doc, pack, action, stepTimeoutMs }, recordIds): Promise<SendResult> {
    const [recordId] = recordIds;
    const record = action.records.find((candidate) => candidate.id === recordId);
    const button = buttonByWords(doc, pack, 'sendButton', 'sendTexts');
    if (!record || !button)
      return {
        outcomes: [],
        // Nothing was clicked: nothing went out, the record goes back to pending.
        unknown: [],
        stop: { reason: 'page_changed', detail: 'the send button is gone' },
      };
    const text = messageOf(action, record).trim();
    const before = ownMessages(doc, pack).filter((shown) => shown === text).length;
    click(button);
    // The page shows the seller's own message once the IM accepted it.
    const shown = await waitFor(
      doc,
      selectorOf(pack, 'message'),
      stepTimeoutMs * 2,
      () => ownMessages(doc, pack).filter((seen) => seen === text).length > before,
    );
    if (!shown) return unansweredSend(pack, doc, recordIds);
    const conversationId = conversations.get(action.id);
    return {
      outcomes: [
        {
          recordId: record.id,
          result: 'sent',
          ...(conversationId
            ? { reference: { conversationId: conversationId.slice(0, 120) } }
            : {}),
        },
      ],
      unknown: [],
    };
  },

  /**
   * After a restart: the message among the seller's own in the creator's conversation → sent.
   * The route opened it; the conversation is known by the selected one in the list.
   */
  async readBack(context) {
    const record = onlyRecord(context.action);
    if (!record) return null;
    try {
      // The route opened the creator's conversation.
      await composerOf(context, record);
    } catch {
      return null;
    }
    const text = messageOf(context.action, record).trim();
    const seen = await waitFor(
      context.doc,
      selectorOf(context.pack, 'message'),
      context.stepTimeoutMs,
      () => ownMessages(context.doc, context.pack).includes(text),
    );
    return [[record.id, seen ? 'sent' : 'not_sent']];
  },
};

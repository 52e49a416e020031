import type {
  BrowserRecordOutcome,
  BrowserStop,
  ClaimedBrowserAction,
  PagePack,
  TaskPlatformTerms,
} from '@inviteflow/contract';
import { browserBatchMax } from '@inviteflow/contract';
import { classifyAnswer, classifyText, type AnswerClass } from '../../channel/page-pack.ts';
import type { AnswerFeed, HookedAnswer } from './answer-hook.ts';
import { click, fill, isDisabled, sleep, visibleText, waitFor } from './dom.ts';
import {
  PageChanged,
  selectorOf,
  type FlowContext,
  type PageFlow,
  type PrepareResult,
  type SendResult,
} from './flow-types.ts';

/**
 * TikTok Shop's target-invitation page (issue 17), as public automation of the page works it
 * (the pack `tiktok.target-invitation` cites each source: mainly exact-string search
 * `合作邀请发送成功`, hit 61174217546, and `invitation_group/conflict_check`, hits 69381973757,
 * 71047226534): the creators of the action added through the creator drawer (searched by
 * handle), the products through the 添加商品 drawer (searched by 商品 ID), a commission per
 * product, the name, the end date in the picker, the contact, the message and the free-sample
 * rule; phase one stops before 发送. Phase two clicks 发送, reads the page's conflict check
 * (its answer names the creators already in an open invitation of these products), removes
 * them in the overlap dialog (从此邀请中移除达人 → 去解决 → 移除) and reads the create's answer.
 * Outcomes come from the JSON answers, by the pack's numeric codes; the page's words only when
 * no answer came. Every selector, word and endpoint comes from the page pack.
 */

type Collaboration = NonNullable<TaskPlatformTerms['collaboration']>;

/** A run-level stop found on the way (a captcha answer, a quota code): no record fails. */
class FlowStop extends Error {
  constructor(readonly stop: BrowserStop) {
    super(stop.detail ?? stop.reason);
  }
}

/** The pack's words for `key` (`|` separates the UI languages'). */
function wordsOf(pack: PagePack, key: string): string[] {
  return selectorOf(pack, key)
    .split('|')
    .map((word) => word.trim())
    .filter(Boolean);
}

const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The creator's handle (TikTok username without @), as the page's creator search takes it. */
function handleOf(record: ClaimedBrowserAction['records'][number]): string {
  const identity = record.identity;
  const handle = identity?.platform === 'tiktok' ? identity.handle : record.platformTalentId;
  return handle.replace(/^@/, '');
}

function collaborationOf(action: ClaimedBrowserAction): Collaboration {
  const terms = action.task.terms as Partial<TaskPlatformTerms> | null;
  const collaboration = terms?.collaboration;
  if (!collaboration) throw new PageChanged('the task has no target collaboration terms');
  return collaboration;
}

/** The end date (YYYY-MM-DD) in the shop's time zone: the page's picker shows the shop's days. */
export function endDateOf(endsAt: string, timeZone: string): string {
  const at = new Date(endsAt);
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** A button (of the pack's `button` selector) showing one of the words, inside `scope`. */
function buttonIn(scope: ParentNode, pack: PagePack, key: string): HTMLElement | null {
  const words = wordsOf(pack, key);
  const found = [...scope.querySelectorAll<HTMLElement>(selectorOf(pack, 'button'))].filter(
    (button) => words.includes(textOf(button)),
  );
  return found.at(-1) ?? null;
}

async function waitButton(
  doc: Document,
  pack: PagePack,
  key: string,
  timeoutMs: number,
  scope?: Element,
): Promise<HTMLElement> {
  const words = wordsOf(pack, key);
  const found = await waitFor<HTMLElement>(
    doc,
    selectorOf(pack, 'button'),
    timeoutMs,
    (button) => words.includes(textOf(button)) && (!scope || scope.contains(button)),
  );
  if (!found) throw new PageChanged(`no button ${words.join('/')}`);
  return found;
}

async function detached(element: Element, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (element.isConnected) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function pressEnter(input: HTMLElement) {
  const view = input.ownerDocument.defaultView;
  for (const type of ['keydown', 'keyup'])
    input.dispatchEvent(
      new (view?.KeyboardEvent ?? KeyboardEvent)(type, {
        key: 'Enter',
        code: 'Enter',
        keyCode: 13,
        bubbles: true,
      } as KeyboardEventInit),
    );
}

/** Ticks (or unticks) a checkbox label the way a click does; checks that it took. */
function setChecked(label: Element, want: boolean) {
  const input = label.querySelector<HTMLInputElement>(
    'input[type="checkbox"], input[type="radio"]',
  );
  if (!input) throw new PageChanged('a checkbox without its input');
  if (input.checked !== want) click(label);
  if (input.checked !== want) click(input);
  if (input.checked !== want) throw new PageChanged('a checkbox did not take the click');
}

/** Answers of `name` that came (in order). */
async function answersOf(feed: AnswerFeed, name: string): Promise<HookedAnswer[]> {
  const all: HookedAnswer[] = [];
  for (let index = 0; index < feed.count(name); index++) {
    const answer = await feed.next(name, index, 0);
    if (answer) all.push(answer);
  }
  return all;
}

function stopOf(verdict: AnswerClass & { kind: 'stop' }, answer: HookedAnswer): BrowserStop {
  return {
    reason: verdict.reason,
    answer: answerOf(answer),
    detail: `${answer.name} answered ${verdict.code}`,
  };
}

function answerOf(answer: HookedAnswer) {
  const body = (answer.body ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: body.code === undefined ? null : String(body.code).slice(0, 40),
    message: typeof body.message === 'string' ? body.message.slice(0, 500) : null,
    requestId: null,
  };
}

/** The JSON answer of a search the drawer made: a stop, or the page's `data`. */
function dataOf(
  pack: PagePack,
  answer: HookedAnswer | null,
  what: string,
): Record<string, unknown> {
  if (!answer) throw new PageChanged(`the ${what} did not answer`);
  const verdict = classifyAnswer(pack, answer.body);
  if (verdict.kind === 'stop') throw new FlowStop(stopOf(verdict, answer));
  if (verdict.kind !== 'success') throw new PageChanged(`the ${what} answered ${verdict.code}`);
  return ((answer.body as { data?: Record<string, unknown> }).data ?? {}) as Record<
    string,
    unknown
  >;
}

interface FoundCreator {
  creator_oec_id?: string;
  user_name?: string;
}

/** A drawer's search: the text typed and submitted the way public code does (value, Enter). */
async function searchInDrawer(
  { doc, pack, answers, stepTimeoutMs }: FlowContext,
  drawer: Element,
  endpoint: string,
  text: string,
): Promise<HookedAnswer | null> {
  const search = await waitFor<HTMLInputElement>(
    doc,
    selectorOf(pack, 'drawerSearch'),
    stepTimeoutMs,
    (input) => drawer.contains(input),
  );
  if (!search) throw new PageChanged('the drawer has no search input');
  const before = answers.count(endpoint);
  fill(search, text);
  pressEnter(search);
  return answers.next(endpoint, before, stepTimeoutMs);
}

async function tickRow(
  { doc, pack, stepTimeoutMs }: FlowContext,
  drawer: Element,
  matches: (row: Element) => boolean,
): Promise<boolean> {
  const row = await waitFor(
    doc,
    selectorOf(pack, 'drawerRow'),
    stepTimeoutMs,
    (candidate) => drawer.contains(candidate) && matches(candidate),
  );
  if (!row) return false;
  const box = row.querySelector(selectorOf(pack, 'checkbox'));
  if (!box) throw new PageChanged('a drawer row without its checkbox');
  setChecked(box, true);
  return true;
}

async function closeDrawer(context: FlowContext, drawer: Element, key: string) {
  click(await waitButton(context.doc, context.pack, key, context.stepTimeoutMs, drawer));
  if (!(await detached(drawer, context.stepTimeoutMs)))
    throw new PageChanged('the drawer did not close');
}

async function openDrawer(context: FlowContext, key: string): Promise<Element> {
  const { doc, pack, stepTimeoutMs } = context;
  click(await waitButton(doc, pack, key, stepTimeoutMs));
  const drawer = await waitFor(doc, selectorOf(pack, 'drawer'), stepTimeoutMs);
  if (!drawer) throw new PageChanged('the drawer did not open');
  return drawer;
}

const handleIn = (row: Element, handle: string) =>
  textOf(row)
    .split(/[\s@]+/)
    .some((token) => token.toLowerCase() === handle.toLowerCase());

/** One creator through the drawer (one search, one tick, 添加); its id, or null when not found. */
async function addCreator(context: FlowContext, handle: string): Promise<string | null> {
  const drawer = await openDrawer(context, 'chooseCreatorsText');
  const data = dataOf(
    context.pack,
    await searchInDrawer(context, drawer, 'creatorSearch', handle),
    'creator search',
  );
  const creator = ((data.creators ?? []) as FoundCreator[]).find(
    (candidate) => (candidate.user_name ?? '').toLowerCase() === handle.toLowerCase(),
  );
  if (!creator?.creator_oec_id) {
    await closeDrawer(context, drawer, 'drawerCancelText');
    return null;
  }
  if (!(await tickRow(context, drawer, (row) => handleIn(row, handle))))
    throw new PageChanged(`the drawer did not list @${handle}`);
  await closeDrawer(context, drawer, 'drawerAddText');
  return creator.creator_oec_id;
}

/** The product's row on the form (with its commission input). */
function productRow(doc: Document, pack: PagePack, productId: string): Element | null {
  const input = selectorOf(pack, 'commissionInput');
  return (
    [...doc.querySelectorAll(selectorOf(pack, 'productRow'))].find(
      (row) => row.querySelector(input) && textOf(row).includes(productId),
    ) ?? null
  );
}

/** One product through the 添加商品 drawer, searched by 商品 ID. */
async function addProduct(context: FlowContext, productId: string) {
  const { doc, pack, stepTimeoutMs } = context;
  if (productRow(doc, pack, productId)) return;
  if (!buttonIn(doc, pack, 'addProductsText')) {
    // The products sit under the 选择商品 collapse.
    click(await waitButton(doc, pack, 'chooseProductsText', stepTimeoutMs));
  }
  const drawer = await openDrawer(context, 'addProductsText');
  const byName = wordsOf(pack, 'searchModeNameText');
  const mode = [...drawer.querySelectorAll(selectorOf(pack, 'searchModeSelect'))].find((select) =>
    byName.some((word) => textOf(select).includes(word)),
  );
  if (mode) {
    click(mode);
    const byId = wordsOf(pack, 'searchModeIdText');
    const option = await waitFor(doc, selectorOf(pack, 'searchModeOption'), stepTimeoutMs, (o) =>
      byId.includes(textOf(o)),
    );
    if (!option) throw new PageChanged('no 商品 ID search mode');
    click(option);
  }
  const data = dataOf(
    pack,
    await searchInDrawer(context, drawer, 'productSearch', productId),
    'product search',
  );
  const listed = ((data.products ?? []) as Array<{ product_id?: string }>).some(
    (product) => String(product.product_id) === productId,
  );
  // Not in the shop's selection: the task's product, not a talent: the run stops.
  if (!listed) throw new PageChanged(`product ${productId} is not offered by the page`);
  if (!(await tickRow(context, drawer, (row) => textOf(row).includes(productId))))
    throw new PageChanged(`the drawer did not list product ${productId}`);
  await closeDrawer(context, drawer, 'drawerAddText');
  if (
    !(await waitFor(
      doc,
      selectorOf(pack, 'productRow'),
      stepTimeoutMs,
      () => !!productRow(doc, pack, productId),
    ))
  )
    throw new PageChanged(`product ${productId} did not reach the form`);
}

/** The end date through the picker: month by month to the date, then its day cell. */
async function pickEndDate({ doc, pack, stepTimeoutMs }: FlowContext, ymd: string) {
  const input = await waitFor<HTMLInputElement>(
    doc,
    selectorOf(pack, 'endDateInput'),
    stepTimeoutMs,
  );
  if (!input) throw new PageChanged('no end date input');
  click(input);
  const popup = await waitFor(doc, selectorOf(pack, 'pickerPopup'), stepTimeoutMs);
  if (!popup) throw new PageChanged('the date picker did not open');
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  for (let step = 0; step < 240; step++) {
    const header = popup.querySelector(selectorOf(pack, 'pickerHeader'));
    const shown = header ? /(\d{2})\/(\d{4})/.exec(textOf(header)) : null;
    if (!shown) throw new PageChanged('the date picker shows no month');
    const delta = (year - Number(shown[2])) * 12 + (month - Number(shown[1]));
    if (delta === 0) break;
    const arrows = [...popup.querySelectorAll(selectorOf(pack, 'pickerArrow'))];
    if (arrows.length < 4) throw new PageChanged('the date picker has no arrows');
    const arrow =
      delta > 0 ? arrows[arrows.length - (delta >= 12 ? 1 : 2)] : arrows[delta <= -12 ? 0 : 1];
    const before = textOf(header!);
    click(arrow!);
    await waitFor(
      doc,
      selectorOf(pack, 'pickerHeader'),
      stepTimeoutMs,
      (h) => popup.contains(h) && textOf(h) !== before,
    );
  }
  const wanted = String(day).padStart(2, '0');
  const cell = [...popup.querySelectorAll(selectorOf(pack, 'pickerCell'))].find(
    (candidate) =>
      (textOf(candidate) === wanted || textOf(candidate) === String(day)) &&
      !/disabled/.test(candidate.className),
  );
  if (!cell) throw new PageChanged(`the end date ${ymd} cannot be picked`);
  click(cell);
  if (
    !(await waitFor(
      doc,
      selectorOf(pack, 'endDateInput'),
      stepTimeoutMs,
      (i) => !!(i as HTMLInputElement).value,
    ))
  )
    throw new PageChanged('the end date did not take');
}

function labelWith(doc: Document, pack: PagePack, key: string): Element | null {
  const words = wordsOf(pack, key);
  return (
    [...doc.querySelectorAll(selectorOf(pack, 'checkbox'))].find((label) =>
      words.includes(textOf(label)),
    ) ?? null
  );
}

/** The creator id each handle of the run's creator searches had. */
async function creatorIdsByHandle(feed: AnswerFeed): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const answer of await answersOf(feed, 'creatorSearch')) {
    const data = (answer.body as { data?: { creators?: FoundCreator[] } } | null)?.data;
    for (const creator of data?.creators ?? [])
      if (creator.user_name && creator.creator_oec_id)
        ids.set(creator.user_name.toLowerCase(), String(creator.creator_oec_id));
  }
  return ids;
}

/** The creators the conflict check names (`conflict_cids[].cids`, `conflict_list[]…creator_oec_id`). */
function conflictsIn(body: unknown): Map<string, string> {
  const data = (body as { data?: Record<string, unknown> } | null)?.data ?? {};
  const found = new Map<string, string>();
  for (const group of (data.conflict_list ?? []) as Array<{
    name?: string;
    creator_id_list?: Array<{ base_info?: { creator_oec_id?: string } }>;
  }>)
    for (const creator of group.creator_id_list ?? [])
      if (creator.base_info?.creator_oec_id)
        found.set(String(creator.base_info.creator_oec_id), group.name ?? '');
  for (const group of (data.conflict_cids ?? []) as Array<{ cids?: unknown[] }>)
    for (const cid of group.cids ?? []) if (!found.has(String(cid))) found.set(String(cid), '');
  return found;
}

/** The overlap dialog: 从此邀请中移除达人 → 去解决 → 移除 (hit 61174217546). */
async function removeConflicting({ doc, pack, stepTimeoutMs }: FlowContext) {
  const overlap = wordsOf(pack, 'overlapText');
  const dialog = await waitFor(doc, selectorOf(pack, 'dialog'), stepTimeoutMs, (candidate) =>
    overlap.some((word) => textOf(candidate).includes(word)),
  );
  if (!dialog) throw new PageChanged('the overlap dialog did not open');
  const remove = wordsOf(pack, 'overlapRemoveOptionText');
  const option = [...dialog.querySelectorAll(selectorOf(pack, 'radio'))].find((radio) =>
    remove.some((word) => textOf(radio).startsWith(word)),
  );
  if (!option) throw new PageChanged('the overlap dialog has no removal option');
  setChecked(option, true);
  click(await waitButton(doc, pack, 'overlapSolveText', stepTimeoutMs, dialog));
  const confirmWords = wordsOf(pack, 'overlapConfirmText');
  const confirm = await waitFor<HTMLElement>(
    doc,
    selectorOf(pack, 'button'),
    stepTimeoutMs,
    (button) =>
      confirmWords.includes(textOf(button)) && !!button.closest(selectorOf(pack, 'dialog')),
  );
  if (!confirm) throw new PageChanged('the removal was not offered for confirmation');
  click(confirm);
}

export const tiktokTargetInvitationFlow: PageFlow = {
  async prepare(context): Promise<PrepareResult> {
    const { doc, pack, action, stepTimeoutMs } = context;
    const outcomes: BrowserRecordOutcome[] = [];
    try {
      const name = await waitFor<HTMLInputElement>(
        doc,
        selectorOf(pack, 'invitationName'),
        stepTimeoutMs,
      );
      if (!name) throw new PageChanged('no invitation name input');
      const collaboration = collaborationOf(action);

      const added: number[] = [];
      for (const record of action.records) {
        if (added.length >= browserBatchMax.tiktok_target_invitation) break;
        if (await addCreator(context, handleOf(record))) added.push(record.id);
        // The platform does not know this handle: its answer about the talent.
        else
          outcomes.push({ recordId: record.id, result: 'failed', errorCode: 'talent_not_found' });
      }
      if (!added.length)
        return {
          ready: false,
          stop: { reason: 'page_changed', detail: 'no creator found' },
          outcomes,
        };

      const rates = new Map(collaboration.products.map((p) => [p.productId, p.commissionRate]));
      for (const product of action.task.products) {
        await addProduct(context, product.productId);
        const rate = rates.get(product.productId);
        const input = productRow(doc, pack, product.productId)?.querySelector<HTMLInputElement>(
          selectorOf(pack, 'commissionInput'),
        );
        if (!input || typeof rate !== 'number')
          throw new PageChanged(`no commission for product ${product.productId}`);
        // Hundredths of a percent → the page's "1.00-80.00".
        fill(input, (rate / 100).toFixed(2));
      }

      fill(name, action.task.name ?? collaboration.name);
      await pickEndDate(context, endDateOf(collaboration.endsAt, action.shop.timeZone));
      if (collaboration.contactEmail) {
        const email = doc.querySelector<HTMLInputElement>(selectorOf(pack, 'contactEmail'));
        if (!email) throw new PageChanged('no contact e-mail input');
        fill(email, collaboration.contactEmail);
      }
      // One message for the whole invitation: the action's, rendered once by the server
      // without the creators' own variables (one creator's name is never shown to the others).
      const message = action.message?.trim() ?? '';
      if (message) {
        const box = doc.querySelector<HTMLTextAreaElement>(selectorOf(pack, 'message'));
        if (!box) throw new PageChanged('no message box');
        fill(box, message);
      }
      const sample = labelWith(doc, pack, 'freeSampleText');
      if (!sample && collaboration.freeSample) throw new PageChanged('no free sample option');
      if (sample) setChecked(sample, collaboration.freeSample);
      if (collaboration.freeSample) {
        const review = await waitFor(doc, selectorOf(pack, 'checkbox'), stepTimeoutMs, () =>
          Boolean(labelWith(doc, pack, 'manualReviewText')),
        );
        if (!review) throw new PageChanged('no sample review option');
        setChecked(
          labelWith(doc, pack, 'manualReviewText')!,
          collaboration.sampleApproval !== 'auto',
        );
      }
      const send = buttonIn(doc, pack, 'sendText');
      if (!send || isDisabled(send)) throw new PageChanged('发送 not found or disabled');
      return { ready: true, recordIds: added, outcomes };
    } catch (error) {
      if (error instanceof FlowStop) return { ready: false, stop: error.stop, outcomes };
      if (error instanceof PageChanged)
        return { ready: false, stop: { reason: 'page_changed', detail: error.message }, outcomes };
      throw error;
    }
  },

  async send(context, recordIds): Promise<SendResult> {
    const { doc, pack, action, answers, stepTimeoutMs } = context;
    const checked = answers.count('conflictCheck');
    const created = answers.count('create');
    const send = buttonIn(doc, pack, 'sendText');
    // Nothing clicked: nothing went out.
    if (!send)
      return { outcomes: [], unknown: [], stop: { reason: 'page_changed', detail: '发送 gone' } };
    click(send);

    const outcomes: BrowserRecordOutcome[] = [];
    let rest = recordIds;
    const check = await answers.next('conflictCheck', checked, stepTimeoutMs * 2);
    if (check) {
      const verdict = classifyAnswer(pack, check.body);
      // The check refused the send: no invitation was made.
      if (verdict.kind === 'stop') return { outcomes, unknown: [], stop: stopOf(verdict, check) };
      if (verdict.kind !== 'success')
        return {
          outcomes,
          unknown: [],
          stop: {
            reason: 'page_changed',
            answer: answerOf(check),
            detail: `conflict check answered ${verdict.code}`,
          },
        };
      const conflicts = conflictsIn(check.body);
      if (conflicts.size) {
        const ids = await creatorIdsByHandle(answers);
        const byRecord = new Map(
          action.records.map((record) => [record.id, ids.get(handleOf(record).toLowerCase())]),
        );
        const code = selectorOf(pack, 'conflictCode');
        const rule = classifyAnswer(pack, { [pack.codeField]: code });
        if (rule.kind !== 'record')
          throw new PageChanged(`conflict code ${code} is not a record's`);
        const conflicted = recordIds.filter((id) => conflicts.has(byRecord.get(id) ?? ''));
        for (const recordId of conflicted) {
          const where = conflicts.get(byRecord.get(recordId) ?? '') ?? '';
          outcomes.push({
            recordId,
            result: 'failed',
            errorCode: rule.errorCode,
            answer: { code, message: where ? where.slice(0, 500) : null, requestId: null },
          });
        }
        rest = recordIds.filter((id) => !conflicted.includes(id));
        try {
          await removeConflicting(context);
        } catch (error) {
          // Nothing was created: the overlap dialog waits for the seller.
          return {
            outcomes,
            unknown: [],
            stop: { reason: 'page_changed', detail: (error as Error).message },
          };
        }
        if (!rest.length) return { outcomes, unknown: [] };
      }
    }

    const answer = await answers.next('create', created, stepTimeoutMs * 2);
    if (!answer) {
      // No JSON answer: the page's words, the last resort.
      const shown = classifyText(pack, visibleText(doc));
      if (shown === 'success')
        return {
          outcomes: [
            ...outcomes,
            ...rest.map((recordId) => ({ recordId, result: 'sent' as const })),
          ],
          unknown: [],
        };
      if (shown === 'quota_exceeded' || shown === 'captcha' || shown === 'login_expired')
        return { outcomes, unknown: [], stop: { reason: shown, detail: 'page text' } };
      // Whether it went out is not known (never sent again).
      return {
        outcomes,
        unknown: rest,
        stop: { reason: 'page_changed', detail: 'the create call did not answer' },
      };
    }
    const verdict = classifyAnswer(pack, answer.body);
    if (verdict.kind === 'success') {
      const id = (answer.body as { data?: { invitation?: { id?: unknown } } }).data?.invitation?.id;
      const reference = id === undefined ? undefined : { invitationId: String(id).slice(0, 120) };
      return {
        outcomes: [
          ...outcomes,
          ...rest.map((recordId) => ({
            recordId,
            result: 'sent' as const,
            ...(reference ? { reference } : {}),
            answer: answerOf(answer),
          })),
        ],
        unknown: [],
      };
    }
    if (verdict.kind === 'stop') return { outcomes, unknown: [], stop: stopOf(verdict, answer) };
    if (verdict.kind === 'record' && rest.length === 1)
      return {
        outcomes: [
          ...outcomes,
          {
            recordId: rest[0]!,
            result: 'failed',
            errorCode: verdict.errorCode,
            answer: answerOf(answer),
          },
        ],
        unknown: [],
      };
    // No code at all: whether the invitation was made is not known (never sent again).
    if (verdict.kind === 'unmapped' && verdict.code === null)
      return {
        outcomes,
        unknown: rest,
        stop: { reason: 'page_changed', detail: 'create answered without a code' },
      };
    // A talent's code on an invitation of several creators names none of them (e.g. 16024016,
    // "linked with a shop account", hit 71047226534): nothing was created and no record fails;
    // the server splits the batch into one-creator invitations, each answered on its own.
    if (verdict.kind === 'record')
      return {
        outcomes,
        unknown: [],
        unattributed: { errorCode: verdict.errorCode, answer: answerOf(answer) },
      };
    // A code the pack does not know is not understood: nothing was created, no record fails.
    return {
      outcomes,
      unknown: [],
      stop: {
        reason: 'page_changed',
        answer: answerOf(answer),
        detail: `create answered ${verdict.code ?? 'no code'}`,
      },
    };
  },

  /**
   * After a restart (the create page opened afresh, it shows no invitation it made): the page's
   * own JSON calls, made from its context as public automation does (hits 71047226534,
   * 58707059354): each creator's id by the creator search, then the conflict check of the
   * action's creators and products. A creator now in an open invitation of these products by
   * this action's name (or one the answer does not name) → sent; in another invitation, or in
   * none → not sent. A creator the search does not find is left out (stays in doubt), and an
   * answer that is not a success tells nothing (null).
   */
  async readBack(context) {
    const { pack, action, answers, stepTimeoutMs } = context;
    const endpoint = (name: string) => pack.endpoints.find((candidate) => candidate.name === name);
    const search = endpoint('creatorSearch');
    const check = endpoint('conflictCheck');
    if (!search || !check || !action.task.products.length) return null;
    const ids = new Map<number, string>();
    for (const record of action.records) {
      const handle = handleOf(record);
      const answer = await answers.ask(
        search,
        { size: 20, search_id: '0', query: handle, query_by: 1 },
        stepTimeoutMs,
      );
      if (!answer || classifyAnswer(pack, answer.body).kind !== 'success') return null;
      const data = (answer.body as { data?: { creators?: FoundCreator[] } } | null)?.data;
      const found = (data?.creators ?? []).find(
        (creator) => (creator.user_name ?? '').toLowerCase() === handle.toLowerCase(),
      );
      if (found?.creator_oec_id) ids.set(record.id, String(found.creator_oec_id));
    }
    if (!ids.size) return [];
    const collaboration = (action.task.terms as Partial<TaskPlatformTerms> | null)?.collaboration;
    const rates = new Map(
      (collaboration?.products ?? []).map((product) => [product.productId, product.commissionRate]),
    );
    const answer = await answers.ask(
      check,
      {
        invitation: {
          product_list: action.task.products.map((product) => ({
            product_id: product.productId,
            target_commission: rates.get(product.productId) ?? 0,
          })),
          creator_id_list: [...ids.values()].map((id) => ({
            base_info: { creator_id: '', nick_name: '', creator_oec_id: id },
          })),
          group_type: 1,
        },
      },
      stepTimeoutMs,
    );
    if (!answer || classifyAnswer(pack, answer.body).kind !== 'success') return null;
    const conflicts = conflictsIn(answer.body);
    const ours = action.task.name ?? collaboration?.name ?? '';
    return [...ids].map(([recordId, id]): [number, 'sent' | 'not_sent'] => {
      const where = conflicts.get(id);
      return [
        recordId,
        where !== undefined && (where === '' || where === ours) ? 'sent' : 'not_sent',
      ];
    });
  },
};

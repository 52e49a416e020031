import type { BrowserRecordOutcome, ClaimedBrowserAction } from '@inviteflow/contract';
import { browserBatchMax } from '@inviteflow/contract';
import { classifyText } from '../../channel/page-pack.ts';
import { byText, click, fill, isDisabled, visibleText, waitFor, waitGone } from './dom.ts';
import {
  PageChanged,
  selectorOf,
  type PageFlow,
  type PrepareResult,
  type SendResult,
} from './flow-types.ts';

/**
 * 百应 达人广场 batch invitation (issue 17), as public automation of the page works it
 * (exact-string search `批量邀约带货`: hits 68874827308, 68942634055, 69011453124): tick the
 * 达人 one by one (at most 40), 批量邀约带货, the drawer (products, commission, contact, 话术),
 * the quota pre-check (确认发送 disabled = the day's quota is used up; 抖店 shows no count),
 * 确认发送, and the drawer closing as the page's acceptance. Every selector and word comes
 * from the page pack.
 */

/** The 达人's uid on the square: its identity's page uid, else the talent id the seller gave. */
function uidOf(record: ClaimedBrowserAction['records'][number]): string {
  const identity = record.identity;
  if (identity?.platform === 'douyin' && identity.uid) return identity.uid;
  return record.platformTalentId;
}

const terms = (action: ClaimedBrowserAction) =>
  (action.task.terms ?? {}) as Record<string, unknown>;

export const buyinSquareFlow: PageFlow = {
  async prepare({ doc, pack, action, stepTimeoutMs }): Promise<PrepareResult> {
    const outcomes: BrowserRecordOutcome[] = [];
    try {
      const cardSelector = selectorOf(pack, 'card');
      const uidAttribute = selectorOf(pack, 'cardUidAttribute');
      if (!(await waitFor(doc, cardSelector, stepTimeoutMs)))
        throw new PageChanged(`no ${cardSelector}`);
      const cards = new Map(
        [...doc.querySelectorAll<HTMLElement>(cardSelector)].map((card) => [
          card.getAttribute(uidAttribute) ?? '',
          card,
        ]),
      );
      const ticked: number[] = [];
      for (const record of action.records) {
        if (ticked.length >= browserBatchMax.buyin_batch_invitation) break;
        const card = cards.get(uidOf(record));
        if (!card) {
          // The square does not list this 达人 for the shop: its answer about the talent.
          outcomes.push({ recordId: record.id, result: 'failed', errorCode: 'talent_not_found' });
          continue;
        }
        const box = card.querySelector<HTMLInputElement>(selectorOf(pack, 'cardCheckbox'));
        if (!box) throw new PageChanged('a card without its checkbox');
        // The page disables the box of a 达人 already invited (hit 68874827308).
        if (isDisabled(box)) {
          outcomes.push({ recordId: record.id, result: 'failed', errorCode: 'already_invited' });
          continue;
        }
        if (!box.checked) click(box);
        ticked.push(record.id);
      }
      if (!ticked.length)
        return {
          ready: false,
          stop: { reason: 'page_changed', detail: 'no 达人 to tick' },
          outcomes,
        };

      const [batch, ...others] = byText<HTMLElement>(
        doc,
        selectorOf(pack, 'batchInviteButton'),
        pack.selectors.batchInviteText,
      );
      if (!batch || others.length) throw new PageChanged('批量邀约带货 not found as the pack says');
      click(batch);
      const drawer = await waitFor(doc, selectorOf(pack, 'drawer'), stepTimeoutMs);
      if (!drawer) throw new PageChanged('the invitation drawer did not open');

      // Quota pre-check: 确认发送 disabled means the day's quota is used up.
      const confirm = await waitFor<HTMLElement>(
        doc,
        selectorOf(pack, 'confirmButton'),
        stepTimeoutMs,
        (button) =>
          pack.selectors.confirmText
            ? (button.textContent ?? '').trim() === pack.selectors.confirmText
            : true,
      );
      if (!confirm) throw new PageChanged('确认发送 not found');
      if (isDisabled(confirm))
        return {
          ready: false,
          stop: { reason: 'quota_exceeded', detail: '确认发送 disabled' },
          outcomes,
        };

      const values = terms(action);
      const fields: Array<[string, unknown]> = [
        ['contactName', values.contactName],
        ['contactMobile', values.contactPhone],
        ['contactWechat', values.contactWechat],
        // One 话术 for the batch: the action's one message (rendered once by the server, no
        // talent's name in it).
        ['script', action.message ?? ''],
      ];
      for (const [key, value] of fields) {
        if (typeof value !== 'string' || !value) continue;
        const input = doc.querySelector<HTMLInputElement | HTMLTextAreaElement>(
          selectorOf(pack, key),
        );
        if (!input) throw new PageChanged(`drawer field ${key} missing`);
        fill(input, value);
      }
      const rates = (values.commissionRates ?? {}) as Record<string, number>;
      const commission = [
        ...doc.querySelectorAll<HTMLInputElement>(selectorOf(pack, 'commissionInput')),
      ];
      action.task.products.forEach((product, index) => {
        const rate = rates[product.productId] ?? Object.values(rates)[index];
        const input =
          commission.find((candidate) => candidate.id.endsWith(`_${product.productId}`)) ??
          commission[index];
        if (input && typeof rate === 'number') fill(input, (rate / 100).toFixed(2));
      });
      return { ready: true, recordIds: ticked, outcomes };
    } catch (error) {
      if (error instanceof PageChanged)
        return { ready: false, stop: { reason: 'page_changed', detail: error.message }, outcomes };
      throw error;
    }
  },

  /**
   * The square disables the box of a 达人 already invited (hit 68874827308: "含已邀约禁用行"):
   * a disabled box is an invitation sent, an enabled one none; a 达人 not listed is not told.
   */
  async readBack({ doc, pack, action, stepTimeoutMs }) {
    const cardSelector = selectorOf(pack, 'card');
    if (!(await waitFor(doc, cardSelector, stepTimeoutMs))) return null;
    const uidAttribute = selectorOf(pack, 'cardUidAttribute');
    const cards = new Map(
      [...doc.querySelectorAll<HTMLElement>(cardSelector)].map((card) => [
        card.getAttribute(uidAttribute) ?? '',
        card,
      ]),
    );
    const seen: Array<[number, 'sent' | 'not_sent']> = [];
    for (const record of action.records) {
      const box = cards.get(uidOf(record))?.querySelector(selectorOf(pack, 'cardCheckbox'));
      if (box) seen.push([record.id, isDisabled(box) ? 'sent' : 'not_sent']);
    }
    return seen;
  },

  async send({ doc, pack, stepTimeoutMs }, recordIds): Promise<SendResult> {
    const confirm = byText<HTMLElement>(
      doc,
      selectorOf(pack, 'confirmButton'),
      pack.selectors.confirmText,
    )[0];
    if (!confirm)
      return {
        outcomes: [],
        unknown: recordIds,
        stop: { reason: 'page_changed', detail: '确认发送 gone' },
      };
    click(confirm);
    // The drawer closing is the page's acceptance (hit 68942634055: "抽屉没关就如实失败").
    if (await waitGone(doc, selectorOf(pack, 'drawer'), stepTimeoutMs * 2)) {
      return {
        outcomes: recordIds.map((recordId) => ({ recordId, result: 'sent' as const })),
        unknown: [],
      };
    }
    const shown = classifyText(pack, visibleText(doc));
    if (shown === 'quota_exceeded' || shown === 'captcha' || shown === 'login_expired') {
      // The page refused the send as a whole: nothing went out.
      return { outcomes: [], unknown: [], stop: { reason: shown, detail: 'page text' } };
    }
    // Not accepted and not refused: whether it went out is not known (never sent again).
    return {
      outcomes: [],
      unknown: recordIds,
      stop: { reason: 'page_changed', detail: 'the drawer stayed open' },
    };
  },
};

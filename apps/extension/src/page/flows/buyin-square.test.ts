import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
// The packs as the server serves them: the flow must work with exactly these facts.
import { pagePacks } from '../../../../server/src/modules/platforms/page-packs/packs.ts';
import { AnswerFeed } from './answer-hook.ts';
import { buyinSquareFlow } from './buyin-square.ts';

const html = readFileSync(
  path.join(__dirname, '../../../test/fixtures/buyin-daren-square.html'),
  'utf8',
);
const pack = pagePacks.get('buyin.daren-square') as PagePack;
const opened: JSDOM[] = [];

function square(query: Record<string, string>) {
  const dom = new JSDOM(html, {
    url: `https://buyin.jinritemai.com/dashboard/servicehall/daren-square?${new URLSearchParams(query)}`,
    runScripts: 'dangerously',
  });
  opened.push(dom);
  return dom;
}
afterEach(() => opened.splice(0).forEach((dom) => dom.window.close()));

/** The batch's one message, as the server renders it (no talent's name in it). */
const BATCH_MESSAGE = '你好，小店邀请你带货保温杯';

function action(count: number): ClaimedBrowserAction {
  return {
    id: 9,
    leaseId: '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c11',
    leasedUntil: '2030-01-01T00:00:00.000Z',
    idempotencyKey: 'task:1:browser:buyin_batch_invitation:0',
    kind: 'buyin_batch_invitation',
    pack: { id: pack.id, version: pack.version },
    shop: {
      id: 1,
      platform: 'douyin',
      shopName: '小店',
      shopCode: 'c',
      platformShopId: null,
      region: null,
      timeZone: 'Asia/Shanghai',
    },
    task: {
      id: 1,
      taskType: 'free_product',
      contentType: 'video',
      setName: '秋季',
      name: null,
      products: [{ productId: '3581', productName: '保温杯' }],
      terms: { commissionRates: { '3581': 2000 }, contactPhone: '13800138000' },
    },
    message: BATCH_MESSAGE,
    records: Array.from({ length: count }, (_, index) => ({
      id: 500 + index,
      talentName: `达人${index}`,
      platformTalentId: `dy_${index}`,
      identity: {
        platform: 'douyin' as const,
        talentId: `dy_${index}`,
        buyinId: null,
        uid: `v2_uid${index}`,
      },
      message: `你好 达人${index}，小店邀请你带货保温杯`,
    })),
  };
}

const uids = (count: number) =>
  Array.from({ length: count }, (_, index) => `v2_uid${index}`).join(',');

function context(dom: JSDOM, claimed: ClaimedBrowserAction) {
  return {
    doc: dom.window.document,
    pack,
    action: claimed,
    answers: new AnswerFeed(dom.window as unknown as Window, 'k'),
    stepTimeoutMs: 500,
  };
}

describe('百应 达人广场 batch invitation on the stand-in', () => {
  it('ticks 40 达人, fills the drawer, and the drawer closing sends all 40', async () => {
    const dom = square({ uids: uids(45), quota: '100' });
    const claimed = action(40);
    const ctx = context(dom, claimed);
    const prepared = await buyinSquareFlow.prepare(ctx);
    expect(prepared).toMatchObject({ ready: true, outcomes: [] });
    if (!prepared.ready) throw new Error('not ready');
    expect(prepared.recordIds).toHaveLength(40);
    const doc = dom.window.document;
    expect(doc.querySelectorAll('.daren-card input:checked')).toHaveLength(40);
    expect(doc.querySelector<HTMLInputElement>('#contact_mobile')!.value).toBe('13800138000');
    expect(doc.querySelector<HTMLInputElement>('#cos_ratio_3581')!.value).toBe('20.00');
    expect(doc.querySelector<HTMLTextAreaElement>('#cooperation_desc')!.value).toBe(BATCH_MESSAGE);
    const sent = await buyinSquareFlow.send(ctx, prepared.recordIds);
    expect(sent.outcomes.filter((outcome) => outcome.result === 'sent')).toHaveLength(40);
    expect(sent.stop).toBeUndefined();
    expect(JSON.parse(dom.window.sessionStorage.getItem('standin-buyin-sent')!)).toHaveLength(40);
  });

  it('stops on the quota pre-check (确认发送 disabled) before sending anything', async () => {
    const dom = square({ uids: uids(5), quota: '0' });
    const prepared = await buyinSquareFlow.prepare(context(dom, action(5)));
    expect(prepared).toMatchObject({ ready: false, stop: { reason: 'quota_exceeded' } });
    expect(dom.window.sessionStorage.getItem('standin-buyin-sent')).toBeNull();
  });

  it('answers about talents: already invited and not listed fail; the rest go', async () => {
    const dom = square({ uids: 'v2_uid0,v2_uid1', invited: 'v2_uid1', quota: '10' });
    const prepared = await buyinSquareFlow.prepare(context(dom, action(3)));
    expect(prepared).toMatchObject({
      ready: true,
      recordIds: [500],
      outcomes: [
        { recordId: 501, result: 'failed', errorCode: 'already_invited' },
        { recordId: 502, result: 'failed', errorCode: 'talent_not_found' },
      ],
    });
  });

  it('a send the page neither accepts nor refuses leaves its records unknown', async () => {
    const dom = square({ uids: uids(3), quota: '10' });
    const ctx = context(dom, action(3));
    const prepared = await buyinSquareFlow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    // The page stops answering the click (its handler gone): the drawer stays open.
    const confirm = dom.window.document.querySelector(
      '.auxo-drawer-footer-buttons > .auxo-btn-primary',
    )!;
    confirm.replaceWith(confirm.cloneNode(true));
    const sent = await buyinSquareFlow.send(ctx, prepared.recordIds);
    expect(sent).toMatchObject({
      outcomes: [],
      unknown: [500, 501, 502],
      stop: { reason: 'page_changed' },
    });
  });

  it('a quota refusal shown after the click stops the run with nothing sent', async () => {
    const dom = square({ uids: uids(3), quota: '2' });
    const ctx = context(dom, action(3));
    const prepared = await buyinSquareFlow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    const sent = await buyinSquareFlow.send(ctx, prepared.recordIds);
    expect(sent).toMatchObject({ outcomes: [], unknown: [], stop: { reason: 'quota_exceeded' } });
  });
});

describe('reading the square back after a restart', () => {
  it('a disabled box is an invitation sent, an enabled one none, an unlisted 达人 not told', async () => {
    const dom = square({ uids: 'v2_uid0,v2_uid1', invited: 'v2_uid0', quota: '10' });
    const seen = await buyinSquareFlow.readBack!(context(dom, action(3)));
    expect(seen).toEqual([
      [500, 'sent'],
      [501, 'not_sent'],
    ]);
  });
});

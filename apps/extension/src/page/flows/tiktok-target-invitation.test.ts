import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
// The packs as the server serves them: the flow must work with exactly these facts.
import { pagePacks } from '../../../../server/src/modules/platforms/page-packs/packs.ts';
import {
  newStandinState,
  oecIdOf,
  standinAnswer,
  type TikTokStandinState,
} from '../../../test/fixtures/tiktok-target-invitation-api.ts';
import { AnswerFeed, installAnswerHook } from './answer-hook.ts';
import { endDateOf, tiktokTargetInvitationFlow as flow } from './tiktok-target-invitation.ts';

const html = readFileSync(
  path.join(__dirname, '../../../test/fixtures/tiktok-target-invitation.html'),
  'utf8',
);
const pack = pagePacks.get('tiktok.target-invitation') as PagePack;
const opened: JSDOM[] = [];
afterEach(() => opened.splice(0).forEach((dom) => dom.window.close()));

/**
 * The stand-in page in jsdom, its calls answered by the platform's side (as the browser test's
 * request routing does), and the answer hook installed in its world as the channel does.
 */
function page(state: TikTokStandinState, query = '') {
  const dom = new JSDOM(html, {
    url: `https://affiliate.tiktok.com/connection/target-invitation/create?shop_region=GB&shop_id=7494${query}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      const win = window as unknown as Window & { fetch: typeof fetch };
      win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), window.location.href);
        const answer = standinAnswer(state, url.pathname, JSON.parse(String(init?.body ?? 'null')));
        if (answer === 'hang') return new Promise<Response>(() => undefined);
        return new Response(JSON.stringify(answer ?? {}), {
          status: answer ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch;
      // jsdom's postMessage names no source window; Chrome's does (the page's own window).
      win.postMessage = ((data: unknown) =>
        window.dispatchEvent(
          new window.MessageEvent('message', {
            data,
            origin: window.location.origin,
            source: window as unknown as Window,
          }),
        )) as typeof window.postMessage;
    },
  });
  opened.push(dom);
  const { window } = dom;
  // The hook runs in the page's world: its globals are the page's.
  const run = new window.Function(
    'window',
    'location',
    'XMLHttpRequest',
    'endpoints',
    'key',
    `(${installAnswerHook.toString()})(endpoints, key);`,
  );
  run(window, window.location, window.XMLHttpRequest, pack.endpoints, 'k');
  return dom;
}

function standin(handles: string[], products: Record<string, string> = { '1729': '保温杯' }) {
  const state = newStandinState();
  for (const handle of handles) state.creators[handle] = oecIdOf(handle);
  state.products = products;
  return state;
}

const future = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 15, 12)).toISOString();

function action(
  handles: string[],
  overrides: { freeSample?: boolean; message?: string | null } = {},
): ClaimedBrowserAction {
  return {
    id: 9,
    leaseId: '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c11',
    leasedUntil: '2030-01-01T00:00:00.000Z',
    idempotencyKey: 'task:1:browser:tiktok_target_invitation:0',
    kind: 'tiktok_target_invitation',
    pack: { id: pack.id, version: pack.version },
    shop: {
      id: 1,
      platform: 'tiktok',
      shopName: 'Shop',
      shopCode: 'GB1',
      platformShopId: '7494',
      region: 'GB',
      timeZone: 'Europe/London',
    },
    task: {
      id: 1,
      taskType: 'targeted_product',
      contentType: 'video',
      setName: 'autumn',
      name: 'Autumn cups #1',
      products: [{ productId: '1729', productName: '保温杯' }],
      terms: {
        platform: 'tiktok',
        action: 'target_collaboration',
        collaboration: {
          name: 'Autumn cups',
          endsAt: future,
          products: [{ productId: '1729', productName: '保温杯', commissionRate: 1250 }],
          contactEmail: 'seller@example.com',
          freeSample: overrides.freeSample ?? true,
          sampleApproval: 'auto',
        },
      },
    },
    message:
      overrides.message === undefined
        ? 'Hello, we would love to send you our cup'
        : overrides.message,
    records: handles.map((handle, index) => ({
      id: 500 + index,
      talentName: handle,
      platformTalentId: handle,
      identity: { platform: 'tiktok' as const, handle, creatorUserOpenId: null },
      message: 'Hello, we would love to send you our cup',
    })),
  };
}

function context(dom: JSDOM, claimed: ClaimedBrowserAction) {
  return {
    doc: dom.window.document,
    pack,
    action: claimed,
    answers: new AnswerFeed(dom.window as unknown as Window, 'k'),
    stepTimeoutMs: 1_000,
  };
}

const handles = (count: number, prefix = 'creator') =>
  Array.from({ length: count }, (_, index) => `${prefix}_${index}`);

describe('TikTok target invitation on the stand-in form', () => {
  it('fills the form for 50 creators, stops before 发送, then the create sends all 50', async () => {
    const names = handles(50);
    const state = standin(names);
    const dom = page(state);
    const ctx = context(dom, action(names));
    const prepared = await flow.prepare(ctx);
    expect(prepared).toMatchObject({ ready: true, outcomes: [] });
    if (!prepared.ready) throw new Error('not ready');
    expect(prepared.recordIds).toHaveLength(50);
    const doc = dom.window.document;
    expect(doc.querySelector('#creator-count')!.textContent).toBe('50/50');
    expect(doc.querySelector<HTMLInputElement>('input[placeholder="1.00-80.00"]')!.value).toBe(
      '12.50',
    );
    // Phase one sent nothing.
    expect(state.calls.filter((call) => /conflict_check|create/.test(call.path))).toEqual([]);

    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent.stop).toBeUndefined();
    expect(sent.unknown).toEqual([]);
    expect(sent.outcomes).toHaveLength(50);
    expect(sent.outcomes.every((outcome) => outcome.result === 'sent')).toBe(true);
    expect(sent.outcomes[0]).toMatchObject({
      reference: { invitationId: state.invitations[0]!.id },
    });
    // What the page sent, as the task's terms say.
    const [made] = state.invitations;
    expect(made!.creatorIds).toEqual(names.map(oecIdOf));
    expect(made!.body).toMatchObject({
      name: 'Autumn cups #1',
      message: 'Hello, we would love to send you our cup',
      contacts_info: [{ value: 'seller@example.com' }],
      free_sample_rule: { has_free_sample: true, is_free_sample_auto_review: true },
      product_list: [{ product_id: '1729', target_commission: 1250 }],
    });
    const end = new Date(Number((made!.body as { end_time: string }).end_time));
    expect(
      `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`,
    ).toBe(endDateOf(future, 'Europe/London'));
    expect(doc.body.textContent).toContain('合作邀请发送成功');
  });

  it('removes creators of a pending invitation in the conflict dialog: they fail with the conflict, the rest go', async () => {
    const names = handles(4);
    const state = standin(names);
    state.invitations.push({
      id: '7500000000000000009',
      name: 'Summer',
      creatorIds: [oecIdOf('creator_1'), oecIdOf('creator_3')],
      productIds: ['1729'],
      body: {},
    });
    const dom = page(state);
    const ctx = context(dom, action(names, { freeSample: false }));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error(`not ready: ${JSON.stringify(prepared)}`);
    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent.stop).toBeUndefined();
    expect(sent.outcomes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recordId: 501,
          result: 'failed',
          errorCode: 'collaboration_conflict',
        }),
        expect.objectContaining({
          recordId: 503,
          result: 'failed',
          errorCode: 'collaboration_conflict',
        }),
        expect.objectContaining({ recordId: 500, result: 'sent' }),
        expect.objectContaining({ recordId: 502, result: 'sent' }),
      ]),
    );
    expect(sent.outcomes).toHaveLength(4);
    expect(state.invitations[1]!.creatorIds).toEqual([oecIdOf('creator_0'), oecIdOf('creator_2')]);
    expect(state.invitations[1]!.body).toMatchObject({
      free_sample_rule: { has_free_sample: false },
    });
  });

  it('the invitation carries the action’s one message, never a creator’s own rendering', async () => {
    const names = handles(2);
    const state = standin(names);
    const dom = page(state);
    const claimed = action(names, { message: 'Hello, Glow would love you to try our cup' });
    claimed.records = claimed.records.map((record) => ({
      ...record,
      message: `Hello ${record.platformTalentId}, Glow would love you to try our cup`,
    }));
    const ctx = context(dom, claimed);
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    expect(dom.window.document.querySelector<HTMLTextAreaElement>('textarea')!.value).toBe(
      'Hello, Glow would love you to try our cup',
    );
    await flow.send(ctx, prepared.recordIds);
    expect(state.invitations[0]!.body).toMatchObject({
      message: 'Hello, Glow would love you to try our cup',
    });
  });

  it('an action without a message leaves the invitation’s message empty', async () => {
    const names = handles(1);
    const state = standin(names);
    const dom = page(state);
    const ctx = context(dom, action(names, { message: null }));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    await flow.send(ctx, prepared.recordIds);
    expect(state.invitations[0]!.body).toMatchObject({ message: '' });
  });

  it('a handle the platform does not know fails as not found; the others are prepared', async () => {
    const state = standin(['known_a', 'known_b']);
    const dom = page(state);
    const prepared = await flow.prepare(context(dom, action(['known_a', 'ghost', 'known_b'])));
    expect(prepared).toMatchObject({
      ready: true,
      recordIds: [500, 502],
      outcomes: [{ recordId: 501, result: 'failed', errorCode: 'talent_not_found' }],
    });
  });

  it('the shop’s daily limit on create stops the run: nothing sent, no record fails', async () => {
    const state = standin(handles(3));
    state.createCode = 16024034;
    const dom = page(state);
    const ctx = context(dom, action(handles(3)));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent).toMatchObject({
      outcomes: [],
      unknown: [],
      stop: { reason: 'quota_exceeded', answer: { code: '16024034' } },
    });
    expect(state.invitations).toEqual([]);
  });

  it('a talent’s code on an invitation of several names none: reported unattributed, no record fails, no stop', async () => {
    const state = standin(handles(3));
    state.createCode = 16024016;
    const dom = page(state);
    const ctx = context(dom, action(handles(3)));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent).toEqual({
      outcomes: [],
      unknown: [],
      unattributed: {
        errorCode: 'talent_ineligible',
        answer: {
          code: '16024016',
          message: 'creator linked with a shop account',
          requestId: null,
        },
      },
    });
    expect(state.invitations).toEqual([]);
  });

  it('the same code on an invitation of one creator is that creator’s answer', async () => {
    const state = standin(handles(1));
    state.createCode = 16024016;
    const dom = page(state);
    const ctx = context(dom, action(handles(1)));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    expect(await flow.send(ctx, prepared.recordIds)).toMatchObject({
      outcomes: [{ recordId: 500, result: 'failed', errorCode: 'talent_ineligible' }],
      unknown: [],
    });
  });

  it('a captcha answer stops the run as a captcha, nothing sent', async () => {
    const state = standin(handles(2));
    state.createCode = 30004009;
    const dom = page(state);
    const ctx = context(dom, action(handles(2)));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent).toMatchObject({ outcomes: [], unknown: [], stop: { reason: 'captcha' } });
  });

  it('a create that never answers leaves its records unknown (never sent again)', async () => {
    const state = standin(handles(2));
    state.hang = true;
    const dom = page(state);
    const ctx = context(dom, action(handles(2)));
    const prepared = await flow.prepare(ctx);
    if (!prepared.ready) throw new Error('not ready');
    const sent = await flow.send(ctx, prepared.recordIds);
    expect(sent).toMatchObject({
      outcomes: [],
      unknown: [500, 501],
      stop: { reason: 'page_changed' },
    });
  });

  it('a product the page does not offer stops the run before anything is sent', async () => {
    const state = standin(handles(2), { '9999': '别的商品' });
    const dom = page(state);
    const prepared = await flow.prepare(context(dom, action(handles(2))));
    expect(prepared).toMatchObject({
      ready: false,
      stop: { reason: 'page_changed', detail: expect.stringContaining('1729') },
      outcomes: [],
    });
    expect(state.calls.filter((call) => /conflict_check|create/.test(call.path))).toEqual([]);
  });

  it('a page without the form is a page change, not a record’s failure', async () => {
    const dom = new JSDOM('<!doctype html><body><div class="core-layout"></div></body>', {
      url: 'https://affiliate.tiktok.com/connection/target-invitation/create',
    });
    opened.push(dom);
    const prepared = await flow.prepare({
      ...context(dom, action(handles(2))),
      stepTimeoutMs: 200,
    });
    expect(prepared).toMatchObject({
      ready: false,
      stop: { reason: 'page_changed' },
      outcomes: [],
    });
  });
});

describe('reading an invitation back after a restart', () => {
  it('asks the page’s conflict check: creators in this invitation were sent, the others not', async () => {
    const state = standin(['amy', 'bo', 'cy', 'dee']);
    // The send went out for amy and bo under this action's name before the restart; cy is in
    // another invitation of the product; dee in none; eve is unknown to the platform.
    state.invitations.push(
      {
        id: '7501',
        name: 'Autumn cups #1',
        creatorIds: [oecIdOf('amy'), oecIdOf('bo')],
        productIds: ['1729'],
        body: {},
      },
      { id: '7502', name: 'Spring', creatorIds: [oecIdOf('cy')], productIds: ['1729'], body: {} },
    );
    const dom = page(state);
    const seen = await flow.readBack!(context(dom, action(['amy', 'bo', 'cy', 'dee', 'eve'])));
    expect(seen).toEqual([
      [500, 'sent'],
      [501, 'sent'],
      [502, 'not_sent'],
      [503, 'not_sent'],
    ]);
    // Read only: the page's searches and one conflict check, never a create.
    const paths = state.calls.map((call) => call.path);
    expect(paths.filter((p) => p.endsWith('/create'))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('/conflict_check'))).toHaveLength(1);
    expect(state.calls.at(-1)!.body).toMatchObject({
      invitation: {
        product_list: [{ product_id: '1729' }],
        creator_id_list: ['amy', 'bo', 'cy', 'dee'].map((handle) => ({
          base_info: { creator_oec_id: oecIdOf(handle) },
        })),
      },
    });
  });

  it('a page that does not answer the check tells nothing', async () => {
    const state = standin(['amy']);
    const dom = page(state);
    const ctx = context(dom, action(['amy']));
    expect(
      await flow.readBack!({
        ...ctx,
        pack: {
          ...pack,
          endpoints: pack.endpoints.map((endpoint) =>
            endpoint.name === 'conflictCheck'
              ? { ...endpoint, pattern: '/api/v1/oec/affiliate/seller/invitation_group/gone' }
              : endpoint,
          ),
        },
        stepTimeoutMs: 200,
      }),
    ).toBeNull();
  });
});

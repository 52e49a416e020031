import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
// The packs as the server serves them: the flow must work with exactly these facts.
import { pagePacks } from '../../../../server/src/modules/platforms/page-packs/packs.ts';
import { AnswerFeed, installAnswerHook } from './answer-hook.ts';
import { buyinImFlow } from './buyin-im.ts';

const html = readFileSync(path.join(__dirname, '../../../test/fixtures/buyin-im.html'), 'utf8');
const pack = pagePacks.get('buyin.im') as PagePack;
const opened: JSDOM[] = [];
afterEach(() => opened.splice(0).forEach((dom) => dom.window.close()));

/**
 * The platform behind the stand-in (the tests' own, sharing nothing with the flow): the
 * messages it keeps per 达人, and how it answers a send (`answer(uid)`; null: never).
 */
interface Platform {
  history: Record<string, string[]>;
  answer: (uid: string) => { code: number; msg: string } | null;
  posts: Array<{ uid: string; content: string }>;
}

/** The 达人's profile as the channel opens it: the route names the 达人 (`uid`). */
function profilePage(platform: Platform, query = '', uid = 'v2_jia') {
  const dom = new JSDOM(html, {
    url: `https://buyin.jinritemai.com/dashboard/servicehall/daren-profile?uid=${uid}${query}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      // Chrome's postMessage names the page's window as the source; jsdom's does not.
      window.postMessage = ((data: unknown) => {
        const origin = window.location.origin;
        setTimeout(() => {
          // A message still on its way when the test closed the page is dropped.
          if (!window.document) return;
          window.dispatchEvent(
            new window.MessageEvent('message', {
              data,
              origin,
              source: window as unknown as MessageEventSource,
            }),
          );
        });
      }) as typeof window.postMessage;
      (window as unknown as { fetch: typeof fetch }).fetch = (async (
        input: string,
        init?: RequestInit,
      ) => {
        const url = new URL(input, window.location.href);
        if (url.pathname !== '/mpa/api/pigeon/messages') return new Response('{}', { status: 404 });
        if ((init?.method ?? 'GET') === 'GET') {
          const uid = url.searchParams.get('uid') ?? '';
          const messages = (platform.history[uid] ?? []).map((content) => ({
            content,
            is_self: true,
          }));
          return new Response(JSON.stringify({ code: 0, msg: 'success', data: { messages } }));
        }
        const body = JSON.parse(String(init?.body)) as { uid: string; content: string };
        platform.posts.push(body);
        const answer = platform.answer(body.uid);
        if (!answer) return new Promise<Response>(() => undefined);
        if (answer.code === 0) (platform.history[body.uid] ??= []).push(body.content);
        return new Response(
          JSON.stringify({
            ...answer,
            data: answer.code === 0 ? { message_id: '91', conversation_id: `c_${body.uid}` } : {},
          }),
        );
      }) as unknown as typeof fetch;
    },
  });
  opened.push(dom);
  // The answer hook in the page's world, as the channel installs it (its source only).
  dom.window.eval(`(${installAnswerHook.toString()})(${JSON.stringify(pack.endpoints)}, 'k-test')`);
  return dom;
}

function action(uid: string, message = '你好，想和你聊聊合作'): ClaimedBrowserAction {
  return {
    id: 21,
    leaseId: '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c11',
    leasedUntil: '2030-01-01T00:00:00.000Z',
    idempotencyKey: 'task:3:browser:buyin_message:0',
    kind: 'buyin_message',
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
      id: 3,
      taskType: 'free_connection',
      contentType: 'video',
      setName: '建联',
      name: null,
      products: [],
      terms: null,
    },
    message: null,
    records: [
      {
        id: 700,
        talentName: '达人甲',
        platformTalentId: 'dy_jia',
        identity: { platform: 'douyin', talentId: 'dy_jia', buyinId: null, uid },
        message,
      },
    ],
  };
}

function context(dom: JSDOM, claimed: ClaimedBrowserAction, over: Partial<PagePack> = {}) {
  return {
    doc: dom.window.document,
    pack: { ...pack, ...over },
    action: claimed,
    answers: new AnswerFeed(dom.window as unknown as Window, 'k-test'),
    stepTimeoutMs: 500,
  };
}

const ok = () => ({ code: 0, msg: 'success' });

describe('百应 私信 on the stand-in profile', () => {
  it('on the 达人’s profile the route opened, fills the 私信, and the answer’s code 0 sends it', async () => {
    const platform: Platform = { history: {}, answer: ok, posts: [] };
    const dom = profilePage(platform);
    const ctx = context(dom, action('v2_jia'));
    const prepared = await buyinImFlow.prepare(ctx);
    expect(prepared).toEqual({ ready: true, recordIds: [700], outcomes: [] });
    const doc = dom.window.document;
    // The route's 达人, the message filled, not sent.
    expect(dom.window.location.search).toBe('?uid=v2_jia');
    expect(doc.querySelector<HTMLTextAreaElement>('.auxo-drawer-body textarea')!.value).toBe(
      '你好，想和你聊聊合作',
    );
    expect(platform.posts).toEqual([]);
    const sent = await buyinImFlow.send(ctx, [700]);
    expect(sent).toEqual({
      outcomes: [
        {
          recordId: 700,
          result: 'sent',
          answer: { code: '0', message: 'success', requestId: null },
          reference: { conversationId: 'c_v2_jia' },
        },
      ],
      unknown: [],
    });
    expect(platform.posts).toEqual([{ uid: 'v2_jia', content: '你好，想和你聊聊合作' }]);
  });

  it('a 达人 the platform refuses by code fails its record with that code', async () => {
    const platform: Platform = {
      history: {},
      answer: () => ({ code: 40031, msg: '该达人暂不接收私信' }),
      posts: [],
    };
    const dom = profilePage(platform, '', 'v2_yi');
    const ctx = context(dom, action('v2_yi'));
    await buyinImFlow.prepare(ctx);
    const sent = await buyinImFlow.send(ctx, [700]);
    expect(sent).toEqual({
      outcomes: [
        {
          recordId: 700,
          result: 'failed',
          errorCode: 'talent_ineligible',
          answer: { code: '40031', message: '该达人暂不接收私信', requestId: null },
        },
      ],
      unknown: [],
    });
  });

  it('the day’s 私信 limit stops the run: nothing failed, nothing in doubt', async () => {
    const platform: Platform = {
      history: {},
      answer: () => ({ code: 40041, msg: '今日私信次数已达上限' }),
      posts: [],
    };
    const dom = profilePage(platform, '', 'v2_bing');
    const ctx = context(dom, action('v2_bing'));
    await buyinImFlow.prepare(ctx);
    const sent = await buyinImFlow.send(ctx, [700]);
    expect(sent).toMatchObject({
      outcomes: [],
      unknown: [],
      stop: { reason: 'quota_exceeded', answer: { code: '40041' } },
    });
  });

  it('a code the pack does not know stops the run as a changed page and fails nothing', async () => {
    const platform: Platform = {
      history: {},
      answer: () => ({ code: 12345, msg: '未知' }),
      posts: [],
    };
    const dom = profilePage(platform, '', 'v2_ding');
    const ctx = context(dom, action('v2_ding'));
    await buyinImFlow.prepare(ctx);
    expect(await buyinImFlow.send(ctx, [700])).toMatchObject({
      outcomes: [],
      unknown: [],
      stop: { reason: 'page_changed', answer: { code: '12345' } },
    });
  });

  it('a send the page never answers leaves its record unknown', async () => {
    const platform: Platform = { history: {}, answer: () => null, posts: [] };
    const dom = profilePage(platform, '', 'v2_wu');
    const ctx = context(dom, action('v2_wu'));
    await buyinImFlow.prepare(ctx);
    expect(await buyinImFlow.send(ctx, [700])).toMatchObject({
      outcomes: [],
      unknown: [700],
      stop: { reason: 'page_changed' },
    });
    expect(platform.posts).toHaveLength(1);
  });

  it('a send button gone before the click sends nothing and releases the record', async () => {
    const platform: Platform = { history: {}, answer: ok, posts: [] };
    const dom = profilePage(platform, '', 'v2_ren');
    const ctx = context(dom, action('v2_ren'));
    await buyinImFlow.prepare(ctx);
    dom.window.document.querySelector('.auxo-drawer-body .auxo-btn-primary')!.remove();
    expect(await buyinImFlow.send(ctx, [700])).toEqual({
      outcomes: [],
      unknown: [],
      stop: { reason: 'page_changed', detail: 'the send button is gone' },
    });
    expect(platform.posts).toEqual([]);
  });

  it('a captcha after a send the page did not answer stops the run, the record in doubt', async () => {
    const platform: Platform = { history: {}, answer: () => null, posts: [] };
    const dom = profilePage(platform, '&captcha=1', 'v2_geng');
    const ctx = context(dom, action('v2_geng'));
    await buyinImFlow.prepare(ctx);
    expect(await buyinImFlow.send(ctx, [700])).toMatchObject({
      outcomes: [],
      unknown: [700],
      stop: { reason: 'captcha' },
    });
  });

  it('a step blocked by a captcha stops the run as a captcha, nothing filled', async () => {
    const dom = profilePage({ history: {}, answer: ok, posts: [] }, '&captcha=1', 'v2_xin');
    const ctx = context(dom, action('v2_xin'), {
      selectors: { ...pack.selectors, imButtonText: '联系TA' },
    });
    expect(await buyinImFlow.prepare(ctx)).toMatchObject({
      ready: false,
      stop: { reason: 'captcha' },
      outcomes: [],
    });
  });

  it('a page without the pack’s 私信 button stops before anything is filled', async () => {
    const dom = profilePage({ history: {}, answer: ok, posts: [] });
    const ctx = context(dom, action('v2_jia'), {
      selectors: { ...pack.selectors, imButtonText: '联系TA' },
    });
    expect(await buyinImFlow.prepare(ctx)).toMatchObject({
      ready: false,
      stop: { reason: 'page_changed', detail: 'no 联系TA button' },
      outcomes: [],
    });
  });

  it('a page on another 达人’s profile is never written to', async () => {
    const dom = profilePage({ history: {}, answer: ok, posts: [] }, '', 'v2_yi');
    expect(await buyinImFlow.prepare(context(dom, action('v2_jia')))).toMatchObject({
      ready: false,
      stop: { reason: 'page_changed', detail: 'the page is not on v2_jia' },
      outcomes: [],
    });
    expect(dom.window.document.querySelector('.auxo-drawer-body textarea')).toBeNull();
  });
});

describe('reading the 私信 back after a restart', () => {
  it('the message among the seller’s own is sent; a conversation without it is not', async () => {
    const platform: Platform = {
      history: { v2_jia: ['你好，想和你聊聊合作'] },
      answer: ok,
      posts: [],
    };
    expect(await buyinImFlow.readBack!(context(profilePage(platform), action('v2_jia')))).toEqual([
      [700, 'sent'],
    ]);
    expect(
      await buyinImFlow.readBack!(context(profilePage(platform, '', 'v2_yi'), action('v2_yi'))),
    ).toEqual([[700, 'not_sent']]);
  });
});

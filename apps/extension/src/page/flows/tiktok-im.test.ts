import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
// The packs as the server serves them: the flow must work with exactly these facts.
import { pagePacks } from '../../../../server/src/modules/platforms/page-packs/packs.ts';
import { AnswerFeed, installAnswerHook } from './answer-hook.ts';
import { tiktokImFlow } from './tiktok-im.ts';

const html = readFileSync(path.join(__dirname, '../../../test/fixtures/tiktok-im.html'), 'utf8');
const pack = pagePacks.get('tiktok.im') as PagePack;
const opened: JSDOM[] = [];
afterEach(() => opened.splice(0).forEach((dom) => dom.window.close()));

/**
 * The platform behind the stand-in (the tests' own): how it answers the conversation with a
 * creator (`code`), and what went out over its IM socket (the stand-in's `/standin/ws-send`).
 */
interface Platform {
  conversation: (creator: string) => { code: number; message: string };
  sent: Array<{ creator_id: string; content: string }>;
  opened: string[];
}

/**
 * The IM page as the channel opens it: the route names the creator (`creator_id`). `hook`:
 * the answer hook installed once the page has loaded (as the channel does), before the page's
 * own scripts (`early`), or none (a read-back after a restart).
 */
function imPage(
  platform: Platform,
  query = '',
  seed: Record<string, string[]> = {},
  hook: 'late' | 'early' | false = 'late',
) {
  const dom = new JSDOM(html, {
    url: `https://affiliate.tiktok.com/seller/im?shop_id=7496019476093176674&shop_region=GB&creator_id=749318${query}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      // What the platform kept of earlier messages (the stand-in keeps them per session).
      window.sessionStorage.setItem('standin-tiktok-im', JSON.stringify(seed));
      // Chrome's postMessage names the page's window as the source; jsdom's does not.
      window.postMessage = ((data: unknown) => {
        // The window's own timer: closing the window at the test's end clears it.
        window.setTimeout(() =>
          window.dispatchEvent(
            new window.MessageEvent('message', {
              data,
              origin: window.location.origin,
              source: window as unknown as MessageEventSource,
            }),
          ),
        );
      }) as typeof window.postMessage;
      (window as unknown as { fetch: typeof fetch }).fetch = (async (
        input: string,
        init?: RequestInit,
      ) => {
        const url = new URL(input, window.location.href);
        if (url.pathname === '/api/v1/oec/affiliate/seller/im/get/token')
          return new Response(JSON.stringify({ code: 0, data: { token: 't' } }));
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
        if (url.pathname === '/api/v1/im/conversation/create') {
          const creator = (body.participants as Array<{ uid: string }>)[0]!.uid;
          platform.opened.push(creator);
          const answer = platform.conversation(creator);
          return new Response(
            JSON.stringify({
              ...answer,
              data: answer.code === 0 ? { conversation_short_id: `77${creator.length}` } : {},
            }),
          );
        }
        if (url.pathname === '/standin/ws-send') {
          platform.sent.push(body as Platform['sent'][number]);
          return new Response('{}');
        }
        return new Response('{}', { status: 404 });
      }) as unknown as typeof fetch;
      if (hook === 'early')
        window.eval(
          `(${installAnswerHook.toString()})(${JSON.stringify(pack.endpoints)}, 'k-test')`,
        );
    },
  });
  opened.push(dom);
  // The answer hook in the page's world, as the channel installs it for a run (its source
  // only); a read-back after a restart runs without it.
  if (hook === 'late')
    dom.window.eval(
      `(${installAnswerHook.toString()})(${JSON.stringify(pack.endpoints)}, 'k-test')`,
    );
  return dom;
}

function action(message = 'Hi lily, would you like to work with us?'): ClaimedBrowserAction {
  return {
    id: 31,
    leaseId: '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c12',
    leasedUntil: '2030-01-01T00:00:00.000Z',
    idempotencyKey: 'task:4:browser:tiktok_message:0',
    kind: 'tiktok_message',
    pack: { id: pack.id, version: pack.version },
    shop: {
      id: 2,
      platform: 'tiktok',
      shopName: 'UK shop',
      shopCode: 'GBLC',
      platformShopId: '7496019476093176674',
      region: 'GB',
      timeZone: 'Europe/London',
    },
    task: {
      id: 4,
      taskType: 'free_connection',
      contentType: 'video',
      setName: 'connect',
      name: null,
      products: [],
      terms: null,
    },
    message: null,
    records: [
      {
        id: 800,
        talentName: 'Lily',
        platformTalentId: 'lily.makes',
        identity: { platform: 'tiktok', handle: 'lily.makes', creatorUserOpenId: '749318' },
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

const open = (): Platform => ({
  conversation: () => ({ code: 0, message: 'success' }),
  sent: [],
  opened: [],
});

describe('TikTok IM on the stand-in seller center', () => {
  it('opens the creator’s conversation, fills the composer, and the own new message is the send', async () => {
    const platform = open();
    const dom = imPage(platform);
    const ctx = context(dom, action());
    const prepared = await tiktokImFlow.prepare(ctx);
    expect(prepared).toEqual({ ready: true, recordIds: [800], outcomes: [] });
    // The route opened the conversation before the hook; the flow asked the page again.
    expect(platform.opened).toEqual(['749318', '749318']);
    const doc = dom.window.document;
    expect(
      doc.querySelector<HTMLTextAreaElement>('textarea[placeholder*="Send a message"]')!.value,
    ).toBe('Hi lily, would you like to work with us?');
    expect(platform.sent).toEqual([]);
    const sent = await tiktokImFlow.send(ctx, [800]);
    expect(sent).toEqual({
      outcomes: [{ recordId: 800, result: 'sent', reference: { conversationId: '776' } }],
      unknown: [],
    });
    expect(platform.sent).toEqual([
      { creator_id: '749318', content: 'Hi lily, would you like to work with us?' },
    ]);
  });

  it('the page’s own answer, when the hook saw it, is read without asking the page again', async () => {
    const platform = open();
    // The hook is in before the page's scripts but the feed starts listening after the load,
    // as in the extension's tab: the answer reaches the flow all the same.
    const dom = imPage(platform, '', {}, 'early');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ctx = context(dom, action());
    await ctx.answers.catchUp();
    expect(await tiktokImFlow.prepare(ctx)).toEqual({
      ready: true,
      recordIds: [800],
      outcomes: [],
    });
    expect(platform.opened).toEqual(['749318']);
  });

  it('a route on another creator is never written to', async () => {
    const platform = open();
    const dom = imPage(platform);
    const other = action();
    other.records[0]!.identity = { platform: 'tiktok', handle: 'mia', creatorUserOpenId: '7777' };
    expect(await tiktokImFlow.prepare(context(dom, other))).toMatchObject({
      ready: false,
      outcomes: [],
      stop: { reason: 'page_changed' },
    });
    expect(dom.window.document.querySelector<HTMLTextAreaElement>('textarea')?.value ?? '').toBe(
      '',
    );
  });

  it('a creator the shop may not message fails its record by the answer’s code; nothing is sent', async () => {
    const platform = {
      ...open(),
      conversation: () => ({ code: 16024020, message: 'creator excluded' }),
    };
    const dom = imPage(platform);
    const prepared = await tiktokImFlow.prepare(context(dom, action()));
    expect(prepared).toEqual({
      ready: true,
      recordIds: [],
      outcomes: [
        {
          recordId: 800,
          result: 'failed',
          errorCode: 'talent_excluded',
          answer: { code: '16024020', message: 'creator excluded', requestId: null },
        },
      ],
    });
    expect(platform.sent).toEqual([]);
  });

  it('the quota answer stops the run and fails nothing', async () => {
    const platform = {
      ...open(),
      conversation: () => ({ code: 16024019, message: 'insufficient quota' }),
    };
    expect(await tiktokImFlow.prepare(context(imPage(platform), action()))).toMatchObject({
      ready: false,
      outcomes: [],
      stop: { reason: 'quota_exceeded', answer: { code: '16024019' } },
    });
  });

  it('a message longer than the page takes fails as an invalid request, the page untouched', async () => {
    const platform = open();
    expect(
      await tiktokImFlow.prepare(context(imPage(platform), action('x'.repeat(2001)))),
    ).toMatchObject({
      ready: true,
      recordIds: [],
      outcomes: [{ recordId: 800, result: 'failed', errorCode: 'invalid_request' }],
    });
    expect(platform.sent).toEqual([]);
  });

  it('a conversation the list does not show as the creator’s selected one is never written to', async () => {
    const platform = open();
    const dom = imPage(platform);
    const ctx = context(dom, action(), {
      selectors: { ...pack.selectors, selectedContact: '[class*="contactCard"][class*="pinned"]' },
    });
    expect(await tiktokImFlow.prepare(ctx)).toMatchObject({
      ready: false,
      outcomes: [],
      stop: { reason: 'page_changed' },
    });
    expect(dom.window.document.querySelector<HTMLTextAreaElement>('textarea')?.value ?? '').toBe(
      '',
    );
  });

  it('a send the page never shows leaves its record unknown', async () => {
    const platform = open();
    const dom = imPage(platform, '&hang=1');
    const ctx = context(dom, action());
    await tiktokImFlow.prepare(ctx);
    expect(await tiktokImFlow.send(ctx, [800])).toMatchObject({
      outcomes: [],
      unknown: [800],
      stop: { reason: 'page_changed' },
    });
    expect(platform.sent).toHaveLength(1);
  });
});

describe('reading the conversation back after a restart', () => {
  it('the message among the seller’s own is sent; a conversation without it is not', async () => {
    const seed = { '749318': ['Hi lily, would you like to work with us?'] };
    // No answer hook after a restart: the page is read as it shows.
    expect(
      await tiktokImFlow.readBack!(context(imPage(open(), '', seed, false), action())),
    ).toEqual([[800, 'sent']]);
    expect(await tiktokImFlow.readBack!(context(imPage(open(), '', {}, false), action()))).toEqual([
      [800, 'not_sent'],
    ]);
    // The page never opens the conversation: it cannot tell.
    const refused = { ...open(), conversation: () => ({ code: 16024020, message: 'excluded' }) };
    expect(
      await tiktokImFlow.readBack!(context(imPage(refused, '', {}, false), action())),
    ).toBeNull();
  });
});

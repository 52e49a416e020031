import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerFeed, installAnswerHook } from './answer-hook.ts';

const endpoints = [
  {
    name: 'create',
    method: 'POST',
    pattern: '/api/v1/oec/affiliate/seller/invitation_group/create',
  },
  {
    name: 'conflictCheck',
    method: 'POST',
    pattern: '/api/v1/oec/affiliate/seller/invitation_group/conflict_check',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the JSON answer hook in the page world', () => {
  it('passes the answers of the pack’s endpoints to the feed, under its key only', async () => {
    const answers: Record<string, unknown> = {
      '/api/v1/oec/affiliate/seller/invitation_group/create': {
        code: 0,
        data: { invitation_id: '77' },
      },
      '/api/v1/other': { code: 0 },
    };
    window.fetch = vi.fn(
      async (input: RequestInfo | URL) =>
        new Response(
          JSON.stringify(answers[new URL(String(input), location.href).pathname] ?? {}),
          {
            status: 200,
          },
        ),
    ) as typeof fetch;
    // jsdom's postMessage names no source window; Chrome's does (the page's own window).
    vi.spyOn(window, 'postMessage').mockImplementation((data: unknown) => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin: location.origin, source: window }),
      );
    });
    installAnswerHook(endpoints, 'key-1');
    const feed = new AnswerFeed(window, 'key-1');
    const stranger = new AnswerFeed(window, 'key-2');
    await window.fetch('/api/v1/other', { method: 'POST' });
    const page = await window.fetch(
      '/api/v1/oec/affiliate/seller/invitation_group/create?msToken=x',
      {
        method: 'POST',
      },
    );
    // The page still reads its own answer.
    expect(await page.json()).toEqual({ code: 0, data: { invitation_id: '77' } });
    const answer = await feed.next('create', 0, 2_000);
    expect(answer).toMatchObject({
      name: 'create',
      status: 200,
      body: { code: 0, data: { invitation_id: '77' } },
    });
    expect(feed.count('create')).toBe(1);
    expect(await stranger.next('create', 0, 100)).toBeNull();
    // A GET of the same path is not the pack's endpoint.
    await window.fetch('/api/v1/oec/affiliate/seller/invitation_group/create');
    expect(await feed.next('create', 1, 200)).toBeNull();
    // Installed twice under one key, it hooks once; nothing is added to the page's DOM.
    installAnswerHook(endpoints, 'key-1');
    expect(document.body.innerHTML).toBe('');
    feed.close();
    stranger.close();
  });
});

/**
 * The hook in the page's own world (issue 17: outcomes from the platform's JSON answers). It
 * wraps `fetch` and `XMLHttpRequest` and, for requests matching the page pack's endpoints,
 * passes the JSON answer to the extension's isolated world by a window message under a key
 * known only to the extension (a fresh one per run). It adds nothing to the page's DOM.
 *
 * `installAnswerHook` runs through `chrome.scripting.executeScript({ world: 'MAIN', func })`:
 * it must be self-contained (no imports, no outside names), since only its source is sent.
 */
export interface HookEndpoint {
  name: string;
  method: string;
  pattern: string;
}

export interface HookedAnswer {
  /** Its place among the hook's answers (a replayed answer is taken once). */
  seq?: number;
  name: string;
  url: string;
  status: number;
  body: unknown;
}

export function installAnswerHook(endpoints: HookEndpoint[], key: string): void {
  const own = window as unknown as Record<symbol, unknown>;
  const mark = Symbol.for(`answer-hook:${key}`);
  if (own[mark]) return;
  Object.defineProperty(own, mark, { value: true, enumerable: false });
  const toRegExp = (pattern: string) =>
    new RegExp(
      `${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^?]*')}$`,
    );
  const sorted = [...endpoints]
    .sort((a, b) => b.pattern.length - a.pattern.length)
    .map((endpoint) => ({ ...endpoint, re: toRegExp(endpoint.pattern) }));
  const nameOf = (method: string, url: string): string | null => {
    let path: string;
    try {
      path = new URL(url, location.href).pathname;
    } catch {
      return null;
    }
    const hit = sorted.find(
      (endpoint) => endpoint.method === method.toUpperCase() && endpoint.re.test(path),
    );
    return hit ? hit.name : null;
  };
  // Every answer is kept and numbered: the isolated world's feed may start listening after
  // some came (the flow's script is injected after the hook), and asks for them again.
  const kept: Array<{ seq: number; name: string; url: string; status: number; body: unknown }> = [];
  const pass = (name: string, url: string, status: number, text: string) => {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const answer = { seq: kept.length, name, url, status, body };
    kept.push(answer);
    window.postMessage({ [key]: answer }, location.origin);
  };
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (event.source !== window || !data || typeof data !== 'object') return;
    // A JSON call the flow asks the page to make from its own context, as public automation
    // does (the page's fetch signs it; the route's query parameters go along, hit
    // 58707059354): its answer comes back through the hook like any other.
    const call = data[`${key}:call`] as { method?: string; path?: string; body?: unknown } | null;
    if (call && typeof call === 'object') {
      const endpoint = sorted.find(
        (candidate) => candidate.method === call.method && candidate.pattern === call.path,
      );
      if (!endpoint || endpoint.pattern.includes('*')) return;
      window
        .fetch(`${endpoint.pattern}${location.search}`, {
          method: endpoint.method,
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: endpoint.method === 'GET' ? undefined : JSON.stringify(call.body ?? {}),
        })
        .catch(() => undefined);
      return;
    }
    const ask = data[`${key}:replay`];
    if (ask !== true) return;
    for (const answer of kept) window.postMessage({ [key]: answer }, location.origin);
    window.postMessage({ [`${key}:replayed`]: kept.length }, location.origin);
  });

  const originalFetch = window.fetch;
  window.fetch = async function hookedFetch(
    this: unknown,
    input: RequestInfo | URL,
    init?: RequestInit,
  ) {
    const response = await originalFetch.call(this, input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method =
      init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
    const name = nameOf(method, url);
    if (name) {
      response
        .clone()
        .text()
        .then((text) => pass(name, url, response.status, text))
        .catch(() => undefined);
    }
    return response;
  };

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const seen = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  XMLHttpRequest.prototype.open = function hookedOpen(this: XMLHttpRequest, ...args: unknown[]) {
    seen.set(this, { method: String(args[0]), url: String(args[1]) });
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  XMLHttpRequest.prototype.send = function hookedSend(
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    const request = seen.get(this);
    const name = request ? nameOf(request.method, request.url) : null;
    if (name && request) {
      this.addEventListener('loadend', () => {
        const text =
          this.responseType === '' || this.responseType === 'text'
            ? this.responseText
            : JSON.stringify(this.response);
        pass(name, request.url, this.status, text);
      });
    }
    return send.call(this, body);
  };
}

/** The isolated world's side: the answers that came, by endpoint name, in order. */
export class AnswerFeed {
  private readonly answers: HookedAnswer[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly seen = new Set<number>();
  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.win) return;
    const data = event.data as Record<string, unknown> | null;
    if (data && typeof data === 'object' && `${this.key}:replayed` in data) {
      this.replayed?.();
      return;
    }
    const answer =
      data && typeof data === 'object' ? (data[this.key] as HookedAnswer | undefined) : undefined;
    if (!answer || typeof answer.name !== 'string') return;
    if (typeof answer.seq === 'number') {
      if (this.seen.has(answer.seq)) return;
      this.seen.add(answer.seq);
    }
    // In the hook's order (a replayed answer may come after a newer one).
    const at = this.answers.findIndex(
      (held) =>
        typeof held.seq === 'number' && typeof answer.seq === 'number' && held.seq > answer.seq,
    );
    if (at === -1) this.answers.push(answer);
    else this.answers.splice(at, 0, answer);
    for (const wake of this.waiters) wake();
  };

  constructor(
    private readonly win: Window,
    private readonly key: string,
  ) {
    win.addEventListener('message', this.listener);
  }

  private replayed: (() => void) | null = null;

  /**
   * Takes the answers the hook got before this feed listened (the flow's script goes in after
   * the hook, and the page may have called before): resolves once the hook has replayed them,
   * or after `timeoutMs` when no hook answers (a read-back runs without one).
   */
  async catchUp(timeoutMs = 300): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.replayed = null;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.replayed = done;
      this.win.postMessage({ [`${this.key}:replay`]: true }, this.win.location.origin);
    });
  }

  close() {
    this.win.removeEventListener('message', this.listener);
  }

  /** The next answer of `name` after the `after`-th one, or null within `timeoutMs`. */
  async next(name: string, after: number, timeoutMs: number): Promise<HookedAnswer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.answers.filter((answer) => answer.name === name)[after];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /**
   * Asks the page to make the call of the pack's endpoint `name` (only a pack endpoint, from the
   * page's own context) and resolves its answer, or null within `timeoutMs`.
   */
  async ask(
    endpoint: HookEndpoint,
    body: unknown,
    timeoutMs: number,
  ): Promise<HookedAnswer | null> {
    const before = this.count(endpoint.name);
    this.win.postMessage(
      { [`${this.key}:call`]: { method: endpoint.method, path: endpoint.pattern, body } },
      this.win.location.origin,
    );
    return this.next(endpoint.name, before, timeoutMs);
  }

  count(name: string): number {
    return this.answers.filter((answer) => answer.name === name).length;
  }
}

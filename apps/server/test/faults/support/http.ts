import {
  apiPaths,
  type Envelope,
  type LoginData,
  type PlanId,
  type PurchaseData,
  type Shop,
  type ShopChangeData,
} from '@inviteflow/contract';

export interface Reply<T> {
  status: number;
  body: Envelope<T>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** A multipart body (a talent import); sent as it is. */
  form?: FormData;
  headers?: Record<string, string>;
  /** Gives up after this long (the request's outcome is then unknown). */
  timeoutMs?: number;
}

/** Calls one server over real HTTP and reads the envelope; network failures throw. */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} without JSON: ${text}`);
  }
  return { status: response.status, body: parsed };
}

/** Like `call`, but anything but 200 throws with the answer. */
export async function ok<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const reply = await call<T>(base, method, path, options);
  if (reply.status !== 200) {
    throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return reply.body.data;
}

export async function signIn(base: string, username: string, password: string) {
  return ok<LoginData>(base, 'POST', apiPaths.auth.login, { body: { username, password } });
}

/**
 * Buys a plan and pays it at the built-in sandbox cashier over HTTP, as a buyer's
 * browser does; the sandbox's signed notification reaches the server before the
 * cashier redirects back.
 */
export async function buyPlanInSandbox(base: string, token: string, planId: PlanId) {
  const bought = await ok<PurchaseData>(base, 'POST', apiPaths.membership.purchase, {
    token,
    body: { planId, paymentMethod: 'alipay' },
  });
  const page = new URL(bought.paymentUrl);
  const html = await (await fetch(`${base}${page.pathname}${page.search}`)).text();
  const tradeNo = /name="trade_no" value="([^"]+)"/.exec(html)?.[1];
  if (!tradeNo) throw new Error(`no trade number on the sandbox page:\n${html}`);
  const paid = await fetch(`${base}${apiPaths.sandbox.pay}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trade_no: tradeNo }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox pay answered ${paid.status}`);
  return bought.orderId;
}

let shopCounter = 0;
export async function bindShop(base: string, token: string): Promise<Shop> {
  shopCounter += 1;
  const data = await ok<ShopChangeData>(base, 'POST', apiPaths.shops.list, {
    token,
    body: {
      platform: 'douyin',
      shopName: `故障测试店${shopCounter}`,
      siteName: '中国站',
      shopCode: `FAULT${process.pid}_${shopCounter}`,
    },
  });
  return data.shop;
}

/** A talent import file (CSV with the key headers): `ids` become talents named after them. */
export function talentCsv(ids: readonly string[]): FormData {
  const lines = ['name,platform,platformTalentId', ...ids.map((id) => `达人${id},抖音,${id}`)];
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'talents.csv');
  return form;
}

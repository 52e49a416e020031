import {
  apiPaths,
  extensionSummary,
  shopReportData,
  type ExtensionSummary,
  type Locale,
  type ShopIdentityBody,
  type ShopReportData,
} from '@inviteflow/contract';
import type { z } from 'zod';
import { currentAuth } from '../login/login-bridge.ts';
import { authItem } from '../storage/items.ts';

/**
 * The extension's calls to the InviteFlow API outside the browser channel's (the shop report
 * and the summary), made with its scoped token from the popup (extension pages, which the manifest's host permissions
 * let reach the console origin). Every outcome is a value, never a throw: callers decide.
 */

export type ApiFailureKind =
  /** No usable token is held: sign in on the console. */
  | 'signedOut'
  /** 401: the token is dead (expired, or its session ended). */
  | 'unauthorized'
  /** 403: the token may not make this call. */
  | 'forbidden'
  /** 404, 409, 422: the server refused, with a message to show as it is. */
  | 'refused'
  /** Another HTTP failure (400, 429, 5xx). */
  | 'http'
  /** No answer at all. */
  | 'network';

export interface ApiFailure {
  kind: ApiFailureKind;
  status: number | null;
  message: string;
}

export type ApiResult<T> =
  { ok: true; data: T; message: string } | { ok: false; error: ApiFailure };

interface Envelope {
  success: boolean;
  code: number;
  message: string;
  data: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    !!body &&
    typeof body === 'object' &&
    typeof (body as Envelope).success === 'boolean' &&
    typeof (body as Envelope).code === 'number'
  );
}

function kindOf(status: number): ApiFailureKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 409 || status === 422) return 'refused';
  return 'http';
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  locale: Locale;
}

export async function callApi<T>(
  path: string,
  schema: z.ZodType<T>,
  options: CallOptions,
): Promise<ApiResult<T>> {
  const auth = await currentAuth();
  if (!auth) return { ok: false, error: { kind: 'signedOut', status: null, message: '' } };
  let response: Response;
  try {
    response = await fetch(`${auth.apiOrigin}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        'Accept-Language': options.locale,
        Authorization: `Bearer ${auth.token}`,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    return {
      ok: false,
      error: { kind: 'network', status: null, message: (error as Error).message ?? '' },
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message = isEnvelope(body) ? body.message : '';
  if (!response.ok || !isEnvelope(body) || !body.success) {
    const status = response.ok ? 500 : response.status;
    if (status === 401) {
      // The token is dead: forget it, unless the console handed over a new one meanwhile.
      const held = await authItem.get();
      if (held?.token === auth.token) await authItem.remove();
    }
    return { ok: false, error: { kind: kindOf(status), status, message } };
  }
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) {
    return { ok: false, error: { kind: 'http', status: response.status, message } };
  }
  return { ok: true, data: parsed.data, message };
}

/** The shop report and the summary, as the popup uses them. */
export interface TaskApi {
  reportShop(shop: ShopIdentityBody): Promise<ApiResult<ShopReportData>>;
  summary(): Promise<ApiResult<ExtensionSummary>>;
}

export function httpTaskApi(locale: () => Locale | Promise<Locale>): TaskApi {
  return {
    async reportShop(shop) {
      return callApi(apiPaths.shops.report, shopReportData, {
        method: 'POST',
        body: shop,
        locale: await locale(),
      });
    },
    async summary() {
      return callApi(apiPaths.extension.summary, extensionSummary, { locale: await locale() });
    },
  };
}

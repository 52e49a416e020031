import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Harness } from '../../support/harness.ts';
import {
  fieldValue,
  hostileString,
  hostileValue,
  objectValue,
  rawJsonBodies,
  unicodeEdges,
} from './hostile.ts';
import { fillPath, inputJsonSchema, type JsonSchema, type RouteEntry } from './route-table.ts';
import { envelopeProblem, send, type Request, type Sent } from './send.ts';
import { changedTables, wholeDatabase, type Fingerprint } from './snapshot.ts';

/** Seeded and bounded: the same inputs every run unless FUZZ_SEED or FUZZ_RUNS say otherwise. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** A seed of its own for each route, so adding a route does not change the others' inputs. */
export function seedFor(key: string): number {
  return (createHash('sha256').update(`${FUZZ_SEED}:${key}`).digest().readUInt32BE(0) | 0) >>> 1;
}

/** The sandbox TikTok Shop: it plays the platform and answers as the platform does. */
function isTikTokSandbox(route: RouteEntry): boolean {
  return route.url.startsWith('/sandbox/tiktok-shop/');
}

/** The sandbox 抖店: it plays the platform; its control routes refuse with `{ code, msg }`. */
function isDoudianSandbox(route: RouteEntry): boolean {
  return route.url.startsWith('/sandbox/doudian/');
}

/** Routes that speak forms (the payment gateway's side, the sandbox's authorization page), not JSON. */
function isForm(route: RouteEntry): boolean {
  if (isTikTokSandbox(route)) return route.url === '/sandbox/tiktok-shop/open/authorize';
  return route.url.startsWith('/sandbox/') || route.url.endsWith('/payments/alipay/notify');
}

function isMultipart(route: RouteEntry): boolean {
  return route.url.endsWith('/import');
}

/** A query string value as a client can send it: a string, or a repeated key. */
function queryValue(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return JSON.stringify(value) ?? String(value);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Upload contents: nothing, garbage, a zip that is not a workbook, a CSV full of hostile cells. */
const uploads: fc.Arbitrary<{ content: Buffer; filename: string } | null> = fc.oneof(
  fc.constant(null),
  fc
    .uint8Array({ maxLength: 2000 })
    .map((bytes) => ({ content: Buffer.from(bytes), filename: 'talents.xlsx' })),
  fc.constant({ content: Buffer.from('PK\u0003\u0004not really a zip'), filename: 'talents.xlsx' }),
  fc
    .array(fc.array(hostileString, { minLength: 1, maxLength: 4 }), { maxLength: 6 })
    .map((rows) => ({
      content: Buffer.from(
        [['Talent ID', 'Talent name', 'Platform'], ...rows]
          .map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(','))
          .join('\r\n'),
      ),
      filename: 'talents.csv',
    })),
);

export interface FuzzContext {
  /** Path values that exist (A's own), so some calls get past "not found" into the handler. */
  realIds: Record<string, Array<string | number>>;
  /** A's row ids, for id fields of bodies and queries. */
  rowIds: number[];
  token: string;
}

type Body = Pick<Request, 'body' | 'raw' | 'multipart'>;

function bodyArbitrary(route: RouteEntry, schema: JsonSchema, ids: number[]): fc.Arbitrary<Body> {
  if (isMultipart(route)) {
    const fields = { ...schema, properties: { ...schema.properties } };
    delete fields.properties!.file;
    return fc.tuple(objectValue(fields, 0, ids), uploads).map(([values, file]) => ({
      multipart: {
        fields: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, asText(v)])),
        file,
      },
    }));
  }
  if (isForm(route)) {
    return objectValue(schema, 0, ids).map((values) => ({
      raw: {
        payload: new URLSearchParams(
          Object.entries(values).map(([k, v]) => [k, asText(v)]),
        ).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
    }));
  }
  return fc.oneof(
    { weight: 8, arbitrary: objectValue(schema, 0, ids).map((body) => ({ body })) },
    { weight: 1, arbitrary: hostileValue.map((body) => ({ body })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...rawJsonBodies)
        .map((payload) => ({ raw: { payload, contentType: 'application/json' } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          objectValue(schema, 0, ids),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
            'application/xml',
          ),
        )
        .map(([value, contentType]) => ({
          raw: { payload: JSON.stringify(value), contentType },
        })),
    },
  );
}

/** Requests for one route: its params, query and body from its contract schemas, mostly hostile. */
export function requestArbitrary(route: RouteEntry, context: FuzzContext): fc.Arbitrary<Request> {
  const paramsSchema = route.schema.params ? inputJsonSchema(route.schema.params) : null;
  const params: Record<string, fc.Arbitrary<string | number>> = {};
  for (const name of route.pathParams) {
    const real = context.realIds[name] ?? [];
    const fromSchema = paramsSchema?.properties?.[name];
    params[name] = fc.oneof(
      ...(real.length ? [fc.constantFrom(...real)] : []),
      fromSchema ? fieldValue(fromSchema).map(asText) : hostileString,
      hostileString,
      fc.constantFrom(...unicodeEdges),
    );
  }
  const query = route.schema.querystring
    ? objectValue(inputJsonSchema(route.schema.querystring), 0, context.rowIds).map((values) =>
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, queryValue(v)])),
      )
    : fc.constant(undefined);
  const body: fc.Arbitrary<Body> = route.schema.body
    ? bodyArbitrary(route, inputJsonSchema(route.schema.body), context.rowIds)
    : fc.constant({});
  const needsToken = route.url.startsWith('/api/v1/') && !route.isPublic;
  return fc
    .record({
      params: fc.record(params),
      query,
      body,
      lang: fc.constantFrom('zh-CN', 'en-US'),
    })
    .map(({ params: values, query: q, body: b, lang }) => ({
      method: route.method,
      url: fillPath(route.url, values),
      query: q,
      ...b,
      lang,
      token: needsToken ? context.token : null,
    }));
}

/** Routes whose answers are pages or plain text by design (the gateway's side). */
function answersHtml(route: RouteEntry): boolean {
  return route.url.startsWith('/sandbox/');
}

/**
 * The sandbox TikTok Shop refuses as TikTok Shop does, in English: `{ code, message,
 * request_id, data }` with a non-zero code.
 */
function platformAnswerProblem(sent: Sent, lang: 'zh-CN' | 'en-US'): string | null {
  // A request the router refuses (a path that does not decode, no id) never reaches the
  // sandbox: the server's own envelope answers it.
  if (!envelopeProblem(sent, lang)) return null;
  try {
    const body = JSON.parse(sent.text) as Record<string, unknown>;
    if (
      typeof body.code === 'number' &&
      body.code !== 0 &&
      typeof body.message === 'string' &&
      body.message &&
      typeof body.request_id === 'string'
    )
      return null;
  } catch {
    // reported below
  }
  return `not the platform's refusal: ${sent.text.slice(0, 200)}`;
}

/**
 * Tables a refusal may still change, with why: a wrong verification code counts against
 * the code even though the request fails (that is the brute-force defence).
 */
const refusalMayWrite: Record<string, string[]> = {
  'POST /api/v1/auth/register': ['sms_codes'],
  'POST /api/v1/auth/reset-password': ['sms_codes'],
  'PUT /api/v1/user/profile': ['sms_codes'],
  // Every report of the gateway is kept, whatever it was (payment_events is the audit trail).
  'POST /api/v1/payments/alipay/notify': ['payment_events'],
};

export interface FuzzOutcome {
  problems: string[];
  statuses: Record<number, number>;
  sent: number;
}

function describe(request: Request): string {
  const shown = JSON.stringify({
    url: request.url,
    query: request.query,
    body: request.body,
    raw: request.raw && { ...request.raw, payload: String(request.raw.payload).slice(0, 300) },
    multipart: request.multipart && {
      fields: request.multipart.fields,
      file: request.multipart.file?.filename,
    },
    lang: request.lang,
  });
  return shown.length > 600 ? `${shown.slice(0, 600)}…` : shown;
}

/** The sandbox 抖店's refusals: `{ code, msg }` with a non-zero code (or the server's envelope). */
function doudianAnswerProblem(sent: Sent): string | null {
  if (!envelopeProblem(sent, 'zh-CN') || !envelopeProblem(sent, 'en-US')) return null;
  try {
    const body = JSON.parse(sent.text) as Record<string, unknown>;
    if (
      typeof body.code === 'number' &&
      body.code !== 0 &&
      typeof body.msg === 'string' &&
      body.msg
    )
      return null;
  } catch {
    // Not JSON: judged below.
  }
  return `not the sandbox's refusal: ${sent.text.slice(0, 200)}`;
}

/** What is wrong with one answer to a hostile request, or null. */
function judge(route: RouteEntry, request: Request, sent: Sent): string | null {
  if (sent.status >= 500) return `${sent.status} ${sent.text.slice(0, 200)}`;
  if (sent.status < 400) return null;
  if (answersHtml(route) && String(sent.headers['content-type']).startsWith('text/html'))
    return sent.text.trim() ? null : 'an empty error page';
  if (isTikTokSandbox(route))
    return platformAnswerProblem(sent, request.lang === 'en-US' ? 'en-US' : 'zh-CN');
  if (isDoudianSandbox(route)) return doudianAnswerProblem(sent);
  return envelopeProblem(sent, request.lang === 'en-US' ? 'en-US' : 'zh-CN');
}

/**
 * Sends `runs` generated requests to one route. Every answer must be below 500; every
 * refusal the envelope with a message in the asked language; and a refusal writes
 * nothing (the whole database is compared before and after).
 */
export async function fuzzRoute(
  h: Harness,
  route: RouteEntry,
  context: FuzzContext,
  runs = FUZZ_RUNS,
): Promise<FuzzOutcome> {
  const requests = fc.sample(requestArbitrary(route, context), {
    seed: seedFor(route.key),
    numRuns: runs,
  });
  const outcome: FuzzOutcome = { problems: [], statuses: {}, sent: 0 };
  let before: Fingerprint = await wholeDatabase(h.app.db);
  for (const request of requests) {
    const sent = await send(h, request);
    outcome.sent += 1;
    outcome.statuses[sent.status] = (outcome.statuses[sent.status] ?? 0) + 1;
    const problem = judge(route, request, sent);
    if (problem) outcome.problems.push(`${route.key}: ${problem}\n    input ${describe(request)}`);
    const after = await wholeDatabase(h.app.db);
    if (sent.status >= 400 || route.url.endsWith('/payments/alipay/notify')) {
      // The sandbox TikTok Shop keeps a record of every call it received, refusals too.
      const allowed = [
        ...(refusalMayWrite[route.key] ?? []),
        ...(isTikTokSandbox(route) ? ['sandbox_tts_calls'] : []),
        ...(isDoudianSandbox(route) ? ['sandbox_doudian_calls'] : []),
      ];
      const changed = changedTables(before, after).filter((t) => !allowed.includes(t));
      if (changed.length)
        outcome.problems.push(
          `${route.key}: answered ${sent.status} but changed ${changed.join(', ')}\n    input ${describe(request)}`,
        );
    }
    before = after;
  }
  return outcome;
}

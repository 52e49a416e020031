import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TtsRefusal, invalidParam, ttsErrors } from './errors.ts';
import type { IncomingCall } from './gateway.ts';
import { isStorable, requestId } from './ids.ts';
import type { TikTokShopSandbox } from './sandbox.ts';

/** The platform's answer: `{ code, message, request_id, data }`; code 0 is success. */
export const ttsAnswerSchema = z
  .looseObject({
    code: z.number().int().describe("0 on success, else the platform's error code"),
    message: z.string(),
    request_id: z.string(),
    data: z.unknown().optional(),
  })
  .describe("TikTok Shop's answer");

export function jsonAnswer(description: string) {
  return { description, content: { 'application/json': { schema: ttsAnswerSchema } } };
}

export const pageSchema = z.string().describe('An HTML page');
export function htmlAnswer(description: string) {
  return { description, content: { 'text/html': { schema: pageSchema } } };
}

/**
 * The call as it came: raw path, raw query pairs, raw body (the signature needs them), and
 * the moment it arrived (read first, before any lookup).
 */
export function incoming(
  request: FastifyRequest,
  sandbox: Pick<TikTokShopSandbox, 'basePath' | 'wallNow'>,
): IncomingCall {
  const arrivedAtMs = sandbox.wallNow().getTime();
  const basePath = sandbox.basePath;
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  const rawPath = q === -1 ? raw : raw.slice(0, q);
  let fullPath = rawPath;
  try {
    fullPath = decodeURIComponent(rawPath);
  } catch {
    // Kept as sent: a path that does not decode signs as it is.
  }
  const apiPath =
    basePath && fullPath.startsWith(`${basePath}/`) ? fullPath.slice(basePath.length) : fullPath;
  const query = q === -1 ? [] : [...new URLSearchParams(raw.slice(q + 1)).entries()];
  const header = request.headers['x-tts-access-token'];
  const contentType = request.headers['content-type'];
  return {
    method: request.method,
    fullPath,
    apiPath,
    query,
    rawBody: typeof request.body === 'string' ? request.body : undefined,
    contentType: typeof contentType === 'string' ? contentType : '',
    accessToken: Array.isArray(header) ? header[0] : header,
    arrivedAtMs,
  };
}

/** How deep a JSON value nests (counted without recursion: hostile bodies nest thousands deep). */
function depthOf(value: unknown, limit: number): number {
  let level: unknown[] = [value];
  let depth = 0;
  while (level.length && depth <= limit) {
    depth += 1;
    level = level.flatMap((v) => (v && typeof v === 'object' ? Object.values(v) : []));
  }
  return depth;
}

/**
 * The body as the record keeps it: parsed JSON when it is JSON of a sane shape, else the
 * start of its text (a database refuses JSON nested too deep).
 */
function recordedBody(call: IncomingCall): unknown {
  if (call.rawBody === undefined || call.rawBody === '') return undefined;
  const raw = { raw: call.rawBody.slice(0, 2000) };
  if (call.rawBody.length > 256 * 1024) return raw;
  try {
    const parsed = JSON.parse(call.rawBody) as unknown;
    return depthOf(parsed, 32) > 32 ? raw : parsed;
  } catch {
    return raw;
  }
}

/**
 * Runs one platform call: the configured latency, the work, the answer, and its line in
 * the record of calls. A refusal answers the platform's code with its HTTP status.
 */
export async function serveCall(
  sandbox: TikTokShopSandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (call: IncomingCall, seen: { shopId: string | null }) => Promise<unknown>,
) {
  const call = incoming(request, sandbox);
  await sandbox.delay();
  const now = sandbox.now();
  const seen = { shopId: null as string | null };
  let status = 200;
  let payload: Record<string, unknown>;
  try {
    // Text no database can keep (a NUL, a lone surrogate) is refused before any lookup.
    if (!isStorable(call.query) || !isStorable(call.rawBody ?? ''))
      throw invalidParam('The request holds a NUL character or a lone surrogate.');
    const data = await work(call, seen);
    payload = { code: 0, message: 'Success', request_id: requestId(now), data };
  } catch (error) {
    if (!(error instanceof TtsRefusal)) throw error;
    status = error.error.status;
    payload = {
      code: error.error.code,
      message: error.detail ? `${error.error.message} ${error.detail}` : error.error.message,
      request_id: requestId(now),
      data: error.data ?? null,
    };
  }
  const query = Object.fromEntries(
    call.query.filter(([key], i, all) => all.findIndex(([k]) => k === key) === i),
  );
  await sandbox.record({
    at: now,
    method: call.method,
    path: call.apiPath,
    query,
    body: recordedBody(call),
    httpStatus: status,
    code: payload.code as number,
    appKey: query.app_key ?? null,
    shopId: seen.shopId,
  });
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(payload));
}

/** Answers for the control routes, in the same shape (they are the sandbox's, not the platform's). */
export function controlAnswer(reply: FastifyReply, sandbox: TikTokShopSandbox, data: unknown) {
  return reply
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({ code: 0, message: 'success', request_id: requestId(sandbox.now()), data }),
    );
}

export function controlRefusal(
  reply: FastifyReply,
  sandbox: TikTokShopSandbox,
  status: 400 | 404,
  detail: string,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({
        code: ttsErrors.invalidParam.code,
        message: `${ttsErrors.invalidParam.message} ${detail}`,
        request_id: requestId(sandbox.now()),
        data: null,
      }),
    );
}

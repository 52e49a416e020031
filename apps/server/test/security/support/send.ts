import type { Harness } from '../../support/harness.ts';
import { multipartBody } from '../../support/talents.ts';
import type { Method } from './route-table.ts';

export interface Sent {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
}

export interface Request {
  method: Method;
  url: string;
  token?: string | null;
  lang?: string;
  query?: Record<string, string | string[]>;
  /** A JSON body (objects, arrays, anything JSON.stringify takes). */
  body?: unknown;
  /** A body sent exactly as given, with its content type. */
  raw?: { payload: string | Buffer; contentType: string };
  /** multipart/form-data: fields and an optional file. */
  multipart?: {
    fields: Record<string, string>;
    file?: { content: Buffer; filename: string } | null;
  };
  headers?: Record<string, string>;
}

/** Any method, any body, through the real app (`inject`): what a hostile client can send. */
export async function send(h: Harness, request: Request): Promise<Sent> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.lang) headers['accept-language'] = request.lang;
  let payload: string | Buffer | undefined;
  if (request.multipart) {
    const body = multipartBody(request.multipart.file ?? null, request.multipart.fields);
    payload = body.payload;
    Object.assign(headers, body.headers);
  } else if (request.raw) {
    payload = request.raw.payload;
    headers['content-type'] = request.raw.contentType;
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await h.app.inject({
    method: request.method,
    url: request.url,
    query: request.query,
    headers,
    payload,
  });
  let json: unknown;
  if (String(response.headers['content-type'] ?? '').includes('application/json')) {
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
  }
  return { status: response.statusCode, headers: response.headers, text: response.body, json };
}

export interface FailureEnvelope {
  success: false;
  code: number;
  message: string;
  data: null;
  timestamp: number;
}

/**
 * What is wrong with a failure answer, or null when it is the envelope the API promises:
 * `{ success: false, code: <the status>, message: <words>, data: null, timestamp }`, with
 * the message in the language asked for (never a catalogue key, never a stack).
 */
export function envelopeProblem(sent: Sent, lang: 'zh-CN' | 'en-US' = 'zh-CN'): string | null {
  const body = sent.json as Partial<FailureEnvelope> | undefined;
  if (!body || typeof body !== 'object') return `not a JSON envelope: ${sent.text.slice(0, 200)}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,message,success,timestamp') return `envelope keys are ${keys}`;
  if (body.success !== false) return 'success is not false';
  if (body.code !== sent.status) return `code ${body.code} is not the status ${sent.status}`;
  if (body.data !== null) return 'data is not null';
  if (typeof body.timestamp !== 'number') return 'timestamp is not a number';
  const message = body.message;
  if (typeof message !== 'string' || message.trim() === '') return 'the message is empty';
  if (/^[a-z]+\.[A-Za-z.]+$/.test(message)) return `the message is a catalogue key: ${message}`;
  if (
    /\bat .+:\d+:\d+\)?|[A-Za-z]*Error:|\bSELECT\b|\bINSERT INTO\b|violates|relation "|FST_ERR/.test(
      message,
    )
  )
    return `the message shows internals: ${message}`;
  if (lang === 'zh-CN' && !/[\u4e00-\u9fff]/.test(message))
    return `a zh-CN message without Chinese: ${message}`;
  if (lang === 'en-US' && /[\u4e00-\u9fff]/.test(message.replace(/"[^"]*"|「[^」]*」/g, '')))
    return `an en-US message in Chinese: ${message}`;
  return null;
}

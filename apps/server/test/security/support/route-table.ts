import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../src/app.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** One method of one registered route, as the security suite walks it. */
export interface RouteEntry {
  method: Method;
  url: string;
  /** `METHOD url`: the key the suite's tables use. */
  key: string;
  isPublic: boolean;
  /** Marked `config.extension`: the extension's scoped token is accepted. */
  extension: boolean;
  /** The names in the path (`:id`, `:orderNo`, ...). */
  pathParams: string[];
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
}

/**
 * Every route of the real app, one entry per method (HEAD included: Fastify adds one
 * for each GET, running the GET's handler), read from the table `buildApp` fills with
 * an `onRoute` hook. Nothing here is typed by hand: a new route shows up by itself.
 */
export function routeEntries(app: App): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const route of app.routeTable as RouteOptions[]) {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as Method[];
    const config = (route.config ?? {}) as { public?: boolean; extension?: boolean };
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of methods) {
      entries.push({
        method,
        url: route.url,
        key: `${method} ${route.url}`,
        isPublic: config.public === true,
        extension: config.extension === true,
        pathParams: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
      });
    }
  }
  return entries;
}

/** The versioned API (everything under /api/v1): the routes that require a session unless public. */
export function apiRoutes(app: App): RouteEntry[] {
  return routeEntries(app).filter((r) => r.url.startsWith('/api/v1/'));
}

/** `/api/v1/talents/:id/follow-ups` with `{ id: 7 }` → `/api/v1/talents/7/follow-ups`. */
export function fillPath(url: string, params: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} of ${url}`);
    return encodePathSegment(String(params[name]));
  });
}

/**
 * Percent-encodes a path segment. A lone surrogate has no UTF-8: it is sent as the bytes
 * a careless client would produce (WTF-8), which are not valid UTF-8 on the wire.
 */
export function encodePathSegment(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const next = pair ? text.charCodeAt(i + 1) : 0;
    if (pair && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: unknown;
};

/** The input side of a contract schema as JSON Schema (what a client may send). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Every property path of an input schema, nested objects included (`rules.shopId`). */
export function propertyPaths(schema: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  const objects = [schema, ...(schema.anyOf ?? [])];
  for (const node of objects) {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      paths.push(path, ...propertyPaths(child, path));
    }
  }
  return [...new Set(paths)];
}

/** A field whose name says it holds an id (`ids`, `shopId`, `talentIds`, ...). */
export function isIdField(path: string): boolean {
  const name = path.split('.').at(-1)!;
  return name === 'ids' || /Ids?$/.test(name);
}

import { invalidParam } from './errors.ts';

/**
 * Reading a request body the way the platform refuses it: a missing field is "X is a
 * required field and has not been provided." (the wording public code records from the
 * gateway's 36009004 answers), anything else names the field and the rule.
 */
export type Body = Record<string, unknown>;

export function objectBody(body: unknown, what = 'The request body'): Body {
  if (body === undefined || body === null)
    throw invalidParam(`${what} is a required field and has not been provided.`);
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalidParam(`${what} must be a JSON object.`);
  return body as Body;
}

function missing(field: string): never {
  throw invalidParam(`${field} is a required field and has not been provided.`);
}

export function requiredString(body: Body, key: string, field = key): string {
  const value = body[key];
  if (value === undefined || value === null || value === '') missing(field);
  if (typeof value !== 'string') throw invalidParam(`${field} must be a string.`);
  return value;
}

export function optionalString(body: Body, key: string, field = key): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParam(`${field} must be a string.`);
  return value;
}

export function requiredBoolean(body: Body, key: string, field = key): boolean {
  const value = body[key];
  if (value === undefined || value === null) missing(field);
  if (typeof value !== 'boolean') throw invalidParam(`${field} must be a boolean.`);
  return value;
}

export function optionalBoolean(body: Body, key: string, field = key): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidParam(`${field} must be a boolean.`);
  return value;
}

export function integerIn(
  body: Body,
  key: string,
  range: { min: number; max: number },
  field = key,
  required = true,
): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) missing(field);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw invalidParam(`${field} must be an integer.`);
  if (value < range.min || value > range.max)
    throw invalidParam(`${field} must be between ${range.min} and ${range.max}.`);
  return value;
}

export function requiredArray(body: Body, key: string, max: number, field = key): unknown[] {
  const value = body[key];
  if (value === undefined || value === null) missing(field);
  if (!Array.isArray(value)) throw invalidParam(`${field} must be an array.`);
  if (value.length === 0) missing(field);
  if (value.length > max) throw invalidParam(`${field}: the maximum length of the list is ${max}.`);
  return value;
}

export function optionalObject(body: Body, key: string, field = key): Body | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  return objectBody(value, field);
}

/** Length in characters as a person counts them (code points), as the page's counter does. */
export function characters(text: string): number {
  return [...text].length;
}

/** A query value that must be one of the given integers (page sizes). */
export function pageSize(
  query: Map<string, string>,
  allowed: readonly number[] | { max: number },
  fallback: number | null,
): number {
  const text = query.get('page_size');
  if (text === undefined || text === '') {
    if (fallback === null) missing('page_size');
    return fallback;
  }
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (Array.isArray(allowed)) {
    if (!allowed.includes(value))
      throw invalidParam(`The value of "page_size" must be ${allowed.join(' or ')}.`);
  } else {
    const { max } = allowed as { max: number };
    if (!(value >= 1 && value <= max))
      throw invalidParam(`The maximum number of page_size is ${max}.`);
  }
  return value;
}

/**
 * Page tokens are `offset=N` in base64, as the documents' sample `b2Zmc2V0PTEw` decodes
 * to `offset=10` (and `b2Zmc2V0PTAK`, in the sample applications' page, to `offset=0` and
 * a line break: one is allowed).
 */
export function pageOffset(query: Map<string, string>): number {
  const token = query.get('page_token');
  if (!token) return 0;
  const text = Buffer.from(token, 'base64').toString('utf8');
  const m = /^offset=(\d{1,9})\n?$/.exec(text);
  if (!m) throw invalidParam('page_token is invalid.');
  return Number(m[1]);
}

export function nextPageToken(offset: number): string {
  return Buffer.from(`offset=${offset}`, 'utf8').toString('base64');
}

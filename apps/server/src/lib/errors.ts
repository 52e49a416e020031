import { waitText, type Locale, type CatalogueKey, type TextParams } from '@inviteflow/contract';

/**
 * A parameter worded in the caller's language: a catalogue text (a plan's name), or words
 * made for the language (a wait, `waitText`).
 */
export type LocalizedParam = CatalogueKey | ((locale: Locale) => string);

/**
 * A failure the caller can act on: an HTTP status and a catalogue message.
 * The error plugin turns it into the envelope in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: CatalogueKey,
    readonly params?: TextParams,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
    /** Parameters worded in the caller's language (a plan's name, a wait). */
    readonly localizedParams?: Record<string, LocalizedParam>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: CatalogueKey, params?: TextParams) =>
  new AppError(400, key, params);
export const unauthenticated = () => new AppError(401, 'error.unauthenticated');
export const notFound = () => new AppError(404, 'error.notFound');
export const conflict = (key: CatalogueKey, params?: TextParams) => new AppError(409, key, params);
export const unprocessable = (
  key: CatalogueKey,
  params?: TextParams,
  localizedParams?: Record<string, CatalogueKey>,
) => new AppError(422, key, params, undefined, localizedParams);

/**
 * 429 with the wait: in Retry-After in whole seconds, and in the message as a person says it
 * ("15 分钟", "45 seconds": `waitText`).
 */
export function tooManyRequests(key: CatalogueKey, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(
    429,
    key,
    { seconds },
    { 'retry-after': String(seconds) },
    { wait: (locale) => waitText(locale, seconds) },
  );
}

/** Postgres unique violation, as raised by pg and PGlite alike. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the Postgres fields live on the cause.
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string') {
      return current as { code?: string; constraint?: string };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Connection-level failures that mean "the database is away", not "the request was wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      ([
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EPIPE',
        '57P01',
        '57P03',
        '08006',
        '08001',
      ].includes(code) ||
        code.startsWith('08'))
    ) {
      return true;
    }
    const message = (current as { message?: unknown }).message;
    // "not queryable": a transaction's connection died (the database restarting) and the
    // driver's error for the ROLLBACK is the one that reaches us, without a code.
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

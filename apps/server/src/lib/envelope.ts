import {
  translate,
  type Envelope,
  type Locale,
  type CatalogueKey,
  type TextParams,
} from '@inviteflow/contract';

/** A success envelope with a message in the caller's language. */
export function ok<T>(
  request: { locale: Locale },
  data: T,
  key: CatalogueKey = 'success.ok',
  params?: TextParams,
): Envelope<T> {
  return {
    success: true,
    code: 200,
    message: translate(request.locale, key, params),
    data,
    timestamp: Date.now(),
  };
}

export function failure(locale: Locale, status: number, message: string): Envelope<null> {
  return { success: false, code: status, message, data: null, timestamp: Date.now() };
}

export function failureFor(
  locale: Locale,
  status: number,
  key: CatalogueKey,
  params?: TextParams,
): Envelope<null> {
  return failure(locale, status, translate(locale, key, params));
}

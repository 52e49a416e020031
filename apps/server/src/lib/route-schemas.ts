import { envelope, errorEnvelope } from '@inviteflow/contract';
import { z } from 'zod';

/**
 * Every failure status the API answers, with what it means to a client. The document
 * lists each status a route can answer by its number (never a `4XX` range): the ones its
 * configuration implies are added by the docs plugin, a route names the others itself.
 */
export const failureMeanings = {
  400: 'The request is malformed, or a field is invalid (the message names it)',
  401: 'No valid session: the token is missing, expired, or its session has ended',
  403: "The extension's scoped token is not accepted here",
  404: 'Not found (or not yours)',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'The Content-Type of the body is not accepted',
  422: 'Refused by a rule (the message says which)',
  429: 'Too many attempts: try again after the seconds in Retry-After',
  500: 'An unexpected error (no details are given)',
  502: 'An outside service failed',
  503: 'The database (or Redis) is unavailable: try again later',
} as const;

export type FailureStatus = keyof typeof failureMeanings;

/** A route's own failures, beyond what its configuration implies: status → what it means there. */
export type Failures = Partial<Record<FailureStatus, string>>;

/** A documented failure answer: the JSON failure envelope, and what the status means here. */
export function failure(description: string) {
  return { description, content: { 'application/json': { schema: errorEnvelope } } };
}
export type FailureResponse = ReturnType<typeof failure>;

/** The documented answers of the given failures. */
export function failureResponses<F extends Failures>(failures: F) {
  return Object.fromEntries(
    Object.entries(failures).map(([status, description]) => [status, failure(description)]),
  ) as { [K in keyof F]: FailureResponse };
}

/**
 * Response schemas of a route: the success envelope around `data`, and the failures the
 * route answers beyond those its configuration implies (a 409, 422, 429, 502, or a 404
 * for an id named in the body), each with what it means there.
 */
export function responses<T extends z.ZodType, F extends Failures = Record<never, never>>(
  data: T,
  failures?: F,
) {
  const success = {
    description: 'Success',
    content: { 'application/json': { schema: envelope(data) } },
  };
  return { 200: success, ...failureResponses(failures ?? ({} as F)) };
}

/** For calls that answer no data and no failure of their own. */
export const emptyResponses = responses(z.null());

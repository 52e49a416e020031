import { envelope, errorEnvelope } from '@inviteflow/contract';
import { z } from 'zod';

/** Response schemas of a route: the success envelope around `data`, and the failure envelope. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelope(data),
    '4xx': errorEnvelope,
    '5xx': errorEnvelope,
  } as const;
}

/** For calls that answer no data. */
export const emptyResponses = responses(z.null());

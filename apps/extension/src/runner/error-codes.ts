import type { SendErrorCode } from '@inviteflow/contract';
import { AdapterError, type AdapterFailure } from '../adapters/types.ts';
import type { StopReason } from '../storage/items.ts';

/**
 * How an adapter's failure is reported (the standard error codes) and whether the runner
 * must stop: the platform's quota and a lost seller-center login end the run, because the
 * next record would fail the same way.
 */
const byFailure: Record<AdapterFailure, { errorCode: SendErrorCode; stop: StopReason | null }> = {
  elementMissing: { errorCode: 'page_changed', stop: null },
  talentIneligible: { errorCode: 'talent_ineligible', stop: null },
  alreadyInvited: { errorCode: 'already_invited', stop: null },
  quotaExceeded: { errorCode: 'quota_exceeded', stop: 'quota' },
  platformLoginExpired: { errorCode: 'login_expired', stop: 'platformLogin' },
  network: { errorCode: 'network', stop: null },
};

export interface MappedFailure {
  errorCode: SendErrorCode;
  message: string;
  stop: StopReason | null;
}

function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function mapFailure(error: unknown): MappedFailure {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (error instanceof AdapterError) return { ...byFailure[error.failure], message };
  // A platform call the page made answered 401: the seller is signed out of the platform.
  if (httpStatus(error) === 401)
    return { errorCode: 'login_expired', message, stop: 'platformLogin' };
  // fetch() rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return { errorCode: 'network', message, stop: null };
  }
  // Anything else means the page did not behave as the adapter knows it.
  return { errorCode: 'page_changed', message, stop: null };
}

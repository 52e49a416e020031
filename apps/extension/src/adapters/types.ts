import type { ClaimedRecord, Platform, ShopIdentityBody } from '@inviteflow/contract';

/**
 * The boundary between the runner and a platform's seller center. Everything a page
 * looks like (URLs, selectors, steps, wording of its errors) lives in one adapter module
 * per platform page; a change on the platform is a change in that one file.
 */

/** Why an adapter could not invite a talent, in the adapter's words (mapped to error codes by the runner). */
export type AdapterFailure =
  /** An element the steps need is not on the page: the page changed. */
  | 'elementMissing'
  /** The platform refused the talent (not eligible for this invitation). */
  | 'talentIneligible'
  /** The platform says the talent was invited already. */
  | 'alreadyInvited'
  /** The platform's invitation quota is used up. */
  | 'quotaExceeded'
  /** The seller is signed out of the seller center (or a platform call answered 401). */
  | 'platformLoginExpired'
  /** A platform call failed to reach the platform. */
  | 'network';

export class AdapterError extends Error {
  override readonly name = 'AdapterError';
  constructor(
    readonly failure: AdapterFailure,
    message: string,
  ) {
    super(message);
  }
}

export type ShopSeen = Omit<ShopIdentityBody, 'siteName'> & { siteName: string };

export interface ExecuteContext {
  document: Document;
  /**
   * Called right before the one irreversible step (the click that sends the invitation):
   * the runner writes down that it began, so a restart never sends twice.
   */
  beforeSubmit(): Promise<void>;
  /** How long to wait for an element or an outcome, in ms. */
  timeoutMs: number;
}

export interface PlatformAdapter {
  readonly id: 'tiktok-shop' | 'douyin' | 'test';
  readonly platform: Platform;
  /** Manifest match patterns of the pages it works on. */
  readonly matches: readonly string[];
  /** Whether this page (URL) is one of its seller center pages. */
  handles(url: URL): boolean;
  /** The shop the page shows, or null when the page shows none (yet). */
  readShop(document: Document): ShopSeen | null;
  /** Invites the talent of the record; resolves when sent, throws AdapterError otherwise. */
  execute(record: ClaimedRecord, context: ExecuteContext): Promise<void>;
}

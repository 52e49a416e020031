import type { ClaimedRecord } from '@inviteflow/contract';
import { AdapterError, type AdapterFailure, type ExecuteContext } from './types.ts';

/**
 * Page steps the adapters share: wait for an element, type like a person (so the page's
 * framework sees the change), click, read a seller center's header, and the invitation
 * flow both real seller centers follow. Adapters supply the URLs, selectors and wording;
 * these supply the mechanics and the patience.
 */

const POLL_MS = 100;

/** A value for a quoted attribute selector (`[data-id="…"]`): page data never breaks out of it. */
export function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

export function text(root: ParentNode, selector: string): string {
  return root.querySelector(selector)?.textContent?.trim() ?? '';
}

export async function waitForElement<T extends Element = HTMLElement>(
  document: Document,
  selector: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = document.querySelector<T & Element>(selector);
    if (found) return found;
    if (Date.now() >= deadline) {
      throw new AdapterError('elementMissing', `element not found: ${selector}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Sets a field's value through the native setter and fires input and change: frameworks
 * that keep their own copy of the value (React) ignore a plain assignment.
 */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

export function click(element: HTMLElement) {
  element.click();
}

/**
 * Waits for the page to tell the outcome: `read` answers 'sent', a failure, or null while
 * the page has not said yet. Silence until the timeout means the page no longer behaves
 * as the adapter knows it.
 */
export async function waitForOutcome(
  read: () => 'sent' | { failure: AdapterFailure; message: string } | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = read();
    if (outcome === 'sent') return;
    if (outcome) throw new AdapterError(outcome.failure, outcome.message);
    if (Date.now() >= deadline) {
      throw new AdapterError('elementMissing', 'the page showed no result after sending');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Sorts a platform's error text into a failure by the adapter's own phrases. */
export function classify(
  message: string,
  phrases: ReadonlyArray<readonly [RegExp, AdapterFailure]>,
): AdapterFailure | null {
  for (const [pattern, failure] of phrases) if (pattern.test(message)) return failure;
  return null;
}

/** An https seller center on these hosts: its manifest match patterns and its URL test. */
export function onHosts(hosts: readonly string[]) {
  return {
    matches: hosts.map((host) => `https://${host}/*`),
    handles: (url: URL) => url.protocol === 'https:' && hosts.includes(url.hostname),
  };
}

/**
 * The shop a seller center's header shows: its name, and its code without the label the
 * page writes before it; null until both are there and the code looks like one.
 */
export function readShopHeader(
  document: Document,
  selectors: { shopName: string; shopCode: string },
  codeLabel: RegExp,
): { shopName: string; shopCode: string } | null {
  const shopName = text(document, selectors.shopName);
  const shopCode = text(document, selectors.shopCode).replace(codeLabel, '');
  if (!shopName || !/^[A-Za-z0-9_.-]{1,64}$/.test(shopCode)) return null;
  return { shopName, shopCode };
}

/** Where a seller center's invitation dialog puts what `inviteThroughDialog` needs. */
export interface InviteDialogSelectors {
  /** Shown instead of the page when the seller is signed out. */
  loginForm: string;
  /** The talent search field. */
  search: string;
  /** The result row of a talent, by its platform ID. */
  talentRow: (id: string) => string;
  /** The row's invite button. */
  inviteButton: string;
  dialog: string;
  message: string;
  productSearch: string;
  /** The checkbox of a product, by its product ID, in the dialog. */
  productCheckbox: (id: string) => string;
  send: string;
  toastSuccess: string;
  toastError: string;
}

/**
 * Invites the record's talent where the seller center works this way: search the talent,
 * press its row's invite button, write the message and tick each product in the dialog,
 * send, then read the toast. The adapter gives its selectors and its wording.
 */
export async function inviteThroughDialog(
  record: ClaimedRecord,
  context: ExecuteContext,
  selectors: InviteDialogSelectors,
  wording: {
    /** The error when the login page shows. */
    signedOut: string;
    /** The error when the talent's row has no invite button. */
    noInviteButton: string;
    /** The platform's error texts sorted into failures. */
    phrases: ReadonlyArray<readonly [RegExp, AdapterFailure]>;
  },
): Promise<void> {
  const { document, timeoutMs } = context;
  if (document.querySelector(selectors.loginForm)) {
    throw new AdapterError('platformLoginExpired', wording.signedOut);
  }
  const talentId = record.talent.platformTalentId;
  typeInto(await waitForElement<HTMLInputElement>(document, selectors.search, timeoutMs), talentId);
  const row = await waitForElement(document, selectors.talentRow(talentId), timeoutMs);
  const invite = row.querySelector<HTMLButtonElement>(selectors.inviteButton);
  if (!invite) throw new AdapterError('elementMissing', wording.noInviteButton);
  click(invite);
  await waitForElement(document, selectors.dialog, timeoutMs);
  typeInto(await waitForElement(document, selectors.message, timeoutMs), record.message);
  for (const product of record.products) {
    typeInto(
      await waitForElement<HTMLInputElement>(document, selectors.productSearch, timeoutMs),
      product.productId,
    );
    const box = await waitForElement<HTMLInputElement>(
      document,
      selectors.productCheckbox(product.productId),
      timeoutMs,
    );
    if (!box.checked) click(box);
  }
  const send = await waitForElement(document, selectors.send, timeoutMs);
  await context.beforeSubmit();
  click(send);
  await waitForOutcome(() => {
    if (document.querySelector(selectors.toastSuccess)) return 'sent';
    const error = text(document, selectors.toastError);
    if (!error) return null;
    return { failure: classify(error, wording.phrases) ?? 'elementMissing', message: error };
  }, timeoutMs);
}

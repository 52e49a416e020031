import { AdapterError, type AdapterFailure } from './types.ts';

/**
 * Page steps every adapter uses: wait for an element, type like a person (so the page's
 * framework sees the change), click. Adapters supply the selectors; these supply patience.
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

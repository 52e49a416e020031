/**
 * The DOM mechanics the page flows share (in the extension's own tab, isolated world): wait
 * for an element, fill a field the way the page's framework (React: Arco, Auxo) notices, and
 * click. Nothing is added to the page: no element, no attribute.
 */

export function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** Resolves the first element matching `selector` (and `accept`) within `timeoutMs`, else null. */
export async function waitFor<T extends Element = HTMLElement>(
  doc: Document,
  selector: string,
  timeoutMs: number,
  accept: (element: T) => boolean = () => true,
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = [...doc.querySelectorAll<T>(selector)].find(accept);
    if (found) return found;
    if (Date.now() >= deadline) return null;
    await sleep(50);
  }
}

/** Resolves true once no element matches `selector` (within `timeoutMs`). */
export async function waitGone(
  doc: Document,
  selector: string,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!doc.querySelector(selector)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
}

/** The elements of `selector` whose text is `text` (trimmed), or all of them when no text is given. */
export function byText<T extends Element>(doc: ParentNode, selector: string, text?: string): T[] {
  const all = [...doc.querySelectorAll<T>(selector)];
  return text ? all.filter((element) => (element.textContent ?? '').trim() === text) : all;
}

/**
 * Sets an input's value through the native setter and fires `input` and `change`: React's
 * controlled inputs ignore a plain `value =` assignment.
 */
export function fill(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const view = element.ownerDocument.defaultView;
  const proto =
    element.tagName === 'TEXTAREA'
      ? view?.HTMLTextAreaElement.prototype
      : view?.HTMLInputElement.prototype;
  const setter = proto ? Object.getOwnPropertyDescriptor(proto, 'value')?.set : undefined;
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new (view?.Event ?? Event)('input', { bubbles: true }));
  element.dispatchEvent(new (view?.Event ?? Event)('change', { bubbles: true }));
}

export function click(element: Element) {
  (element as HTMLElement).click();
}

export function isDisabled(element: Element): boolean {
  return (
    (element as HTMLButtonElement).disabled === true ||
    element.hasAttribute('disabled') ||
    element.getAttribute('aria-disabled') === 'true' ||
    /(^|\s)(auxo|arco|core)-btn-disabled(\s|$)/.test(element.className)
  );
}

/** The page's words as a reader sees them: text outside scripts, styles and templates. */
export function visibleText(doc: Document): string {
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip.has(node.parentElement?.tagName ?? '')) parts.push(node.textContent ?? '');
  }
  return parts.join(' ');
}

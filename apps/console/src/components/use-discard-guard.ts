import { Modal } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import { useCallback, useEffect, useRef } from 'react';
import { tGlobal } from '@/locale/index.ts';

/**
 * A value as far as "was anything entered" goes: blanks, empty lists and objects of blanks
 * are all nothing, text is compared without surrounding spaces.
 */
export function meaningful(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (Array.isArray(value)) {
    const items = value.map(meaningful);
    return items.length === 0 ? undefined : items;
  }
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => [key, meaningful(item)] as const)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** Whether the form holds something other than what it opened with. */
export function isChanged(current: unknown, baseline: unknown): boolean {
  return (
    JSON.stringify(meaningful(current) ?? null) !== JSON.stringify(meaningful(baseline) ?? null)
  );
}

/**
 * Closing a dialog or drawer with a form (Esc, the mask, the close icon, Cancel): at once
 * when nothing was entered, else after the seller confirms discarding it. `baseline` is what
 * the form opened with (the defaults of a create, the row of an edit).
 */
export function useDiscardGuard<Values>(options: {
  form: FormInstance<Values>;
  baseline: () => unknown;
  onClose: () => void;
}): () => void {
  const latest = useRef(options);
  latest.current = options;
  const asking = useRef<ReturnType<typeof Modal.confirm> | null>(null);
  // The question goes with the form (a page left while it is open).
  useEffect(() => () => asking.current?.close(), []);

  return useCallback(() => {
    const { form, baseline, onClose } = latest.current;
    // Every value the form holds, fields not shown now included (talents picked by hand
    // before switching to rules are still something entered).
    if (!isChanged(form.getFields(), baseline())) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = Modal.confirm({
      title: tGlobal('discard.title'),
      content: tGlobal('discard.content'),
      okText: tGlobal('discard.ok'),
      cancelText: tGlobal('discard.keep'),
      okButtonProps: { status: 'danger' },
      // Arco's 400 px, within a phone's width.
      style: { maxWidth: 'calc(100vw - 32px)' },
      onOk: () => {
        asking.current = null;
        latest.current.onClose();
      },
      onCancel: () => {
        asking.current = null;
      },
    });
  }, []);
}

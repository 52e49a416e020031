import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog (drawer, modal, popover content) whose code is downloaded the first time it is
 * shown, not with the page: most visits never open most dialogs. Once shown it stays
 * mounted, so it closes with its own animation and opens at once the next time.
 */
export function lazyWhenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyWhenShown(props: P) {
    const [wanted, setWanted] = useState(false);
    // Set while rendering (React's pattern for state derived from props): no empty frame.
    if (!wanted && shown(props)) setWanted(true);
    if (!wanted && !shown(props)) return null;
    return <Suspense fallback={null}>{createElement(Dialog, props)}</Suspense>;
  };
}

import '@testing-library/jest-dom/vitest';
// Tests switch languages at will: English is loaded up front, as a chosen language would be.
import { loadLanguage } from '@/locale/language-pack.ts';
import { configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeTheTab, trackTimers, turnOffTransitions, unmountEverything } from './teardown.ts';

// jsdom has no layout engine: Arco's responsive parts (Grid, Carousel) ask matchMedia and
// ResizeObserver, which a browser always has. A non-matching query is the desktop answer.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Arco observes the size of some icons (SVG) through resize-observer-polyfill, which asks
// getBBox; jsdom has no SVG layout. An empty box is what an unrendered icon measures.
if (typeof SVGElement !== 'undefined' && !('getBBox' in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    value: () => ({ x: 0, y: 0, width: 0, height: 0 }),
  });
}

turnOffTransitions();
trackTimers();

// How long a findBy / waitFor waits for its condition. It is a deadline, not a pace: a
// condition met sooner returns sooner. Pages are lazy chunks, and on a busy 2-core machine
// (CI beside other jobs) a render that takes 0.5 s alone can take ten times that.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  unmountEverything();
  localStorage.clear();
  sessionStorage.clear();
});

// Nothing of this file may fire once its jsdom is gone (teardown.ts).
afterAll(() => closeTheTab());

await loadLanguage('en-US');

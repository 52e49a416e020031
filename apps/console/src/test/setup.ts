import '@testing-library/jest-dom/vitest';
// Tests switch languages at will: English is loaded up front, as a chosen language would be.
import { loadLanguage } from '@/locale/language-pack.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// Pages are lazy chunks; under a full parallel run the first import can take seconds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

await loadLanguage('en-US');

import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Every wait (waitFor, findBy…) ends when the screen shows what it waits for. Its limit only catches a
// screen that never gets there: sized for a busy machine (a lazily loaded chart module took over a second
// beside a CPU-bound process), well inside the project's 60 s testTimeout so a hang still names its wait.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks these browser APIs that Chakra's components query.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no CSS.escape; react-aria's popovers call it. Enough of the CSSOM algorithm for the
// meta names it escapes (plain identifiers): escape anything that is not a word character or '-'.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => String(value).replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape }, configurable: true });
}

// Pages are lazy chunks that vite transforms on first import; a cold run can take over a second, and
// over five in CI where the web tests share two cores with the server and browser tests. A longer wait
// changes no assertion: what must appear still must, what must not is still checked.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

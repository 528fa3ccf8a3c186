import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no CSS.escape; react-aria's popovers call it. Enough of the CSSOM algorithm for the
// meta names it escapes (plain identifiers): escape anything that is not a word character or '-'.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => String(value).replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape }, configurable: true });
}

// Pages are lazy chunks that vite transforms on first import; a cold run can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

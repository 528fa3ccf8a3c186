import { useState } from 'react';

/**
 * The cursors of the pages a "Load more" list has shown so far; [null] is the first page. Each page
 * is its own query, so the document cache refreshes every shown page after a mutation. Changing
 * `resetKey` (the search or filter) goes back to the first page.
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  // Reset during render rather than in an effect, so a new search never renders old pages first.
  const cursors = state.key === resetKey ? state.cursors : [null];
  if (state.key !== resetKey) setState({ key: resetKey, cursors: [null] });
  const loadMore = (endCursor: string | null | undefined) => {
    if (!endCursor || cursors.includes(endCursor)) return;
    setState({ key: resetKey, cursors: [...cursors, endCursor] });
  };
  return { cursors, lastCursor: cursors[cursors.length - 1] ?? null, loadMore };
}

import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a box's content is wider than the box (it scrolls sideways). A box that scrolls must be
 * reachable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable), but a tab stop on every box
 * that does not scroll would only be noise; so callers make it focusable while this is true.
 */
export function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}

/**
 * User-timing marks of a page's first content, read by `npm run bench:web` (scripts/bench/web.mjs)
 * from Lighthouse's user-timings audit: `coinlens:prices` (the home page's coin table shows its
 * prices) and `coinlens:chart` (the coin page's chart has drawn its candles).
 */
export type FirstContentMark = 'coinlens:prices' | 'coinlens:chart';

/**
 * Marks `name` once per page load, in the animation frame after the call: the frame that paints
 * what was just committed or drawn. Later calls (re-renders, ticks) do nothing.
 */
export function markFirstContent(name: FirstContentMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (marked.has(name) || performance.getEntriesByName(name, 'mark').length) return;
  marked.add(name);
  const mark = () => performance.mark(name);
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(mark);
  else mark();
}

const marked = new Set<FirstContentMark>();

/**
 * Props that name an element for the Element Timing API (`elementtiming="coinlens:prices"`): the
 * browser reports when its text was painted, and public/boot.js sets the first-content mark at that
 * time for a page the server sent with its first content. {} when `on` is false.
 */
export function elementTiming(name: FirstContentMark, on = true): Record<string, string> {
  return on ? { elementtiming: name } : {};
}

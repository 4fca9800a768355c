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

/**
 * Body scroll lock shared by overlays (search overlay, phone drawer). Locks nest: the body scrolls
 * again when the last holder releases. The navigation rule "scrolling is unlocked 500 ms after
 * navigation" (LangLayout) only clears a lock nobody holds (one left behind), never an open overlay's.
 */
let holders = 0;
let before = '';

/** Locks body scrolling; returns the release function (idempotent). */
export function lockBodyScroll(): () => void {
  if (holders === 0) before = document.body.style.overflow === 'hidden' ? '' : document.body.style.overflow;
  holders++;
  document.body.style.overflow = 'hidden';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) document.body.style.overflow = before;
  };
}

/** After navigation: clears `overflow: hidden` on the body unless an open overlay holds the lock. */
export function clearStaleScrollLock(): void {
  if (holders === 0 && document.body.style.overflow === 'hidden') document.body.style.overflow = '';
}

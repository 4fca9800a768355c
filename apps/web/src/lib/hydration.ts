import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the app's first render is hydrating markup the server rendered (main.tsx with the first
 * content of the home or coin page, decision 132) or is that server render itself
 * (entry-server.tsx). While it is, parts that depend on the browser (the signed-in header, the
 * overlays) render their placeholders, as the server did, and switch to their content in the next
 * render; without server markup every render is a client render and they show at once.
 */
let hydrating = false;

/**
 * Called before the server render and before `hydrateRoot`: {@link useHydrated} starts false. Until the
 * hydrating render has committed, `<html>` has no `data-hydrated` attribute, and the server's buttons and
 * form fields ignore the pointer (styles.css): a click there before React has attached its handlers
 * would be lost without a sign; this way the pointer shows they are not ready yet, and a test's click
 * waits until they are.
 */
export function beginHydration(): void {
  hydrating = true;
  if (typeof document !== 'undefined') document.documentElement.removeAttribute('data-hydrated');
}

/**
 * `<html data-hydrated>`: the page's buttons and fields take clicks from now on (styles.css). Set when
 * the hydrating render has committed, and by main.tsx when the app renders in the browser instead of
 * hydrating (a page whose first content could not be read): nothing would set it otherwise, and the
 * server's markup the app replaces must not leave the page's controls ignoring the pointer.
 */
export function markInteractive(): void {
  document.documentElement.setAttribute('data-hydrated', '');
}

/**
 * False in the server render and in the hydrating render, true from the render after (a transition,
 * so React renders what it reveals in short slices); true from the first render where the app did
 * not start on server markup.
 */
export function useHydrated(): boolean {
  const [done, setDone] = useState(() => !hydrating);
  useEffect(() => {
    if (done) return;
    // committed: the server's markup is hydrated here, and parts mounted later render at once (not
    // in an effect of App: its part of the tree can commit before this one, which React hydrates
    // once the code it waits for has arrived)
    hydrating = false;
    markInteractive();
    startTransition(() => setDone(true));
  }, [done]);
  return done;
}

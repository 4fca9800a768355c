import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/**
 * Renders `fallback` where the server renders and while the app hydrates the server's markup, and
 * `children` from the render after ({@link useHydrated}): for parts that depend on the browser (the
 * stored session, theme, consent, viewport), so the hydrating render matches the server's markup.
 * Where the app did not start on server markup, `children` render at once.
 */
export function AfterHydration({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return <>{useHydrated() ? children : fallback}</>;
}

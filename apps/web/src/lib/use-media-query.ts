import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query `query` (e.g. `(min-width: 768px)`) matches, re-rendering when it
 * changes. `fallback` where the environment has no `matchMedia` (tests without a layout engine).
 */
export function useMediaQuery(query: string, fallback: boolean | null = null): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const m = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
      m?.addEventListener('change', onChange);
      return () => m?.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

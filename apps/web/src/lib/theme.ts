/**
 * Light/dark theme store: stored under `theme`, applied as `data-theme` on <html>,
 * synced across tabs through the `storage` event. index.html applies the stored value before first
 * paint; this module keeps it in sync afterwards.
 */

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

type Listener = (theme: Theme) => void;
const listeners = new Set<Listener>();

function normalize(v: string | null | undefined): Theme {
  return v === 'dark' ? 'dark' : 'light';
}

/** Current theme: the `data-theme` attribute of <html> ("dark" → dark, anything else → light). */
export function getTheme(): Theme {
  return normalize(document.documentElement.getAttribute('data-theme'));
}

function apply(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  for (const l of listeners) l(theme);
}

/** Sets, stores and applies a theme. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {}
  apply(theme);
}

/** Flips light ↔ dark; returns the new theme. */
export function toggleTheme(): Theme {
  const next: Theme = getTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** Subscribes to theme changes (this tab or another); returns an unsubscribe function. */
export function subscribeTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies the stored theme and listens for changes made in other tabs. Returns a cleanup function.
 */
export function initTheme(): () => void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {}
  apply(stored ? normalize(stored) : getTheme());
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) apply(normalize(e.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

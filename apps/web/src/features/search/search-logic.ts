/** Search debounce 300 ms, scroll debounce 200 ms, page size 10. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SCROLL_DEBOUNCE_MS = 200;
export const SEARCH_PAGE_SIZE = 10;

/** The query to send: trimmed; whitespace-only text counts as empty. */
export function normaliseQuery(text: string): string {
  return text.trim();
}

/**
 * What the overlay lists for a query: with an empty query a Pro user sees the followed coins,
 * everyone else search results.
 */
export function searchMode(query: string, isPro: boolean): 'following' | 'search' {
  return normaliseQuery(query) === '' && isPro ? 'following' : 'search';
}

/** The detail path of a coin: by slug, else by id. */
export function coinPath(lang: string, coin: { slug?: string | null; id: number }): string {
  return `/${lang}/crypto/${encodeURIComponent(coin.slug || String(coin.id))}`;
}

/** Has-more: true while a page returns a full page. */
export function hasMoreAfter(pageLength: number, pageSize = SEARCH_PAGE_SIZE): boolean {
  return pageLength >= pageSize;
}

/** The parts of a keydown event {@link isSearchShortcut} reads. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element of the event (where the key was typed). */
  target: EventTarget | null;
}

/** True when `el` takes typed text: an input (other than a button, checkbox…), a textarea, a select or an editable element. */
function takesText(el: EventTarget | null): boolean {
  if (!el || typeof (el as HTMLElement).tagName !== 'string') return false;
  const h = el as HTMLElement;
  if (h.isContentEditable) return true;
  const tag = h.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes((h as HTMLInputElement).type);
}

/**
 * Whether a keydown opens the global search: Ctrl+K or ⌘+K anywhere, or `/` without a modifier
 * when the focus is not in a text field (there `/` is typed, as on GitHub or YouTube).
 */
export function isSearchShortcut(e: ShortcutKey): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !takesText(e.target);
}

/**
 * The result row an arrow key moves to: `delta` +1 (down) or −1 (up) from `current` (−1 = none
 * yet) among `count` rows, wrapping at both ends; −1 when there are no rows.
 */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (current + delta + count) % count;
}

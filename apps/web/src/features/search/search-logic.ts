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

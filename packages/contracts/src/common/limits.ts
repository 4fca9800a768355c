/**
 * Plain constants shared by server and web, in a module without zod so the web app can import them
 * at run time without the schema library (the web imports only types from the package root).
 */

/**
 * Deepest `offset` of the paged lists (track record, signal lists, feeds): the work of a page grows with its
 * offset, so deeper pages are refused (400) instead of scanned; narrow the filter to see older items.
 */
export const MAX_PAGE_OFFSET = 10_000;

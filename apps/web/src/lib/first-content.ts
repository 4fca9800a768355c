/**
 * The coin page's first chart read, shared by the server rendering (entry-server.tsx) and the page
 * (features/coin/CoinChart.tsx, public/boot.js asks the same URL): 1h candles, 500 of them.
 */
export const FIRST_CHART_TIMEFRAME = '1h' as const;
/** Candles per chart read (`limit` of `GET /api/crypto/cmc_historical`). */
export const FIRST_CHART_LIMIT = 500;

/**
 * Key of the market clock's answer (`/api/clock`, a ClockInfo) in the first content's query state:
 * not a query the app reads (lib/clock.ts keeps the clock), it anchors the clock before the first
 * render (main.tsx) so the replay badge the server drew is in it.
 */
export const FIRST_CONTENT_CLOCK_KEY = ['first-content', 'clock'] as const;

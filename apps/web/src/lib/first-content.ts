/**
 * The coin page's first chart read, shared by the server rendering (entry-server.tsx) and the page
 * (features/coin/CoinChart.tsx, public/boot.js asks the same URL): 1h candles, 500 of them.
 */
export const FIRST_CHART_TIMEFRAME = '1h' as const;
/** Candles per chart read (`limit` of `GET /api/crypto/cmc_historical`). */
export const FIRST_CHART_LIMIT = 500;

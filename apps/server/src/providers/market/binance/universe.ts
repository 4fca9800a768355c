/** One trading USDT spot pair of the exchange: the base asset (the coin's symbol) and the pair. */
export interface ListedPair {
  /** Base asset, e.g. `BTC`. */
  symbol: string;
  /** Exchange symbol, e.g. `BTCUSDT`. */
  tradingPair: string;
}

/** The `symbols[]` item of Binance `GET /api/v3/exchangeInfo` (fields used). */
export interface ExchangeInfoSymbol {
  symbol: string;
  status: string;
  baseAsset: string;
  quoteAsset: string;
  isSpotTradingAllowed?: boolean;
}

/** The quote asset of every followed pair. */
export const QUOTE_ASSET = 'USDT';

/**
 * The trading USDT spot pairs of an `exchangeInfo` answer: status `TRADING`, quote asset USDT,
 * spot trading allowed (absent counts as allowed), base assets made of capitals and digits only
 * (the form every coin symbol takes here), sorted by symbol. Throws when the answer has no
 * `symbols` array (not an exchangeInfo answer).
 */
export function listedPairsOf(info: { symbols?: ExchangeInfoSymbol[] }): ListedPair[] {
  if (!Array.isArray(info.symbols)) throw new Error('exchangeInfo answer without symbols');
  const out = new Map<string, ListedPair>();
  for (const s of info.symbols) {
    if (s.status !== 'TRADING' || s.quoteAsset !== QUOTE_ASSET || s.isSpotTradingAllowed === false) continue;
    if (!/^[A-Z0-9]{1,20}$/.test(s.baseAsset) || s.symbol !== `${s.baseAsset}${QUOTE_ASSET}`) continue;
    out.set(s.baseAsset, { symbol: s.baseAsset, tradingPair: s.symbol });
  }
  return [...out.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
}

/** What changed between two listings: pairs that appeared and pairs that left (both sorted by symbol). */
export interface UniverseDiff {
  added: ListedPair[];
  removed: ListedPair[];
}

/** The pairs of `next` not in `prev` (listed) and of `prev` not in `next` (delisted or halted), by trading pair. */
export function diffUniverse(prev: readonly ListedPair[], next: readonly ListedPair[]): UniverseDiff {
  const before = new Set(prev.map((p) => p.tradingPair));
  const after = new Set(next.map((p) => p.tradingPair));
  return { added: next.filter((p) => !before.has(p.tradingPair)), removed: prev.filter((p) => !after.has(p.tradingPair)) };
}

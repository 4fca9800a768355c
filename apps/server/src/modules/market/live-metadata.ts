import fs from 'node:fs';
import path from 'node:path';

/** Name, brand colour (`#rrggbb`) and icon file (under data/icons) of one symbol in the live metadata snapshot. */
export interface CoinMetadata {
  symbol: string;
  name: string;
  color: string | null;
  icon: string | null;
}

/** The shipped metadata snapshot of live mode (`data/coins/live-metadata.json`, written by scripts/live-metadata.mjs). */
export interface LiveMetadata {
  /** Date (YYYY-MM-DD) of the snapshot's source. */
  asOf: string | null;
  bySymbol: Map<string, CoinMetadata>;
}

/**
 * Reads `coins/live-metadata.json` of the shipped data folder: names, colours and icons of the
 * coins the exchange may list. An absent or unreadable file gives an empty snapshot (every new
 * coin is then named by its symbol, with the generic icon).
 */
export function readLiveMetadata(shippedDataDir: string): LiveMetadata {
  try {
    const doc = JSON.parse(fs.readFileSync(path.join(shippedDataDir, 'coins', 'live-metadata.json'), 'utf8')) as { as_of?: string; coins?: CoinMetadata[] };
    return { asOf: doc.as_of ?? null, bySymbol: new Map((doc.coins ?? []).map((c) => [c.symbol, c])) };
  } catch {
    return { asOf: null, bySymbol: new Map() };
  }
}

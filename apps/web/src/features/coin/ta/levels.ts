import type { TaLevel } from '@coinlens/contracts';

/**
 * Re-splits support and resistance levels at `price` (the live last price, quote currency).
 *
 * The analysis finds its levels at the close of the last closed candle; once the live price
 * crosses one, its role flips (a broken resistance becomes support and vice versa). Returns both
 * lists nearest first, with `distance_pct` recomputed as |level − price| / price × 100; a level
 * exactly at the price is dropped (it is neither). When `price` is not a positive number the
 * lists are returned unchanged.
 */
export function levelsAtPrice(support: TaLevel[], resistance: TaLevel[], price: number | null | undefined): { support: TaLevel[]; resistance: TaLevel[] } {
  if (typeof price !== 'number' || !(price > 0) || !Number.isFinite(price)) return { support, resistance };
  const all = [...support, ...resistance].map((l) => ({ ...l, distance_pct: (Math.abs(l.price - price) / price) * 100 }));
  const byDistance = (a: TaLevel, b: TaLevel) => a.distance_pct - b.distance_pct;
  return {
    support: all.filter((l) => l.price < price).sort(byDistance),
    resistance: all.filter((l) => l.price > price).sort(byDistance),
  };
}

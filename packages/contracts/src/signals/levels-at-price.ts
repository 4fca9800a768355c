import type { TaLevel } from './ta-result';

/** Levels shown per side once they are split at a price (the analysis keeps its 3 strongest a side; a role flip can add more to one side). */
export const LEVELS_PER_SIDE = 3;

/**
 * Re-splits the support and resistance levels of one analysis at `price` (quote currency): the
 * live last price, or the analysed close when no live price is known. The one rule every reader of
 * an analysis uses (chart lines, TA panel, signal cards, the analyst's facts), so a level the price
 * has crossed changes role at once, on the tick, not at the next close: supports are always below
 * the price and resistances above. Returns both lists nearest first, at most LEVELS_PER_SIDE each,
 * with `distance_pct` recomputed as |level − price| / price × 100; a level exactly at the price is
 * dropped (it is neither). When `price` is not a positive finite number the lists are returned
 * unchanged.
 */
export function levelsAtPrice<L extends TaLevel>(support: readonly L[], resistance: readonly L[], price: number | null | undefined): { support: L[]; resistance: L[] } {
  if (typeof price !== 'number' || !(price > 0) || !Number.isFinite(price)) return { support: [...support], resistance: [...resistance] };
  const all = [...support, ...resistance].map((l) => ({ ...l, distance_pct: (Math.abs(l.price - price) / price) * 100 }));
  const byDistance = (a: L, b: L) => a.distance_pct - b.distance_pct;
  return {
    support: all.filter((l) => l.price < price).sort(byDistance).slice(0, LEVELS_PER_SIDE),
    resistance: all.filter((l) => l.price > price).sort(byDistance).slice(0, LEVELS_PER_SIDE),
  };
}

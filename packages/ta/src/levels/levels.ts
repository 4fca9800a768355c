import type { SignalColumns } from '../signals/columns';

/** A support or resistance level. */
export interface Level {
  /** Level price (quote currency): mean of the swing prices merged into it. */
  price: number;
  /** Number of swing highs/lows merged into this level. */
  touches: number;
  /**
   * Ranking strength 0..1: 1 − 0.5^w, where w sums one weight per swing — its candle's volume
   * against the mean volume of the scanned window (clamped to 0.5..2) times a recency factor
   * (1 for a swing at the analysed candle, falling linearly to 0.5 at the far end of the window).
   * One fresh swing on average volume gives 0.5, as 1 − 0.5^touches would.
   */
  strength: number;
  /** |price − last close| / last close × 100 (percent, ≥ 0). */
  distance_pct: number;
  /** Mean volume of the level's swing candles / mean volume of the scanned window (≥ 0). */
  volume_ratio: number;
  /** Candles between the level's newest swing and the analysed candle (≥ swingBars). */
  age_candles: number;
}

/** Options of {@link findLevels}. */
export interface LevelOptions {
  /** Candles scanned back from i (default 300). */
  lookback?: number;
  /** Bars on each side that a swing must dominate (default 5). */
  swingBars?: number;
  /** Levels closer than this many ATR14[i] merge into one (default 0.5). */
  clusterAtr?: number;
  /** Levels returned per side, the strongest (default 3). */
  maxLevels?: number;
}

/** Default level options. */
export const LEVEL_DEFAULTS: Required<LevelOptions> = { lookback: 300, swingBars: 5, clusterAtr: 0.5, maxLevels: 3 };

/**
 * Swing points (fractals) among candles [from, to], considering only swings confirmed by `to`:
 * j is a swing high when high[j] > every high of the k bars before it and ≥ every high of the k
 * bars after it (swing lows mirrored). Returns the prices and indices, oldest first.
 */
export function findSwings(x: Pick<SignalColumns, 'high' | 'low'>, from: number, to: number, k: number): { price: number; index: number; kind: 'high' | 'low' }[] {
  const out: { price: number; index: number; kind: 'high' | 'low' }[] = [];
  const start = Math.max(from, k);
  for (let j = start; j <= to - k; j++) {
    const h = x.high[j];
    const l = x.low[j];
    let isHigh = true;
    let isLow = true;
    for (let d = 1; d <= k && (isHigh || isLow); d++) {
      if (!(h > x.high[j - d]) || !(h >= x.high[j + d])) isHigh = false;
      if (!(l < x.low[j - d]) || !(l <= x.low[j + d])) isLow = false;
    }
    if (isHigh) out.push({ price: h, index: j, kind: 'high' });
    if (isLow) out.push({ price: l, index: j, kind: 'low' });
  }
  return out;
}

/** A group of swings being merged into one level. */
interface Cluster {
  prices: number[];
  indices: number[];
}

const meanOf = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;

/**
 * Support and resistance at candle i, as a trader would draw them:
 * 1. swing highs and lows of the last `lookback` candles, only those confirmed by i (findSwings);
 * 2. sorted by price and grouped (a swing joins the current group while it lies within
 *    clusterAtr × ATR14[i] of the group's lowest price), then neighbouring groups whose mean prices
 *    are still closer than that distance are merged until every two levels lie at least
 *    clusterAtr × ATR14[i] apart;
 * 3. split at close[i]: above is resistance, below is support (a level exactly at the close is
 *    neither);
 * 4. per side, the `maxLevels` strongest (see {@link Level.strength}: touches, volume, age; ties
 *    go to the nearer), returned nearest first.
 * Returns empty lists when ATR14[i] or close[i] is not positive.
 */
export function findLevels(x: SignalColumns, i: number, opts: LevelOptions = {}): { resistance: Level[]; support: Level[] } {
  const o = { ...LEVEL_DEFAULTS, ...opts };
  const atr = x.atr14[i];
  const last = x.close[i];
  if (!(atr > 0) || !(last > 0)) return { resistance: [], support: [] };
  const from = Math.max(0, i - o.lookback + 1);
  const swings = findSwings(x, from, i, o.swingBars).sort((a, b) => a.price - b.price);
  const tol = o.clusterAtr * atr;
  let clusters: Cluster[] = [];
  for (const s of swings) {
    const c = clusters[clusters.length - 1];
    if (c && s.price - c.prices[0] <= tol) {
      c.prices.push(s.price);
      c.indices.push(s.index);
    } else clusters.push({ prices: [s.price], indices: [s.index] });
  }
  // merge neighbours still closer than the tolerance (closest pair first) until none are
  for (;;) {
    let best = -1;
    let gap = Infinity;
    for (let k = 1; k < clusters.length; k++) {
      const d = meanOf(clusters[k].prices) - meanOf(clusters[k - 1].prices);
      if (d < tol && d < gap) {
        gap = d;
        best = k;
      }
    }
    if (best < 0) break;
    const a = clusters[best - 1];
    const b = clusters[best];
    clusters = [...clusters.slice(0, best - 1), { prices: [...a.prices, ...b.prices], indices: [...a.indices, ...b.indices] }, ...clusters.slice(best + 1)];
  }
  let volSum = 0;
  let volN = 0;
  for (let j = from; j <= i; j++) {
    const v = x.volume[j];
    if (v >= 0) {
      volSum += v;
      volN++;
    }
  }
  const meanVol = volN ? volSum / volN : 0;
  const span = Math.max(1, o.lookback);
  const levels: Level[] = clusters.map((c) => {
    const price = meanOf(c.prices);
    let w = 0;
    let vol = 0;
    for (const j of c.indices) {
      const v = x.volume[j] >= 0 ? x.volume[j] : 0;
      vol += v;
      const rel = meanVol > 0 ? Math.min(2, Math.max(0.5, v / meanVol)) : 1;
      w += rel * (1 - (0.5 * (i - j)) / span);
    }
    return {
      price,
      touches: c.prices.length,
      strength: 1 - Math.pow(0.5, w),
      distance_pct: (Math.abs(price - last) / last) * 100,
      volume_ratio: meanVol > 0 ? vol / c.indices.length / meanVol : 0,
      age_candles: i - Math.max(...c.indices),
    };
  });
  const strongest = (side: Level[]) =>
    side
      .sort((a, b) => b.strength - a.strength || a.distance_pct - b.distance_pct)
      .slice(0, o.maxLevels)
      .sort((a, b) => a.distance_pct - b.distance_pct);
  return { resistance: strongest(levels.filter((l) => l.price > last)), support: strongest(levels.filter((l) => l.price < last)) };
}

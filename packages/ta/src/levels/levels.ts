import type { SignalColumns } from '../signals/columns';

/** A support or resistance level. */
export interface Level {
  /** Level price (quote currency): mean of the clustered swing prices. */
  price: number;
  /** Number of swing highs/lows clustered into this level. */
  touches: number;
  /** 1 − 0.5^touches: 0.5 for one swing, 0.75 for two, 0.875 for three … (0..1). */
  strength: number;
  /** |price − last close| / last close × 100 (percent, ≥ 0). */
  distance_pct: number;
}

/** Options of {@link findLevels}. */
export interface LevelOptions {
  /** Candles scanned back from i (default 300). */
  lookback?: number;
  /** Bars on each side that a swing must dominate (default 5). */
  swingBars?: number;
  /** Swings closer than this many ATR14[i] join one level (default 0.5). */
  clusterAtr?: number;
  /** Levels returned per side (default 5). */
  maxLevels?: number;
}

/** Default level options. */
export const LEVEL_DEFAULTS: Required<LevelOptions> = { lookback: 300, swingBars: 5, clusterAtr: 0.5, maxLevels: 5 };

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

/**
 * Support and resistance at candle i: swing highs and lows of the last `lookback` candles (only
 * those confirmed by i), sorted by price and clustered greedily (a swing joins the current
 * cluster while it lies within clusterAtr × ATR14[i] of the cluster's lowest price); levels above close[i] are resistance, below are support, each nearest
 * first and at most maxLevels. Returns empty lists when ATR14[i] is undefined.
 */
export function findLevels(x: SignalColumns, i: number, opts: LevelOptions = {}): { resistance: Level[]; support: Level[] } {
  const o = { ...LEVEL_DEFAULTS, ...opts };
  const atr = x.atr14[i];
  const last = x.close[i];
  if (!(atr > 0) || !(last > 0)) return { resistance: [], support: [] };
  const swings = findSwings(x, Math.max(0, i - o.lookback + 1), i, o.swingBars).map((s) => s.price).sort((a, b) => a - b);
  const tol = o.clusterAtr * atr;
  const clusters: number[][] = [];
  for (const p of swings) {
    const c = clusters[clusters.length - 1];
    if (c && p - c[0] <= tol) c.push(p);
    else clusters.push([p]);
  }
  const levels: Level[] = clusters.map((c) => {
    const price = c.reduce((s, v) => s + v, 0) / c.length;
    return { price, touches: c.length, strength: 1 - Math.pow(0.5, c.length), distance_pct: (Math.abs(price - last) / last) * 100 };
  });
  const byDistance = (a: Level, b: Level) => a.distance_pct - b.distance_pct;
  return {
    resistance: levels.filter((l) => l.price > last).sort(byDistance).slice(0, o.maxLevels),
    support: levels.filter((l) => l.price < last).sort(byDistance).slice(0, o.maxLevels),
  };
}

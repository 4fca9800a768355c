/**
 * Backtest of the signal catalogue. Pure: no I/O, no clock.
 *
 * Every directional detector of {@link SIGNAL_CATALOGUE} is traded as a rule:
 * - **Entry**: a signal fires on candle `i` (known once `i` has closed) → enter at the OPEN of
 *   candle `i + 1`, long for a bullish pattern, short for a bearish one. Neutral patterns are not
 *   traded. A trade never enters on the signal candle itself.
 * - **Exit**: at the CLOSE of candle `i + horizon` (the scoring horizon of docs/signals.md:
 *   288 for 5m, 168 for 1h, 30 for 1d, configurable), or earlier at the stop.
 * - **Stop** (optional): set at entry, `atr` = entry ∓ multiple × ATR(14) of the signal candle, or
 *   `pct` = entry × (1 ∓ pct / 100). Checked on every held candle from the entry candle on: when the
 *   candle's low (long) / high (short) reaches it, the trade exits at the stop price, or at the
 *   candle's open when the open already gapped through it.
 * - **Fees**: `feePct` (default 0.1 %) of the notional on each side. Return of a trade, as a
 *   fraction of the entry notional: long (exit·(1−f) − entry·(1+f)) / entry, short
 *   (entry·(1−f) − exit·(1+f)) / entry.
 * - **Loss floor**: a trade can lose its stake and no more (return ≥ −100 %). A short is
 *   liquidated on the first held candle whose high reaches the price at which its return after
 *   fees is −100 % ({@link liquidationPrice}): it exits there with exactly −100 %, also when the
 *   candle opened beyond it. So the equity never goes below zero (once at zero it stays there).
 * - **Overlap**: one position per pattern at a time. A signal that fires while the pattern's
 *   previous trade is still open is skipped (counted in `skipped`). Trades whose exit candle lies
 *   beyond the period are not taken (counted in `skipped` too).
 * - **Equity**: starts at 1 and compounds every trade's return at its exit (closed-trade equity);
 *   max drawdown is the largest peak-to-trough fall of that curve, in percent.
 * - **Split**: a trade is counted in the part where it closes: in sample when its exit candle
 *   opened before the split time, else out of sample (an in-sample signal whose trade closes after
 *   the split is counted out of sample, reported as `carried_over`). A skipped signal belongs to
 *   the part of its signal candle. Default split: the open time of the candle at 70 % of the
 *   period's candles.
 * - **Uncertainty**: each part's mean return gets a 95 % moving-block bootstrap interval over the
 *   trades in time order (seeded, see {@link bootstrapMeanReturn}) with its effective sample size,
 *   and a two-sided bootstrap p-value; the p-values of every pattern × part of the run are
 *   Holm-adjusted together, and a part's verdict is 'edge' / 'worse' only when the adjusted p ≤
 *   0.05 and the interval excludes 0.
 * - **Buy-and-hold** over a part: buy at the open of its first candle, sell at the close of its
 *   last candle, the same fees.
 */
import type { TaTimeframe } from '@coinlens/contracts';
import { EDGE_ALPHA, holmAdjust, studentTCritical, studentTTwoSidedP, type EdgeVerdict } from '@coinlens/contracts/signals/edge-stats';
import type { Direction } from '../types';
import { SIGNAL_CATALOGUE, type SignalDefinition } from './catalogue';
import type { SignalColumns } from './columns';
import { SIGNAL_HORIZON_CANDLES } from './scoring';
import { mulberry32 } from '../random';
import { holmUncapped } from './episode-edge';

/** Default fee per side, in percent of the notional. */
export const BACKTEST_FEE_PCT = 0.1;
/** Default share of the period's candles that is in-sample. */
export const BACKTEST_IN_SAMPLE_SHARE = 0.7;
/** Bootstrap resamples per part (see {@link bootstrapMeanReturn}). */
export const BACKTEST_BOOTSTRAP_RESAMPLES = 2000;
/** Most points an equity curve in a {@link BacktestResult} has (longer curves are thinned). */
export const BACKTEST_MAX_CURVE_POINTS = 400;

/** Stop rule: none, a multiple of ATR(14) at the signal candle, or a percentage of the entry price. */
export type BacktestStop = { kind: 'none' } | { kind: 'atr'; multiple: number } | { kind: 'pct'; pct: number };

/** Options of {@link runBacktest}. Times are candle open times in ms (UTC). */
export interface BacktestOptions {
  timeframe: TaTimeframe;
  /** Holding period in candles after the signal candle; default SIGNAL_HORIZON_CANDLES[timeframe]. */
  horizon?: number;
  /** Fee per side in percent; default {@link BACKTEST_FEE_PCT}. */
  feePct?: number;
  /** Default none. */
  stop?: BacktestStop;
  /** First signal candle's open time (inclusive); default the first candle. */
  from?: number;
  /** Last candle of the period (open time, inclusive); default the last candle. */
  to?: number;
  /** Signal candles opening before this time are in-sample; default 70 % through the period. */
  split?: number;
  /** Catalogue labels to trade; default every bullish and bearish pattern. */
  patterns?: readonly string[];
  /** Include equity curves (thinned to BACKTEST_MAX_CURVE_POINTS); default true. */
  curves?: boolean;
}

/** One simulated trade. Prices in quote currency, times ms, return in percent after fees. */
export interface BacktestTrade {
  signal_time: number;
  entry_time: number;
  entry_price: number;
  exit_time: number;
  exit_price: number;
  /** 'horizon', 'stop', or 'liquidation' (a short whose loss reached its stake: return −100 %). */
  exit_reason: 'horizon' | 'stop' | 'liquidation';
  return_pct: number;
}

/** Figures of a set of trades. Percentages are percent (2.5 = 2.5 %). */
export interface BacktestStats {
  trades: number;
  wins: number;
  /** wins / trades (0..1), null without trades. */
  win_rate: number | null;
  /** Mean return per trade after fees (%), null without trades. */
  mean_return_pct: number | null;
  /** Compounded return of the trades (%). 0 without trades. */
  total_return_pct: number;
  /** Sum of winning returns / |sum of losing returns|; null when there is no losing trade. */
  profit_factor: number | null;
  /** Largest peak-to-trough fall of the closed-trade equity (%, ≥ 0). */
  max_drawdown_pct: number;
  /** Signals not traded: a trade of the pattern was open, or the horizon ran past the period. */
  skipped: number;
  /** Buy-and-hold over the same candles after fees (%), null when the part has no candles. */
  buy_hold_return_pct: number | null;
  /** Trades counted here (they closed in this part) whose signal candle lies in the part before. */
  carried_over: number;
  /** 95 % moving-block bootstrap interval of mean_return_pct (%); null with fewer than 2 trades. */
  mean_ci_low_pct: number | null;
  mean_ci_high_pct: number | null;
  /** Effective number of independent trades behind the interval (≤ trades); null with fewer than 2. */
  effective_n: number | null;
  /** Two-sided bootstrap p-value of mean return = 0; 1 with fewer than 2 trades. */
  p_value: number;
  /** p_value Holm-adjusted over every pattern × part of the run. */
  p_adjusted: number;
  /**
   * Interval of mean_return_pct drawn at the Holm-corrected level (%): the same standard error and
   * degrees of freedom at level 1 − 0.05 · p / p̃ (p̃ = the Holm-adjusted p before its cap at 1), so
   * it excludes 0 exactly when p_adjusted ≤ 0.05 — the interval shown beside the verdict. Null with
   * fewer than 2 trades. Alone (tradeStats) it is the 95 % interval.
   */
  mean_ci_holm_low_pct: number | null;
  mean_ci_holm_high_pct: number | null;
  /** 'edge' (mean > 0) / 'worse' (mean < 0) when p_adjusted ≤ 0.05 and the corrected interval excludes 0; else 'none'. */
  verdict: EdgeVerdict;
}

/** Standard error and degrees of freedom behind each stats object's interval, for the Holm-corrected interval of runBacktest. */
const SE_OF = new WeakMap<BacktestStats, { se: number; df: number }>();

/** One point of an equity curve: time (ms) and equity (1 = start). */
export interface EquityPoint {
  t: number;
  equity: number;
}

/** Backtest of one pattern. */
export interface PatternBacktest {
  label: string;
  direction: Exclude<Direction, 'neutral'>;
  all: BacktestStats;
  in_sample: BacktestStats;
  out_of_sample: BacktestStats;
  /** Closed-trade equity, starting at 1 at the period's first candle (empty when curves are off). */
  equity: EquityPoint[];
}

/** Result of {@link runBacktest}. */
export interface BacktestResult {
  timeframe: TaTimeframe;
  horizon: number;
  fee_pct: number;
  stop: BacktestStop;
  /** Number of tests (patterns × 3 parts) the Holm correction of the verdicts ran over. */
  holm_family: number;
  /** Open time of the period's first and last candle (ms); null bounds when the period is empty. */
  from: number | null;
  to: number | null;
  split: number | null;
  candles: number;
  /** Buy-and-hold over the whole period / each part, after fees (%). */
  buy_hold: { all: number | null; in_sample: number | null; out_of_sample: number | null };
  /** Buy-and-hold equity on candle closes (thinned), 1 = start; empty when curves are off. */
  buy_hold_equity: EquityPoint[];
  patterns: PatternBacktest[];
}

/** Return (fraction) of one trade after fees; see the module comment. */
export function tradeReturn(direction: 'bullish' | 'bearish', entry: number, exit: number, feePct: number): number {
  const f = feePct / 100;
  return direction === 'bullish' ? (exit * (1 - f) - entry * (1 + f)) / entry : (entry * (1 - f) - exit * (1 + f)) / entry;
}

/**
 * Price (quote currency) at which a short entered at `entry` loses exactly its stake after fees
 * (tradeReturn = −1): entry·(2 − f) / (1 + f), f = feePct / 100. A short is liquidated there.
 */
export function liquidationPrice(entry: number, feePct: number): number {
  const f = feePct / 100;
  return (entry * (2 - f)) / (1 + f);
}

/** Buy-and-hold return (fraction) over candles [a, b]; NaN when a > b. */
function buyHold(x: Pick<SignalColumns, 'open' | 'close'>, a: number, b: number, feePct: number): number {
  return a > b ? NaN : tradeReturn('bullish', x.open[a], x.close[b], feePct);
}

/** Candle columns a simulation reads. */
export type BacktestCandles = Pick<SignalColumns, 'openTime' | 'open' | 'high' | 'low' | 'close' | 'atr14'>;

/**
 * Simulates the trades of one pattern whose signal candles are `fires` (ascending indices into
 * `x`), on the period's candles [first, last]. See the module comment for the rules.
 * Returns the trades and the number of skipped signals.
 */
export function simulateTrades(
  x: BacktestCandles,
  fires: ArrayLike<number>,
  direction: 'bullish' | 'bearish',
  o: { horizon: number; feePct: number; stop: BacktestStop; last: number },
): { trades: BacktestTrade[]; skipped: number } {
  const trades: BacktestTrade[] = [];
  let skipped = 0;
  let busyUntil = -1; // index of the open trade's exit candle
  const long = direction === 'bullish';
  for (let k = 0; k < fires.length; k++) {
    const i = fires[k];
    const end = i + o.horizon;
    if (i <= busyUntil || end > o.last) {
      skipped++;
      continue;
    }
    const e = i + 1;
    const entry = x.open[e];
    let stop = NaN;
    if (o.stop.kind === 'atr') stop = long ? entry - o.stop.multiple * x.atr14[i] : entry + o.stop.multiple * x.atr14[i];
    else if (o.stop.kind === 'pct') stop = long ? entry * (1 - o.stop.pct / 100) : entry * (1 + o.stop.pct / 100);
    let exitIdx = end;
    let exit = x.close[end];
    let reason: BacktestTrade['exit_reason'] = 'horizon';
    // a short is closed when its loss reaches the stake; a stop below that price comes first
    const liq = long ? NaN : liquidationPrice(entry, o.feePct);
    const trigger = long ? stop : stop === stop ? Math.min(stop, liq) : liq;
    if (trigger === trigger) {
      for (let j = e; j <= end; j++) {
        if (long ? x.low[j] <= trigger : x.high[j] >= trigger) {
          exitIdx = j;
          exit = j > e && (long ? x.open[j] < trigger : x.open[j] > trigger) ? x.open[j] : trigger;
          reason = stop === stop && trigger === stop ? 'stop' : 'liquidation';
          break;
        }
      }
    }
    let r = tradeReturn(direction, entry, exit, o.feePct);
    if (r <= -1) {
      // the stake is lost; the position cannot lose more (a short gapping beyond its liquidation price, or a long at 0)
      r = -1;
      if (!long) {
        exit = liq;
        reason = 'liquidation';
      }
    }
    busyUntil = exitIdx;
    trades.push({
      signal_time: x.openTime[i], entry_time: x.openTime[e], entry_price: entry, exit_time: x.openTime[exitIdx], exit_price: exit, exit_reason: reason,
      return_pct: r * 100,
    });
  }
  return { trades, skipped };
}


/** FNV-1a hash of a string (32-bit unsigned), used as a bootstrap seed. */
export function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193) >>> 0;
  return h;
}

/** Result of {@link bootstrapMeanReturn}. Percent where the input is percent. */
export interface BootstrapMean {
  mean: number;
  /** 95 % interval: mean ∓ t(0.975, effectiveN − 1) · se. */
  low: number;
  high: number;
  /** Standard error of the mean: the larger of the block-bootstrap one and s / √n. */
  se: number;
  /** Two-sided p-value of mean = 0 by Student's t with effectiveN − 1 degrees of freedom; 1 when se = 0. */
  p: number;
  /** s² / se², in [1, n]: the number of independent trades that would give the same standard error. */
  effectiveN: number;
  /** Block length in trades: ⌈n^(1/3)⌉. */
  block: number;
}

/**
 * Mean of `returns` (trades in time order) with an interval that allows for dependence between
 * neighbouring trades (they share market regimes, and a pattern's trades follow one another):
 * the standard error is estimated by a moving-block bootstrap — B resamples, each made of ⌈n / ℓ⌉
 * blocks of ℓ = ⌈n^(1/3)⌉ consecutive trades starting at uniformly drawn positions (the last block
 * cut to n) — never below the independent-trades s / √n. The effective n = s² / se² sets the
 * degrees of freedom of a Student t interval and test, so a handful of trades gives a wide
 * interval (a percentile bootstrap would call 3 winning trades significant). Deterministic for a
 * given `seed` (mulberry32). Returns null with fewer than 2 returns.
 */
export function bootstrapMeanReturn(returns: readonly number[], seed: number, resamples = BACKTEST_BOOTSTRAP_RESAMPLES): BootstrapMean | null {
  const n = returns.length;
  if (n < 2) return null;
  const block = Math.ceil(Math.cbrt(n));
  const starts = n - block + 1;
  const r = mulberry32(seed);
  const means = new Float64Array(resamples);
  let mean = 0;
  for (const v of returns) mean += v;
  mean /= n;
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    let m = 0;
    while (m < n) {
      const s0 = Math.floor(r() * starts);
      for (let q = 0; q < block && m < n; q++, m++) sum += returns[s0 + q];
    }
    means[b] = sum / n;
  }
  let bm = 0;
  for (const v of means) bm += v;
  bm /= resamples;
  let bv = 0;
  for (const v of means) bv += (v - bm) ** 2;
  bv /= resamples - 1;
  let sv = 0;
  for (const v of returns) sv += (v - mean) ** 2;
  sv /= n - 1;
  const se = Math.min(Math.sqrt(sv), Math.max(Math.sqrt(bv), Math.sqrt(sv / n)));
  if (!(se > 0)) return { mean, low: mean, high: mean, se: 0, p: 1, effectiveN: n, block };
  const effectiveN = Math.min(n, Math.max(1, sv / (se * se)));
  const df = Math.max(1, effectiveN - 1);
  const half = studentTCritical(df) * se;
  return { mean, low: mean - half, high: mean + half, se, p: studentTTwoSidedP(mean / se, df), effectiveN, block };
}

/**
 * Stats of trades (returns in %, time order), with the buy-and-hold of the same part. `seed` seeds
 * the bootstrap interval; `carriedOver` counts trades signalled in the previous part. p_adjusted
 * and the verdict are for this test alone; {@link runBacktest} Holm-adjusts them over the run.
 */
export function tradeStats(returnsPct: readonly number[], skipped: number, buyHoldPct: number | null, seed = 0, carriedOver = 0): BacktestStats {
  let wins = 0;
  let sum = 0;
  let gain = 0;
  let loss = 0;
  let eq = 1;
  let peak = 1;
  let dd = 0;
  for (const r of returnsPct) {
    sum += r;
    if (r > 0) {
      wins++;
      gain += r;
    } else loss -= r;
    eq *= 1 + r / 100;
    if (eq > peak) peak = eq;
    else dd = Math.max(dd, (peak - eq) / peak);
  }
  const n = returnsPct.length;
  const boot = bootstrapMeanReturn(returnsPct, seed);
  const p = boot?.p ?? 1;
  const stats: BacktestStats = {
    trades: n,
    wins,
    win_rate: n ? wins / n : null,
    mean_return_pct: n ? sum / n : null,
    total_return_pct: (eq - 1) * 100,
    profit_factor: loss > 0 ? gain / loss : null,
    max_drawdown_pct: dd * 100,
    skipped,
    buy_hold_return_pct: buyHoldPct,
    carried_over: carriedOver,
    mean_ci_low_pct: boot?.low ?? null,
    mean_ci_high_pct: boot?.high ?? null,
    effective_n: boot ? Math.round(boot.effectiveN * 10) / 10 : null,
    p_value: p,
    p_adjusted: p,
    mean_ci_holm_low_pct: boot?.low ?? null,
    mean_ci_holm_high_pct: boot?.high ?? null,
    verdict: verdictOf(boot?.low ?? null, boot?.high ?? null, p),
  };
  if (boot) SE_OF.set(stats, { se: boot.se, df: Math.max(1, boot.effectiveN - 1) });
  return stats;
}

/** 'edge' / 'worse' when the adjusted p ≤ EDGE_ALPHA and the interval [low, high] lies above / below 0. */
function verdictOf(low: number | null, high: number | null, pAdjusted: number): EdgeVerdict {
  if (low === null || high === null || !(pAdjusted <= EDGE_ALPHA)) return 'none';
  if (low > 0) return 'edge';
  if (high < 0) return 'worse';
  return 'none';
}

/** Keeps at most `max` points (always the first and the last). */
function thin(points: EquityPoint[], max: number): EquityPoint[] {
  if (points.length <= max) return points;
  const out: EquityPoint[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let k = 0; k < max; k++) out.push(points[Math.round(k * step)]);
  return out;
}

/** First index whose open time ≥ t (n when none). */
function lowerBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (a[m] < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

const nullIfNaN = (v: number) => (Number.isFinite(v) ? v * 100 : null);

/**
 * Signal candles of each pattern in [first, last]: one pass over the candles per detector.
 * Returns an Int32Array of ascending indices per definition.
 */
export function detectFires(x: SignalColumns, defs: readonly SignalDefinition[], first: number, last: number): Int32Array[] {
  return defs.map((d) => {
    const buf = new Int32Array(Math.max(0, last - first + 1));
    let m = 0;
    for (let i = first; i <= last; i++) if (d.detect(x, i)) buf[m++] = i;
    return buf.subarray(0, m);
  });
}

/**
 * Backtests every directional pattern of the catalogue (or `opts.patterns`) on `x` (indicator
 * columns over the whole loaded history, so indicators before `from` warm up on earlier candles).
 * Throws RangeError on an unknown label, a neutral label, or a horizon/fee/stop out of range.
 */
export function runBacktest(x: SignalColumns, opts: BacktestOptions): BacktestResult {
  const horizon = opts.horizon ?? SIGNAL_HORIZON_CANDLES[opts.timeframe];
  const feePct = opts.feePct ?? BACKTEST_FEE_PCT;
  const stop = opts.stop ?? { kind: 'none' };
  if (!Number.isInteger(horizon) || horizon < 1) throw new RangeError(`horizon must be a positive integer (got ${horizon})`);
  if (!(feePct >= 0 && feePct < 50)) throw new RangeError(`feePct must be in [0, 50) (got ${feePct})`);
  if (stop.kind === 'atr' && !(stop.multiple > 0)) throw new RangeError('stop ATR multiple must be > 0');
  if (stop.kind === 'pct' && !(stop.pct > 0 && stop.pct < 100)) throw new RangeError('stop percentage must be in (0, 100)');
  let defs = SIGNAL_CATALOGUE.filter((d) => d.direction !== 'neutral');
  if (opts.patterns?.length) {
    defs = opts.patterns.map((l) => {
      const d = SIGNAL_CATALOGUE.find((s) => s.label === l);
      if (!d) throw new RangeError(`unknown pattern "${l}"`);
      if (d.direction === 'neutral') throw new RangeError(`pattern "${l}" is neutral: it has no direction to trade`);
      return d;
    });
  }
  const first = opts.from === undefined ? 0 : lowerBound(x.openTime, opts.from);
  const last = (opts.to === undefined ? x.n : lowerBound(x.openTime, opts.to + 1)) - 1;
  const candles = Math.max(0, last - first + 1);
  const splitIdx = candles ? (opts.split === undefined ? first + Math.floor(candles * BACKTEST_IN_SAMPLE_SHARE) : Math.min(Math.max(lowerBound(x.openTime, opts.split), first), last + 1)) : first;
  const split = candles ? (splitIdx <= last ? x.openTime[splitIdx] : x.openTime[last] + 1) : null;
  const bh = { all: buyHold(x, first, last, feePct), in_sample: buyHold(x, first, splitIdx - 1, feePct), out_of_sample: buyHold(x, splitIdx, last, feePct) };
  const curves = opts.curves ?? true;
  const fires = candles ? detectFires(x, defs, first, last) : defs.map(() => new Int32Array(0));
  const patterns = defs.map((d, k): PatternBacktest => {
    const dir = d.direction as 'bullish' | 'bearish';
    const { trades, skipped } = simulateTrades(x, fires[k], dir, { horizon, feePct, stop, last });
    // skipped signals belong to the part their signal candle is in
    let skippedIn = 0;
    let t = 0;
    for (const i of fires[k]) {
      if (t < trades.length && trades[t].signal_time === x.openTime[i]) t++;
      else if (i < splitIdx) skippedIn++;
    }
    // a trade is counted in the part where it closes
    const inS = trades.filter((tr) => split !== null && tr.exit_time < split).map((tr) => tr.return_pct);
    const outTrades = trades.filter((tr) => split !== null && tr.exit_time >= split);
    const carried = outTrades.filter((tr) => tr.signal_time < split!).length;
    const equity: EquityPoint[] = [];
    if (curves && candles) {
      let eq = 1;
      equity.push({ t: x.openTime[first], equity: 1 });
      for (const tr of trades) equity.push({ t: tr.exit_time, equity: (eq *= 1 + tr.return_pct / 100) });
      if (equity[equity.length - 1].t < x.openTime[last]) equity.push({ t: x.openTime[last], equity: eq });
    }
    return {
      label: d.label,
      direction: dir,
      all: tradeStats(trades.map((tr) => tr.return_pct), skipped, nullIfNaN(bh.all), seedOf(`${d.label}:all`)),
      in_sample: tradeStats(inS, skippedIn, nullIfNaN(bh.in_sample), seedOf(`${d.label}:in_sample`)),
      out_of_sample: tradeStats(outTrades.map((tr) => tr.return_pct), skipped - skippedIn, nullIfNaN(bh.out_of_sample), seedOf(`${d.label}:out_of_sample`), carried),
      equity: thin(equity, BACKTEST_MAX_CURVE_POINTS),
    };
  });
  // Holm over every pattern × part of the run
  const parts = patterns.flatMap((p) => [p.all, p.in_sample, p.out_of_sample]);
  const adjusted = holmAdjust(parts.map((s) => s.p_value));
  const raw = holmUncapped(parts.map((s) => s.p_value));
  parts.forEach((s, k) => {
    s.p_adjusted = adjusted[k];
    // the interval at the corrected level: excludes 0 exactly when the Holm-adjusted p ≤ 0.05
    const e = SE_OF.get(s);
    if (e && e.se > 0 && s.mean_return_pct !== null) {
      const alpha = s.p_value > 0 && raw[k] > 0 ? Math.min(EDGE_ALPHA, (EDGE_ALPHA * s.p_value) / raw[k]) : EDGE_ALPHA / parts.length;
      const half = studentTCritical(e.df, alpha) * e.se;
      // a trade loses at most its stake, so neither can the mean: the interval stops at −100 %
      s.mean_ci_holm_low_pct = Math.max(-100, s.mean_return_pct - half);
      s.mean_ci_holm_high_pct = s.mean_return_pct + half;
    } else {
      // identical returns (no spread): nothing to test (p = 1), so no interval beside the verdict
      s.mean_ci_holm_low_pct = null;
      s.mean_ci_holm_high_pct = null;
    }
    s.verdict = verdictOf(s.mean_ci_holm_low_pct, s.mean_ci_holm_high_pct, adjusted[k]);
  });
  const bhCurve: EquityPoint[] = [];
  if (curves && candles) {
    const step = Math.max(1, Math.ceil(candles / BACKTEST_MAX_CURVE_POINTS));
    const f = feePct / 100;
    const base = x.open[first] * (1 + f);
    for (let i = first; i <= last; i += step) bhCurve.push({ t: x.openTime[i], equity: (x.close[i] * (1 - f)) / base });
    if (bhCurve[bhCurve.length - 1].t !== x.openTime[last]) bhCurve.push({ t: x.openTime[last], equity: (x.close[last] * (1 - f)) / base });
  }
  return {
    timeframe: opts.timeframe, horizon, fee_pct: feePct, stop, holm_family: parts.length,
    from: candles ? x.openTime[first] : null, to: candles ? x.openTime[last] : null, split, candles,
    buy_hold: { all: nullIfNaN(bh.all), in_sample: nullIfNaN(bh.in_sample), out_of_sample: nullIfNaN(bh.out_of_sample) },
    buy_hold_equity: bhCurve,
    patterns,
  };
}

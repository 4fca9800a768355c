import { MIN_PROBABILITY_SAMPLE, probabilityWording, type ProbabilityWording } from '../signals/probability';
import { type ClusteredSkill, clusteredRate, type ForecastCell } from './clustered';

/** One resolved forecast: stated probability p (0..1) and whether the event happened. */
export interface ResolvedForecast {
  p: number;
  outcome: boolean;
}

/** One bin of a reliability diagram: stated probabilities in [lo, hi), their mean, the observed frequency, n. */
export interface ReliabilityBin {
  /** Lower / upper edge of the stated-probability bin (0..1; the last bin includes 1). */
  lo: number;
  hi: number;
  /** Forecasts in the bin. */
  n: number;
  /** Mean stated probability in the bin (0..1); null when n = 0. */
  stated: number | null;
  /** Fraction of the bin's forecasts whose event happened (0..1); null when n = 0. */
  observed: number | null;
}

/** Brier score and its skill against the base-rate forecast. */
export interface BrierSummary {
  n: number;
  /** Mean of (p − outcome)² (0 best, 1 worst); null when n = 0. */
  brier: number | null;
  /** Fraction of events that happened (the base-rate forecast); null when n = 0. */
  base_rate: number | null;
  /** Brier score of always forecasting the base rate: base_rate × (1 − base_rate). */
  brier_ref: number | null;
  /** 1 − brier / brier_ref (> 0: better than the base rate); null when n = 0 or brier_ref = 0. */
  skill: number | null;
}

/** Index (0..bins−1) of the decile bin of p: ⌊p × bins⌋, with p = 1 in the last bin. */
export function binOf(p: number, bins = 10): number {
  return Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
}

/**
 * Reliability diagram: forecasts grouped by stated probability into `bins` equal bins (deciles by
 * default: [0, 0.1), …, [0.9, 1]); per bin n, mean stated and observed frequency. Empty bins are kept (n = 0).
 */
export function reliabilityBins(xs: readonly ResolvedForecast[], bins = 10): ReliabilityBin[] {
  const n = new Array<number>(bins).fill(0);
  const sp = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  for (const x of xs) {
    const b = binOf(x.p, bins);
    n[b]++;
    sp[b] += x.p;
    if (x.outcome) hits[b]++;
  }
  return n.map((k, b) => ({ lo: b / bins, hi: (b + 1) / bins, n: k, stated: k ? sp[b] / k : null, observed: k ? hits[b] / k : null }));
}

/**
 * Brier score of the forecasts, the base rate (share of outcomes that happened), the Brier score of
 * the constant base-rate forecast and the Brier skill score 1 − BS / BS_ref.
 */
export function brierSummary(xs: readonly ResolvedForecast[]): BrierSummary {
  const n = xs.length;
  if (!n) return { n, brier: null, base_rate: null, brier_ref: null, skill: null };
  let s = 0;
  let hits = 0;
  for (const x of xs) {
    const o = x.outcome ? 1 : 0;
    s += (x.p - o) ** 2;
    hits += o;
  }
  const brier = s / n;
  const base = hits / n;
  const ref = base * (1 - base);
  return { n, brier, base_rate: base, brier_ref: ref, skill: ref > 0 ? 1 - brier / ref : null };
}

/** Stated-probability range of each verbal label (probabilityWording with n ≥ MIN_PROBABILITY_SAMPLE). */
export const WORDING_RANGES: Record<Exclude<ProbabilityWording, 'uncertain'> | 'uncertain', { lo: number; hi: number }> = {
  very_unlikely: { lo: 0, hi: 0.2 },
  unlikely: { lo: 0.2, hi: 0.4 },
  uncertain: { lo: 0.4, hi: 0.6 },
  likely: { lo: 0.6, hi: 0.8 },
  very_likely: { lo: 0.8, hi: 1 },
};

/** Wilson score interval (95 % by default) of k successes in n trials; null when n = 0. */
export function wilsonInterval(k: number, n: number, z = 1.959964): { lo: number; hi: number } | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const c = (p + z2 / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / d;
  return { lo: Math.max(0, c - h), hi: Math.min(1, c + h) };
}

// ---- calibrated verbal scale ------------------------------------------------------------------------

/** Resolved forecasts a kind × timeframe needs in all before any label is calibrated (below: the fixed scale, "not yet calibrated"). */
export const MIN_CALIBRATION_TOTAL = 100;
/** Resolved forecasts a pooled stated range needs before the label of a probability in it is calibrated. */
export const MIN_CALIBRATION_BLOCK = 30;

/** Resolved forecasts of one stated-probability bin: how many, and in how many the event happened. */
export interface BinCount {
  n: number;
  hits: number;
}

/** One decile of the calibrated scale: stated range [lo, hi), its counts, the isotonic fit and the label it earns. */
export interface CalibrationScaleBin {
  lo: number;
  hi: number;
  n: number;
  hits: number;
  /** Stated range of the pooled block (adjacent bins merged by the isotonic fit) this bin belongs to; null when empty. */
  block_lo: number | null;
  block_hi: number | null;
  /** Resolved forecasts and events in that block. */
  block_n: number;
  block_hits: number;
  /** Observed frequency of the block (the isotonic fit, 0..1); null when empty. */
  fitted: number | null;
  /** The label the fixed scale gives the fitted (observed) frequency; null when not calibrated (too few forecasts). */
  wording: ProbabilityWording | null;
}

/** The calibrated verbal scale of one probability kind × timeframe. */
export interface CalibrationScale {
  /** `calibrated` once MIN_CALIBRATION_TOTAL forecasts are resolved; otherwise every label comes from the fixed scale. */
  status: 'calibrated' | 'not_calibrated';
  /** Resolved forecasts. */
  n: number;
  /** Ten decile bins of the stated probability, [0, 0.1) … [0.9, 1]. */
  bins: CalibrationScaleBin[];
  /** The forecasts per episode × decile the scale was fitted on (see {@link fitClusteredScale}): intervals are then taken over episodes. */
  cells?: ForecastCell[];
  /** Which forecasts the scale rests on (set by the server: live once enough are resolved, else the in-sample backfill). */
  source?: 'live' | 'backfill';
  /** Brier skill of the same forecasts with its interval over episodes (clusteredSkill). */
  skill?: ClusteredSkill;
}

/**
 * {@link fitCalibrationScale} on forecasts counted per episode × decile (clustered.ts), keeping the
 * cells so that the served intervals are cluster-robust over episodes.
 */
export function fitClusteredScale(cells: readonly ForecastCell[], extra: { source?: 'live' | 'backfill'; skill?: ClusteredSkill } = {}): CalibrationScale {
  const counts = Array.from({ length: 10 }, () => ({ n: 0, hits: 0 }));
  for (const c of cells) {
    counts[c.bin].n += c.n;
    counts[c.bin].hits += c.hits;
  }
  return { ...fitCalibrationScale(counts), cells: [...cells], ...extra };
}

/** Observed frequency of the deciles [lo, hi) of `scale`: over episodes when the scale has cells, else Wilson over forecasts. */
function rangeRate(scale: CalibrationScale, lo: number, hi: number, k: number, n: number): { lo: number | null; hi: number | null; n_eff: number } {
  if (scale.cells) {
    const r = clusteredRate(scale.cells.filter((c) => c.bin / 10 >= lo - 1e-9 && (c.bin + 1) / 10 <= hi + 1e-9));
    return { lo: r.lo, hi: r.hi, n_eff: r.n_eff };
  }
  const w = wilsonInterval(k, n);
  return { lo: w?.lo ?? null, hi: w?.hi ?? null, n_eff: n };
}

/**
 * Calibrated verbal scale from resolved forecasts counted per stated-probability decile (`counts[b]`
 * = forecasts stated in [b/10, (b+1)/10), the last bin including 1): an isotonic fit of the observed
 * frequency on the stated probability (pool-adjacent-violators over the non-empty deciles, weighted
 * by n: a higher stated probability never maps to a lower observed one), then each decile is given
 * the label the fixed scale (probabilityWording) gives the observed frequency of its pooled block —
 * the label says what that stated range has delivered. A decile whose block has fewer than
 * MIN_CALIBRATION_BLOCK forecasts, and every decile while the kind has fewer than
 * MIN_CALIBRATION_TOTAL, earns no calibrated label (wording null). Throws RangeError unless 10 bins.
 */
export function fitCalibrationScale(counts: readonly BinCount[]): CalibrationScale {
  if (counts.length !== 10) throw new RangeError(`fitCalibrationScale needs 10 decile bins, got ${counts.length}`);
  const total = counts.reduce((a, c) => a + c.n, 0);
  // Pool adjacent violators over the non-empty bins.
  const blocks: { first: number; last: number; n: number; hits: number }[] = [];
  counts.forEach((c, b) => {
    if (c.n <= 0) return;
    blocks.push({ first: b, last: b, n: c.n, hits: c.hits });
    while (blocks.length > 1) {
      const a = blocks[blocks.length - 2];
      const z = blocks[blocks.length - 1];
      if (a.hits / a.n <= z.hits / z.n) break;
      blocks.splice(blocks.length - 2, 2, { first: a.first, last: z.last, n: a.n + z.n, hits: a.hits + z.hits });
    }
  });
  const status = total >= MIN_CALIBRATION_TOTAL ? 'calibrated' : 'not_calibrated';
  const bins: CalibrationScaleBin[] = counts.map((c, b) => {
    const blk = c.n > 0 ? blocks.find((k) => k.first <= b && b <= k.last) : undefined;
    const fitted = blk ? blk.hits / blk.n : null;
    const ok = status === 'calibrated' && blk !== undefined && blk.n >= MIN_CALIBRATION_BLOCK;
    return {
      lo: b / 10, hi: (b + 1) / 10, n: c.n, hits: c.hits,
      block_lo: blk ? blk.first / 10 : null, block_hi: blk ? (blk.last + 1) / 10 : null, block_n: blk?.n ?? 0, block_hits: blk?.hits ?? 0,
      fitted, wording: ok && fitted !== null ? probabilityWording(fitted, Infinity) : null,
    };
  });
  return { status, n: total, bins };
}

/** How the label of one stated probability was chosen (shown beside it). */
export interface WordingCalibration {
  /** `calibrated`: the label of what the stated range delivered; `not_calibrated`: the fixed scale (too few resolved forecasts, or a sample under MIN_PROBABILITY_SAMPLE). */
  status: 'calibrated' | 'not_calibrated';
  /** Stated range (0..1) whose outcomes the label rests on; null when not calibrated. */
  stated_lo: number | null;
  stated_hi: number | null;
  /** Observed frequency of the event after probabilities stated in that range, its 95 % Wilson interval and n. */
  observed: number | null;
  observed_lo: number | null;
  observed_hi: number | null;
  n: number;
  /** Episodes behind n (effective n). */
  n_eff?: number;
  /** Which forecasts the scale rests on. */
  source?: 'live' | 'backfill';
  /** Brier skill of the kind × timeframe on `source`, with its 95 % interval over episodes (null bounds: too few episodes); null when not measurable. */
  skill?: { value: number; lo: number | null; hi: number | null; base_rate: number; n: number; n_eff: number } | null;
  /** True when the point skill is ≤ 0 or its interval includes 0 or lies below it (no skill over the base rate). */
  no_skill?: boolean;
}

/**
 * The label of a stated probability p (0..1) measured on `sampleN` cases under a calibrated scale:
 * with sampleN ≥ MIN_PROBABILITY_SAMPLE and a calibrated label for p's decile, that label with the
 * observed frequency (95 % interval over episodes when the scale has cells, else Wilson; n) of its
 * pooled stated range, and the scale's source and Brier skill (no_skill when its interval includes 0); otherwise the fixed scale
 * (probabilityWording) marked `not_calibrated`. `scale` undefined = nothing logged yet. The observed
 * frequency and its interval are rounded to 4 decimals (0.01 percentage point).
 */
export function calibratedWordingOf(scale: CalibrationScale | undefined, p: number, sampleN: number): { wording: ProbabilityWording; calibration: WordingCalibration } {
  // served with every probability of every analysis: 4 decimals (0.01 percentage point) is the
  // precision shown anywhere, and full doubles made a quarter of the /ta/all body
  const r4 = (x: number | null | undefined) => (x == null ? null : Math.round(x * 1e4) / 1e4);
  const sk = scale?.skill;
  const skill = sk && sk.skill !== null && sk.base_rate !== null
    ? { value: r4(sk.skill)!, lo: r4(sk.skill_lo), hi: r4(sk.skill_hi), base_rate: r4(sk.base_rate)!, n: sk.n, n_eff: sk.n_eff }
    : null;
  // no skill: the point skill is ≤ 0, or its interval reaches 0
  const extra = scale?.source ? { source: scale.source, skill, no_skill: skill !== null && (skill.value <= 0 || (skill.lo !== null && skill.lo <= 0)) } : {};
  const bin = scale && sampleN >= MIN_PROBABILITY_SAMPLE ? scale.bins[binOf(p)] : undefined;
  if (!scale || !bin || bin.wording === null || bin.block_lo === null || bin.block_hi === null) {
    return { wording: probabilityWording(p, sampleN), calibration: { status: 'not_calibrated', stated_lo: null, stated_hi: null, observed: null, observed_lo: null, observed_hi: null, n: 0, ...extra } };
  }
  const ci = rangeRate(scale, bin.block_lo, bin.block_hi, bin.block_hits, bin.block_n);
  return {
    wording: bin.wording,
    calibration: { status: 'calibrated', stated_lo: bin.block_lo, stated_hi: bin.block_hi, observed: r4(bin.fitted), observed_lo: r4(ci.lo), observed_hi: r4(ci.hi), n: bin.block_n, n_eff: ci.n_eff, ...extra },
  };
}

/** One row of the calibrated scale's table: a label, the stated range that earns it, and what that range delivered. */
export interface ScaleRow {
  wording: ProbabilityWording;
  /** Stated range (0..1) mapped to this label; null when no stated range earns it (yet). */
  stated_lo: number | null;
  stated_hi: number | null;
  n: number;
  /** Episodes behind n (effective n; n when the scale has no cells). */
  n_eff: number;
  /** Observed frequency after probabilities stated in that range (0..1), with its 95 % interval (over episodes when the scale has cells, else Wilson); null when n = 0. */
  observed: number | null;
  observed_lo: number | null;
  observed_hi: number | null;
}

/**
 * The table of a scale: for each label (very_unlikely … very_likely) the stated range whose deciles
 * earned it (lowest lo to highest hi), the forecasts stated there, the observed frequency and its
 * 95 % interval (over episodes when the scale has cells, else Wilson). A `not_calibrated` scale gives the fixed ranges (WORDING_RANGES) with the
 * outcomes of the forecasts stated in them.
 */
export function scaleRows(scale: CalibrationScale): ScaleRow[] {
  return (Object.keys(WORDING_RANGES) as ProbabilityWording[]).map((w) => {
    const sel = scale.status === 'calibrated'
      ? scale.bins.filter((b) => b.wording === w)
      : scale.bins.filter((b) => b.lo >= WORDING_RANGES[w].lo - 1e-9 && b.hi <= WORDING_RANGES[w].hi + 1e-9);
    const n = sel.reduce((a, b) => a + b.n, 0);
    const k = sel.reduce((a, b) => a + b.hits, 0);
    const has = scale.status === 'calibrated' ? sel.length > 0 : true;
    const lo = has ? (scale.status === 'calibrated' ? Math.min(...sel.map((b) => b.lo)) : WORDING_RANGES[w].lo) : null;
    const hi = has ? (scale.status === 'calibrated' ? Math.max(...sel.map((b) => b.hi)) : WORDING_RANGES[w].hi) : null;
    const ci = lo !== null && hi !== null && n > 0 ? rangeRate(scale, lo, hi, k, n) : { lo: null, hi: null, n_eff: 0 };
    return { wording: w, stated_lo: lo, stated_hi: hi, n, n_eff: ci.n_eff, observed: n ? k / n : null, observed_lo: ci.lo, observed_hi: ci.hi };
  });
}

/** Counts per decile of resolved forecasts (see {@link fitCalibrationScale}). */
export function binCounts(xs: readonly ResolvedForecast[]): BinCount[] {
  const out = Array.from({ length: 10 }, () => ({ n: 0, hits: 0 }));
  for (const x of xs) {
    const b = out[binOf(x.p)];
    b.n++;
    if (x.outcome) b.hits++;
  }
  return out;
}

import type { ProbabilityWording } from '../signals/probability';

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

/** Calibrated range of one verbal label: what happened after the product said it. */
export interface CalibratedWording {
  wording: ProbabilityWording;
  /** The stated range the label stands for (0..1). */
  stated_lo: number;
  stated_hi: number;
  n: number;
  /** Observed frequency of the event after this label (0..1); null when n = 0. */
  observed: number | null;
  /** 95 % Wilson interval of `observed`; null when n = 0. */
  observed_lo: number | null;
  observed_hi: number | null;
}

/**
 * Calibrated verbal scale: for each label, the forecasts stated with it (their `wording`), how
 * often the event happened and its 95 % Wilson interval — the range a reader should attach to the label.
 */
export function calibrateWording(xs: readonly (ResolvedForecast & { wording: ProbabilityWording })[]): CalibratedWording[] {
  return (Object.keys(WORDING_RANGES) as ProbabilityWording[]).map((w) => {
    const sel = xs.filter((x) => x.wording === w);
    const k = sel.filter((x) => x.outcome).length;
    const ci = wilsonInterval(k, sel.length);
    return { wording: w, stated_lo: WORDING_RANGES[w].lo, stated_hi: WORDING_RANGES[w].hi, n: sel.length, observed: sel.length ? k / sel.length : null, observed_lo: ci?.lo ?? null, observed_hi: ci?.hi ?? null };
  });
}

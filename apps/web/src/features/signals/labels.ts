import type { TFunction } from 'i18next';
import type { Probability } from '@coinlens/contracts';
import { formatNumber } from '../../lib/format';

/** Catalogue name in the UI language, else the raw label (`name.en` / `name.zh` of the signal catalogue). */
export function signalName(name: { en: string; zh: string } | undefined, label: string, lang: string): string {
  const s = lang.toLowerCase().startsWith('zh') ? name?.zh : name?.en;
  return s && s.trim() ? s : label;
}

/** A rate 0..1 as a whole percent: 0.583 → "58 %". */
export function ratePct(p: number | null | undefined): string {
  return p == null || !Number.isFinite(p) ? '—' : `${formatNumber(p * 100, 0)} %`;
}

/**
 * A record's sample size with its effective n, "n = 1,234" or
 * "n = 1,234 in 42 episodes" when overlapping cases were grouped into fewer episodes.
 */
export function sampleText(t: TFunction, s: { n: number; n_eff: number }): string {
  return s.n_eff < s.n ? t('signals:accuracy.sampleEpisodes', { count: s.n_eff, n: formatNumber(s.n), eff: formatNumber(s.n_eff) }) : t('signals:accuracy.sample', { n: formatNumber(s.n) });
}

/** Accuracy with its denominator: "58 % (41/71)"; "— (0/0)" without scored signals. */
export function accuracyText(t: TFunction, a: { accuracy: number | null; hits: number; total: number }): string {
  return t('signals:accuracy.value', { pct: ratePct(a.accuracy), hits: formatNumber(a.hits), total: formatNumber(a.total) });
}

/** Probability worded WITH its measured rate and sample size: "Likely · 64 % · n = 212". */
export function probabilityText(t: TFunction, p: Probability): string {
  return t('signals:probability.value', { wording: t(`signals:probability.${p.wording}`), pct: ratePct(p.n ? p.p : null), n: formatNumber(p.n) });
}

/**
 * Where a probability's label comes from, for its tooltip: the stated range of the calibration log
 * and what it delivered (observed rate, 95 % interval, n), or why it is not yet calibrated.
 * Null when the server sent no calibration (an engine result).
 */
export function probabilityCalibrationHelp(t: TFunction, p: Probability): string | null {
  const c = p.calibration;
  if (!c) return null;
  if (c.status !== 'calibrated') return t('signals:probability.notCalibratedHelp');
  return t('signals:probability.calibratedHelp', { lo: ratePct(c.stated_lo), hi: ratePct(c.stated_hi), observed: ratePct(c.observed), olo: ratePct(c.observed_lo), ohi: ratePct(c.observed_hi), n: formatNumber(c.n) });
}

/** Range of the price chart matching a timeframe's label (5m "1D", 1h "7D", else "1M"). */
export function rangeOfLabel(label: string): '1D' | '7D' | '1M' {
  return label === '1D' ? '1D' : label === '7D' ? '7D' : '1M';
}

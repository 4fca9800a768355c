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

/**
 * Probability worded WITH its measured rate and sample size: "Likely · 64 % · n = 212". When the
 * calibration log finds no skill over the base rate for this kind (its Brier skill interval reaches
 * 0), the label gives way to "No skill over the base rate (93 % of levels are touched anyway)":
 * `kind` picks "touched" / "broken".
 */
export function probabilityText(t: TFunction, p: Probability, kind: 'touch' | 'breakthrough' = 'touch'): string {
  const c = p.calibration;
  const wording = c?.no_skill && c.skill ? t(`signals:probability.noSkill.${kind}`, { base: ratePct(c.skill.base_rate) }) : t(`signals:probability.${p.wording}`);
  return t('signals:probability.value', { wording, pct: ratePct(p.n ? p.p : null), n: formatNumber(p.n) });
}

/** A Brier skill score to 2 decimals with its interval, "0.05 (−0.02 to 0.11)"; "—" when null. */
export function skillWithInterval(t: TFunction, s: { value: number | null; lo: number | null; hi: number | null }): string {
  const f = (x: number) => (Math.abs(x) < 0.005 ? '0.00' : x.toFixed(2).replace('-', '−'));
  if (s.value === null) return '—';
  return s.lo === null || s.hi === null ? f(s.value) : t('signals:calibration.skillInterval', { value: f(s.value), lo: f(s.lo), hi: f(s.hi) });
}

/**
 * Where a probability's label comes from, for its tooltip: the stated range of the calibration log
 * and what it delivered (observed rate, 95 % interval over episodes, n), which forecasts it rests
 * on (live or the in-sample backfill) and the Brier skill of the kind with its interval; or why it
 * is not yet calibrated. Null when the server sent no calibration (an engine result).
 */
export function probabilityCalibrationHelp(t: TFunction, p: Probability): string | null {
  const c = p.calibration;
  if (!c) return null;
  const parts: string[] = [];
  if (c.status !== 'calibrated') parts.push(t('signals:probability.notCalibratedHelp'));
  else parts.push(t('signals:probability.calibratedHelp', { lo: ratePct(c.stated_lo), hi: ratePct(c.stated_hi), observed: ratePct(c.observed), olo: ratePct(c.observed_lo), ohi: ratePct(c.observed_hi), n: formatNumber(c.n), eff: formatNumber(c.n_eff ?? c.n) }));
  if (c.source) parts.push(t(`signals:probability.source.${c.source}`));
  if (c.skill) parts.push(t('signals:probability.skillHelp', { skill: skillWithInterval(t, c.skill), base: ratePct(c.skill.base_rate), n: formatNumber(c.skill.n), eff: formatNumber(c.skill.n_eff) }));
  return parts.join(' ');
}

/** Range of the price chart matching a timeframe's label (5m "1D", 1h "7D", else "1M"). */
export function rangeOfLabel(label: string): '1D' | '7D' | '1M' {
  return label === '1D' ? '1D' : label === '7D' ? '7D' : '1M';
}

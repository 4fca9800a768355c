import type { LevelProbabilities, Probability, TaResult } from '@coinlens/contracts';
import { calibratedWordingOf, type CalibrationScale } from '@coinlens/ta';

/**
 * The verbal labels of a served analysis from the calibration log (docs/calibration.md): relabels the probabilities of `r`
 * with `scales` (per `timeframe:kind`); the touch / breakthrough kinds of the probability_target are
 * the same forecasts as the side's. A new object; `r` is not changed.
 */
export function labelWithScales<T extends TaResult>(r: T, scales: ReadonlyMap<string, CalibrationScale>): T {
  const tf = r.current.timeframe;
  const relabel = (p: Probability, kind: 'touch' | 'breakthrough'): Probability => ({ ...p, ...calibratedWordingOf(scales.get(`${tf}:${kind}`), p.p, p.n) });
  const side = (x: LevelProbabilities | null) => (x ? { touch: relabel(x.touch, 'touch'), breakthrough: relabel(x.breakthrough, 'breakthrough') } : null);
  return {
    ...r,
    touch_probability: relabel(r.touch_probability, 'touch'),
    breakthrough_probability: relabel(r.breakthrough_probability, 'breakthrough'),
    probabilities: { resistance: side(r.probabilities.resistance), support: side(r.probabilities.support) },
  };
}

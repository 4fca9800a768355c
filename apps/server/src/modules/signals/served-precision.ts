import type { LabelledTaResult, Probability, SignalTaResult, TaLevel, TaResult } from '@coinlens/contracts';
import { roundEdge, roundPct, roundPrice, roundRate } from '@coinlens/contracts';

const probability = (p: Probability): Probability => ({ ...p, p: roundRate(p.p) });
const level = (l: TaLevel): TaLevel => ({ ...l, price: roundPrice(l.price), strength: roundRate(l.strength), distance_pct: roundPct(l.distance_pct), ...(l.volume_ratio === undefined ? {} : { volume_ratio: roundRate(l.volume_ratio) }) });
const price = (v: number | null) => (v === null ? null : roundPrice(v));

/**
 * An analysis as the API serves it (coin TA, the Signal items, the analyst's facts): probabilities
 * and hit rates to 4 decimals (0.01 percentage point, like the calibration figures), percents and
 * percentage points to 2 decimals, p-values to 4 significant digits, level prices by roundPrice
 * (the one price rule). Indicator values and the candle's own prices are left as computed. The
 * stored snapshot keeps full precision; a new object, `r` is not changed.
 */
export function servedTa<T extends TaResult>(r: T): T {
  const side = (x: TaResult['probabilities']['support']) => (x ? { ...x, touch: probability(x.touch), breakthrough: probability(x.breakthrough) } : null);
  return {
    ...r,
    market: { ...r.market, signals: r.market.signals.map((s) => ({ ...s, hit_rate: probability(s.hit_rate), edge: roundEdge(s.edge) })) },
    resistance: r.resistance.map(level),
    support: r.support.map(level),
    price_change_percent: roundPct(r.price_change_percent),
    ...(r.typical_move ? { typical_move: { ...r.typical_move, pct: roundPct(r.typical_move.pct) } } : {}),
    support_price: price(r.support_price),
    resistance_price: price(r.resistance_price),
    touch_probability: probability(r.touch_probability),
    breakthrough_probability: probability(r.breakthrough_probability),
    probabilities: { resistance: side(r.probabilities.resistance), support: side(r.probabilities.support) },
  };
}

/** A level as a list shows it: without the ranking inputs (`volume_ratio`, `age_candles`) the lists do not show. */
const listLevel = ({ volume_ratio: _volumeRatio, age_candles: _ageCandles, ...l }: TaLevel): TaLevel => l;

/**
 * The `ta_result` of a Signal item: the served analysis without `indicators`, `probabilities` and
 * the levels' ranking inputs, which the lists do not show (the coin's own analysis keeps them).
 */
export function signalTa(r: LabelledTaResult): SignalTaResult {
  const { indicators: _indicators, probabilities: _probabilities, ...rest } = r;
  return { ...rest, support: rest.support.map(listLevel), resistance: rest.resistance.map(listLevel) };
}

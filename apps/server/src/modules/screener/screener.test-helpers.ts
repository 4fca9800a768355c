import type { TaResult } from '@coinlens/contracts';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';

/** Open time of the analysed candle of {@link ta} (1h). */
export const T = Date.parse('2025-05-16T10:00:00Z');
/** One hour in ms. */
export const H = 3_600_000;

/** A stored 1h analysis (TaResult) with the figures a test sets (everything else neutral); `openTime` defaults to {@link T}; a signal with `edge` has a measurable edge (verdict `edge`). */
export function ta(o: { openTime?: number; rsi?: number | null; price?: number; change?: number; trend?: TaResult['market']['trend']; signals?: { label: string; direction: 'bullish' | 'bearish'; edge: boolean }[]; support?: number; ema50?: number }): TaResult {
  const price = o.price ?? 100;
  const ind = Object.fromEntries(['sma_20', 'sma_50', 'sma_200', 'ema_12', 'ema_20', 'ema_26', 'ema_50', 'ema_200', 'macd', 'macd_signal', 'macd_hist', 'rsi_14', 'stoch_k', 'stoch_d', 'stochrsi_k', 'stochrsi_d', 'bb_upper', 'bb_middle', 'bb_lower', 'atr_14', 'obv', 'adx_14', 'cci_20', 'mfi_14', 'willr_14', 'sar'].map((k) => [k, null]));
  return {
    cryptocurrency: 'X',
    current: { timeframe: '1h', candle_open_time: o.openTime ?? T, candles_used: 500 },
    market: {
      trend: o.trend ?? 'sideways', intense: 'weak', cash_flow: 'neutral', volatility: 'low', direction: 'neutral',
      signals: (o.signals ?? []).map((s) => ({ label: s.label, name: { en: s.label, zh: s.label }, direction: s.direction, category: 'candlestick', hit_rate: { p: 0.6, n: 40, wording: 'likely' }, edge: s.edge ? edgeStat(60, 100, 0.3, 5000) : edgeStat(31, 100, 0.3, 5000) })),
    },
    resistance: [],
    support: o.support == null ? [] : [{ price: price * (1 - o.support / 100), touches: 2, strength: 0.5, distance_pct: o.support }],
    last_price: price,
    price_change_percent: o.change ?? 0,
    price_change_window_candles: 24,
    support_price: null, resistance_price: null, probability_target: null,
    touch_probability: { p: 0, n: 0, wording: 'uncertain' }, breakthrough_probability: { p: 0, n: 0, wording: 'uncertain' },
    probabilities: { resistance: null, support: null },
    horizon_candles: 168,
    indicators: { ...ind, rsi_14: o.rsi ?? null, ema_50: o.ema50 ?? null, atr_14: 2, bb_upper: price + 10, bb_middle: price, bb_lower: price - 10 },
  } as unknown as TaResult;
}

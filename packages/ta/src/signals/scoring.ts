import type { TaTimeframe } from '@coinlens/contracts';
import type { Direction } from '../types';

/**
 * Horizon, in candles, over which a signal (and a touch/breakthrough) is judged, per timeframe:
 * 5m → 288 (one day), 1h → 168 (one week), 1d → 30 (thirty days). These match the windows the
 * product labels the timeframes with (5m "1D", 1h "7D", 1d "1M").
 */
export const SIGNAL_HORIZON_CANDLES: Readonly<Record<TaTimeframe, number>> = { '5m': 288, '1h': 168, '1d': 30 };

/** A neutral signal counts as a hit when the absolute move over the horizon is below this (%). */
export const NEUTRAL_BAND_PCT = 1;

/** Outcome of one scored signal. */
export interface SignalScore {
  /** Whether price moved in the signal's direction (see {@link scoreSignal}). */
  hit: boolean;
  /** (exit − entry) / entry × 100, in percent (signed). */
  move_pct: number;
}

/**
 * Scores a signal: entryPrice = close of the candle it fired on, exitPrice = close
 * SIGNAL_HORIZON_CANDLES later (quote currency, > 0). Bullish hits when move_pct > 0, bearish when
 * move_pct < 0, neutral when |move_pct| < NEUTRAL_BAND_PCT. Throws RangeError when a price is not
 * a positive finite number.
 */
export function scoreSignal(direction: Direction, entryPrice: number, exitPrice: number): SignalScore {
  if (!(entryPrice > 0) || !Number.isFinite(entryPrice) || !(exitPrice > 0) || !Number.isFinite(exitPrice)) {
    throw new RangeError(`prices must be positive finite numbers (entry ${entryPrice}, exit ${exitPrice})`);
  }
  const move_pct = ((exitPrice - entryPrice) / entryPrice) * 100;
  const hit = direction === 'bullish' ? move_pct > 0 : direction === 'bearish' ? move_pct < 0 : Math.abs(move_pct) < NEUTRAL_BAND_PCT;
  return { hit, move_pct };
}

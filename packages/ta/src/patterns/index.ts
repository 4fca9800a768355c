export {
  CANDLE_SETTINGS, candleAverage, candleColor, candleRange, candleRanges, type CandleSetting, lowerShadow, type Ohlc, ohlcLength, type RangeType, realBody,
  realBodyGapDown, realBodyGapUp, RunningCandleSum, upperShadow,
} from './candle-settings';
export { cdlHammer, CDLHAMMER_LOOKBACK } from './cdl-hammer';
export { cdlEngulfing, CDLENGULFING_LOOKBACK } from './cdl-engulfing';
export { cdlDoji, CDLDOJI_LOOKBACK } from './cdl-doji';
export { cdlShootingStar, CDLSHOOTINGSTAR_LOOKBACK } from './cdl-shooting-star';
export { CDLSTAR_LOOKBACK, starPattern } from './cdl-star';
export { cdlMorningStar } from './cdl-morning-star';
export { cdlEveningStar } from './cdl-evening-star';

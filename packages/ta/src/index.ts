/**
 * @coinlens/ta — pure TypeScript technical-analysis engine (TA-Lib compatible indicators and
 * candlestick patterns, signal catalogue, support/resistance, classification, measured
 * probabilities). No I/O, no clock.
 */
export { candleCount, type Candles, type Direction, parseCandlesCsv, sliceCandles } from './types';
export {
  adx, adxLookback, atr, atrLookback, bbands, bbandsLookback, type BbandsResult, cci, cciLookback, ema, emaLookback, macd, macdLookback, type MacdResult, mfi,
  mfiLookback, nanArray, obv, rawKInto, rsi, rsiLookback, sar, sma, smaLookback, stoch, stochLookback, type StochResult, stochRsi, stochRsiLookback,
  stochRsiOfRsi, type StochRsiResult, trueRange, willr, willrLookback,
} from './indicators/index';
export {
  CANDLE_SETTINGS, candleAverage, candleColor, candleRange, candleRanges, type CandleSetting, cdlDoji, CDLDOJI_LOOKBACK, cdlEngulfing, CDLENGULFING_LOOKBACK,
  cdlEveningStar, cdlHammer, CDLHAMMER_LOOKBACK, cdlMorningStar, cdlShootingStar, CDLSHOOTINGSTAR_LOOKBACK, CDLSTAR_LOOKBACK, lowerShadow, type Ohlc,
  ohlcLength, type RangeType, realBody, realBodyGapDown, realBodyGapUp, RunningCandleSum, starPattern, upperShadow,
} from './patterns/index';
export { computeTaColumns, formatTaColumnsCsv, TA_COLUMN_NAMES, type TaColumnName, type TaColumns } from './columns';
export { computeSignalColumns, SIGNAL_WARMUP, sliceSignalColumns, type SignalColumns } from './signals/columns';
export {
  type Bilingual, detectSignalsAt, SIGNAL_CATALOGUE, type SignalCategory, type SignalDefinition, SIGNALS_BY_LABEL, THRESHOLDS,
} from './signals/catalogue';
export {
  BACKTEST_FEE_PCT, BACKTEST_IN_SAMPLE_SHARE, BACKTEST_MAX_CURVE_POINTS, type BacktestCandles, type BacktestOptions, type BacktestResult, type BacktestStats,
  type BacktestStop, type BacktestTrade, detectFires, type EquityPoint, type PatternBacktest, runBacktest, simulateTrades, tradeReturn, tradeStats,
} from './signals/backtest';
export { NEUTRAL_BAND_PCT, scoreSignal, SIGNAL_HORIZON_CANDLES, type SignalScore } from './signals/scoring';
export {
  baselineRate, type BaselineCounts, DISTANCE_BUCKETS_ATR, distanceBucket, forwardExtreme, measureBaseline, type LevelProbabilities, measureLevelProbabilities, measureSignalEpisodes, measureSignalHitRate, measureTypicalMove, MIN_PROBABILITY_SAMPLE,
  type Probability, probabilityWording, type ProbabilityWording, toProbability,
} from './signals/probability';
export {
  clusterEpisodes, correctedRecords, type Episode, EpisodeBuilder, type EpisodeCase, type EpisodeEdge, edgeInterval, episodeEdge, episodeEdgeRecord, MIN_EPISODES, normalCritical,
} from './signals/episode-edge';
export { findLevels, findSwings, type Level, LEVEL_DEFAULTS, type LevelOptions } from './levels/levels';
export {
  type CashFlow, classifyCashFlow, classifyDirection, classifyIntensity, directionVerdict, type DirectionReason, type DirectionVerdict, classifyTrend, classifyVolatility, type Intensity, INTENSITY_ADX, type Trend,
  TREND_MIN_SLOPE_ATR, type Volatility,
} from './classify/classify';
export {
  analyze, analyzeColumns, type AnalyzeOptions, classifyCandle, MIN_ANALYZE_CANDLES, PRICE_CHANGE_WINDOW, type SignalHit, type TaIndicators, type TaResult,
} from './analyze';
export {
  binOf, type BrierSummary, brierSummary, type ReliabilityBin, reliabilityBins, type ResolvedForecast, wilsonInterval,
  WORDING_RANGES, type BinCount, binCounts, type CalibrationScale, type CalibrationScaleBin, calibratedWordingOf, fitCalibrationScale, MIN_CALIBRATION_BLOCK,
  MIN_CALIBRATION_TOTAL, type ScaleRow, scaleRows, type WordingCalibration, fitClusteredScale,
} from './calibration/calibration';
export {
  type ClusteredBin, clusteredBins, clusteredMeanInterval, type ClusteredRate, clusteredRate, type ClusteredSkill, clusteredSkill, type ForecastCell, forecastCells, MIN_SKILL_EPISODES,
  type ScoredStrategyCase, strategyEpisode, type StrategyRecordStats, strategyRecordStats, type TimedForecast,
} from './calibration/clustered';

// Trading signals: signal chips and pills, accuracy and track record, calibration, and the queries behind them. Other features import from this file only, never from the feature's modules.
export { DirectionPill, DirectionVerdict, SignalChips, TaFacts, TimeframeSelector } from './SignalCard';
export { AccuracyVsBase } from './AccuracyBadge';
export { strategyRecordSplitLine, useStrategyRecord } from './CalibrationView';
export { EdgeText } from './EdgeText';
export { SignalLogTable } from './TrackRecord';
export { accuracyText, signalName } from './labels';
export { useCoinTa, useLatestAccuracy, usePatternStats, useSignalsList, useTrackRecord } from './queries';

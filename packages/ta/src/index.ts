/**
 * @coinlens/ta — pure TypeScript technical-analysis engine (TA-Lib compatible indicators and
 * candlestick patterns, signal catalogue, support/resistance, classification, measured
 * probabilities). No I/O, no clock.
 */
export * from './types';
export * from './indicators/index';
export * from './patterns/index';
export * from './columns';
export * from './signals/columns';
export * from './signals/catalogue';
export * from './signals/scoring';
export * from './signals/probability';
export * from './levels/levels';
export * from './classify/classify';
export * from './analyze';

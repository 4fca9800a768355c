export * from './candle-settings';
export * from './cdl-hammer';
export * from './cdl-engulfing';
export * from './cdl-doji';
export * from './cdl-shooting-star';
export * from './cdl-star';
export * from './cdl-morning-star';
export * from './cdl-evening-star';

/** @coinlens/contracts — zod schemas per endpoint, stream events and the error catalogue. */
export * from './common/errors';
export * from './common/envelope';
export * from './market/coin';
export * from './market/endpoints';
export * from './users/user';
export * from './users/endpoints';
export * from './auth/endpoints';
export * from './ai/stream-events';
export * from './ai/aggregate';
export * from './ai/chat';
export * from './ai/lab';
export * from './feeds/index';
export * from './signals/analysis';
export * from './signals/endpoints';
export * from './billing/index';
export * from './following/endpoints';
export * from './analytics/collect-event';

export * from './plans';
export * from './payment';
export * from './invitation';

/** Drizzle schema of every table; one file per module. */
export * from './market';
export * from './news';
export * from './users';
export * from './signals';
export * from './billing';
export * from './following';
export * from './chat';

/** @coinlens/db — drizzle schema, migrations, the database handle and the shipped-data import. */
export * from './client';
export * as schema from './schema/index';
export * from './schema/index';
export * from './import/shipped-data';

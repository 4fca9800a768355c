import pg from 'pg';

/**
 * Setup file of the int project (vitest.config.ts): with DATABASE_URL set, each vitest worker gets a
 * PostgreSQL database of its own, so integration files run two at a time without resetting each
 * other's schema. Worker n of a run against `postgres://…/test` uses `postgres://…/test_w<n>`
 * (`VITEST_POOL_ID`, 1…maxWorkers), created on first use (the role needs CREATEDB, as CI's
 * `postgres` has) and reset by each file as before (test/harness.ts `openTestDatabase`).
 * `process.env.DATABASE_URL` is rewritten before the file's own imports read it, so server processes
 * a test spawns inherit the worker's database too. Redis needs nothing: every key and channel
 * carries the deployment id stored in the database (REDIS_PREFIX's default), which differs per
 * database. Without DATABASE_URL (PGlite), every file already opens a private copy.
 *
 * Errors: a PostgreSQL that refuses CREATE DATABASE fails the file's set-up with its message.
 */
const base = process.env.COINLENS_TEST_BASE_DATABASE_URL ?? process.env.DATABASE_URL;
const pool = process.env.VITEST_POOL_ID;
if (base && pool) {
  process.env.COINLENS_TEST_BASE_DATABASE_URL = base;
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_w${pool}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } catch (err) {
        // 42P04 duplicate_database / 23505: another worker's first file created it at the same moment
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err;
      }
    }
  } finally {
    await client.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.DATABASE_URL = url.toString();
}

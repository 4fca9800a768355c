import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '@coinlens/db';

/**
 * Once per `vitest run` of the int project: a migrated, empty PGlite data directory (on /dev/shm
 * when there is one), which apps/server/test/harness.ts copies for each test file instead of
 * creating an in-memory database (creating a cluster is most of a file's set-up: ≈ 20 s against
 * 2 s to open a copy on a busy 2-core machine). Its path goes to the test processes in
 * COINLENS_TEST_PGLITE_TEMPLATE. Skipped with DATABASE_URL (each file resets the PostgreSQL schema)
 * and with TEST_PGLITE_TEMPLATE=0 (every file creates an in-memory database, as before).
 */
export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL || process.env.TEST_PGLITE_TEMPLATE === '0') return () => {};
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const root = fs.mkdtempSync(path.join(base, 'coinlens-test-pglite-'));
  const template = path.join(root, 'template');
  const db = await openDatabase({ dataDir: template });
  try {
    await migrateDatabase(db);
  } finally {
    await db.close();
  }
  process.env.COINLENS_TEST_PGLITE_TEMPLATE = template;
  return () => fs.rmSync(root, { recursive: true, force: true });
}

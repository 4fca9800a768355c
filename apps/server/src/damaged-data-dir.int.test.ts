import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@coinlens/db';
import { REPO_ROOT } from './platform/env';
import { serverArgs, serverEnv } from '../../../scripts/server-runtime.mjs';

/**
 * The server as `npm start` runs it, on a DATA_DIR whose embedded database is damaged (its control
 * file overwritten): it exits non-zero with a message that names the directory and says how to
 * restore, instead of PGlite's bare "failed to initialize properly". Skipped on PostgreSQL.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-damaged-start-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.skipIf(!!process.env.DATABASE_URL)('start on a damaged embedded database', () => {
  it('exits non-zero naming the directory and the restore command', async () => {
    const dataDir = path.join(root, 'data');
    const pglite = path.join(dataDir, 'pglite');
    const h = await openDatabase({ dataDir: pglite });
    await h.close();
    fs.writeFileSync(path.join(pglite, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));

    const args = await serverArgs({ log: () => undefined });
    const env = serverEnv({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' });
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (b: Buffer) => (output += b.toString('utf8')));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);

    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`the embedded database in ${pglite} cannot be opened`);
    expect(output).toContain('npm run db:restore -- <backup file>');
    expect(output).toContain(`mv ${pglite} ${pglite}.damaged`);
  }, 120_000);
});

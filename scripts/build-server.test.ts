import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { buildServer } from './build-server.mjs';
import { MIGRATIONS_DIR } from '../packages/db/src/client';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-build-server-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('build-server (the prebuilt server npm start runs)', () => {
  it('bundles workspace sources, keeps npm dependencies external and each file its own import.meta.url', async () => {
    const inputs: string[] = await buildServer({ entry: path.resolve('packages/db/src/client.ts'), outdir: out });
    expect(inputs.some((f) => f.endsWith(path.join('packages', 'db', 'src', 'client.ts')))).toBe(true);
    expect(inputs.some((f) => f.includes(`${path.sep}node_modules${path.sep}`))).toBe(false);
    const code = fs.readFileSync(path.join(out, 'main.mjs'), 'utf8');
    expect(code).toMatch(/from "drizzle-orm/);
    // Paths resolved relative to a source file are the same as when it runs from source.
    const bundled = (await import(pathToFileURL(path.join(out, 'main.mjs')).href)) as { MIGRATIONS_DIR: string };
    expect(bundled.MIGRATIONS_DIR).toBe(MIGRATIONS_DIR);
    expect(fs.existsSync(path.join(bundled.MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
  }, 60_000);
});

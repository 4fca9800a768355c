import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { buildServer, EXTERNAL_PACKAGES, NAME_HELPER, NAME_HELPER_PATCHED } from './build-server.mjs';
import { MIGRATIONS_DIR } from '../packages/db/src/client';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-build-server-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('build-server (the prebuilt server npm start runs)', () => {
  it('bundles workspace sources and npm dependencies, keeps the external packages out and each source file its own import.meta.url', async () => {
    const inputs: string[] = await buildServer({ entry: path.resolve('packages/db/src/client.ts'), outdir: out });
    expect(inputs.some((f) => f.endsWith(path.join('packages', 'db', 'src', 'client.ts')))).toBe(true);
    expect(inputs.some((f) => f.includes(`${path.sep}node_modules${path.sep}drizzle-orm${path.sep}`))).toBe(true);
    const code = fs.readFileSync(path.join(out, 'main.mjs'), 'utf8');
    expect(code).not.toMatch(/from "drizzle-orm/);
    // Paths resolved relative to a source file are the same as when it runs from source.
    const bundled = (await import(pathToFileURL(path.join(out, 'main.mjs')).href)) as { MIGRATIONS_DIR: string };
    expect(bundled.MIGRATIONS_DIR).toBe(MIGRATIONS_DIR);
    expect(fs.existsSync(path.join(bundled.MIGRATIONS_DIR, 'meta', '_journal.json'))).toBe(true);
  }, 60_000);

  it('the whole server: no bundled code locates files beside its own sources (it would look in dist), the external packages load from node_modules', async () => {
    const dir = path.join(out, 'server');
    const inputs: string[] = await buildServer({ outdir: dir });
    for (const p of EXTERNAL_PACKAGES as string[]) expect(inputs.some((f) => f.includes(`${path.sep}node_modules${path.sep}${p}${path.sep}`)), p).toBe(false);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    const code = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    // a dependency that needs these must join EXTERNAL_PACKAGES
    expect(code).not.toMatch(/\b__dirname\b|\b__filename\b|require\.resolve\(/);
    expect(code).toMatch(/__require\("pino"\)/);
    // the analysis thread starts from its own bundled entry, not through tsx from the sources
    expect(files).toContain('analysis-worker.mjs');
    expect(code).toContain(JSON.stringify(pathToFileURL(path.join(dir, 'analysis-worker.mjs')).href));
    expect(fs.readFileSync(path.join(dir, 'analysis-worker.mjs'), 'utf8')).not.toMatch(/tsx\/esm\/api|tsImport/);
    // bundled packages compare names: node-fetch (grammy's HTTP client) accepts a signal only if its
    // class is named 'AbortSignal', and esbuild renames abort-controller's to AbortSignal2 (keepNames)
    expect(code).toMatch(/__name\(this, "AbortSignal"\)/);
    // esbuild's name helper is the patched one: it does nothing to a function already so named
    expect(code).toContain(NAME_HELPER_PATCHED);
    expect(code).not.toContain(NAME_HELPER);
  }, 120_000);

  it('the patched name helper gives a renamed class its name back and leaves a rightly named function as it is', () => {
    const make = (helper: string) =>
      new Function(`var __defProp = Object.defineProperty; var calls = 0; var __realDefProp = __defProp; __defProp = (t, k, d) => (calls++, __realDefProp(t, k, d)); ${helper} return { __name, calls: () => calls };`)() as { __name: (t: object, v: string) => object; calls: () => number };
    for (const helper of [NAME_HELPER, NAME_HELPER_PATCHED] as string[]) {
      const { __name } = make(helper);
      class AbortSignal2 {}
      __name(AbortSignal2, 'AbortSignal');
      expect(AbortSignal2.name).toBe('AbortSignal');
      expect(Object.getOwnPropertyDescriptor(AbortSignal2, 'name')).toMatchObject({ writable: false, enumerable: false, configurable: true });
      function next() {}
      expect(__name(next, 'next')).toBe(next);
      expect(next.name).toBe('next');
    }
    // per request, fastify's hook runner names its closures: the patched helper redefines nothing
    const patched = make(NAME_HELPER_PATCHED);
    for (let i = 0; i < 3; i++) patched.__name(function next() {}, 'next');
    expect(patched.calls()).toBe(0);
    const original = make(NAME_HELPER);
    for (let i = 0; i < 3; i++) original.__name(function next() {}, 'next');
    expect(original.calls()).toBe(3);
  });
});

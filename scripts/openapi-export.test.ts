import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@coinlens/contracts/api/routes';
import { buildOpenApiDocument } from '../apps/server/src/platform/openapi';

const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI export', () => {
  it('documents every endpoint of the contracts with its method, parameters and responses', async () => {
    const doc = JSON.parse(JSON.stringify(await buildOpenApiDocument()));
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Coinlens API');
    for (const r of Object.values(ROUTES)) expect(doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    const detail = doc.paths['/api/crypto/{coin}/detail'].get;
    expect(detail.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:coin']);
    const ta = doc.paths['/api/crypto/{coin}/ta/{timeframe}'].get;
    expect(ta.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:coin', 'path:timeframe', 'query:refresh']);
    expect(Object.keys(detail.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(doc.paths['/api/users/profile/me'].get.security).toEqual([{ bearerAuth: [] }]);
  }, 60_000);

  it('npm run openapi writes the document to the file given with --out', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/openapi-export.ts', '--out', out], { stdio: 'pipe' });
    const doc = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(Object.keys(doc.paths)).toContain('/api/feeds/latest');
  }, 120_000);
});

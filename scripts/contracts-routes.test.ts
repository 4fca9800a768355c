import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@coinlens/contracts/api/endpoints';
import { ROUTES } from '@coinlens/contracts/api/routes';
import { renderRoutes, ROUTES_TS } from './contracts-routes';

describe('packages/contracts/src/api/routes.ts (generated from the endpoint descriptors)', () => {
  it('is up to date (run `npm run contracts:routes` when this fails)', () => {
    expect(fs.readFileSync(ROUTES_TS, 'utf8')).toBe(renderRoutes(ENDPOINTS));
  });

  it('renders one entry per descriptor, with its method and path, grouped by first tag', () => {
    const text = renderRoutes({
      getA: { method: 'GET', path: '/api/a/:coin', schema: { tags: ['market'] } },
      postB: { method: 'POST', path: '/api/b', schema: { tags: ['market'] } },
      getC: { method: 'GET', path: '/api/c', schema: { tags: ['news'] } },
    });
    expect(text).toContain("  // ---- market\n  getA: { method: 'GET', path: '/api/a/:coin' },\n  postB: { method: 'POST', path: '/api/b' },\n\n  // ---- news\n  getC: { method: 'GET', path: '/api/c' },\n");
  });

  it('holds no zod (the web imports it at run time)', () => {
    expect(fs.readFileSync(ROUTES_TS, 'utf8')).not.toMatch(/from 'zod'|\/endpoints'|\/endpoint'/);
    expect(Object.keys(ROUTES).length).toBe(Object.keys(ENDPOINTS).length);
  });
});

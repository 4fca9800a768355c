import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createQueryClient } from '../../../app/query-client';
import { initI18nForTests } from '../../../app/i18n-test-utils';
import { SourceDelays } from './SourceDelays';

initI18nForTests('en-US');
afterEach(() => vi.unstubAllGlobals());

function renderWith(result: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ result }), { headers: { 'content-type': 'application/json' } })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SourceDelays />
    </QueryClientProvider>,
  );
}

describe('delay per source', () => {
  it('shows median, p95 and n per source with the window', async () => {
    renderWith({ window_hours: 24, measured_at: '2026-01-01T00:00:00Z', sources: [{ source: 'CoinDesk', n: 120, seen_p50_s: 38, seen_p95_s: 52, processed_p50_s: 3, processed_p95_s: 6 }] });
    const row = await screen.findByTestId('source-delay');
    expect(row.textContent).toContain('CoinDesk');
    expect(row.textContent).toContain('Delay: median 38 s, p95 52 s, n = 120');
    expect(row.textContent).toContain('Then interpreted in: median 3 s, p95 6 s');
    expect(screen.getByTestId('source-delays').textContent).toContain('Last 24 h of live feeds');
  });
  it('says why there is nothing without live sources', async () => {
    renderWith({ window_hours: 24, measured_at: '2026-01-01T00:00:00Z', sources: [] });
    expect(await screen.findByText(/Delays are measured on live sources/)).toBeTruthy();
  });
});

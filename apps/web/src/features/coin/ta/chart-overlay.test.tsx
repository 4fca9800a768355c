import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../app/query-client';
import { useSignalOverlay } from './chart-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Probe() {
  useSignalOverlay('bitcoin', '1h', { support: 'Support', resistance: 'Resistance' }, 'BTC', 105_000);
  return null;
}

describe("the chart's signal overlay", () => {
  it("asks a visitor (no markers) for the levels only, not for the patterns' record of the markers' tooltips", async () => {
    // The pattern-stats answer (~18 KB) was requested on every coin page, though only a marker's
    // tooltip shows it, and visitors and free users get no markers.
    const fetchMock = vi.fn((_url: string | URL | Request) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const urls = () => fetchMock.mock.calls.map(([u]) => String(u));
    await waitFor(() => expect(urls().some((u) => u.includes('/api/crypto/bitcoin/ta/1h'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(urls().filter((u) => u.includes('pattern-stats'))).toEqual([]);
    expect(urls().filter((u) => u.includes('track'))).toEqual([]);
  });
});

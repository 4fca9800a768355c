import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../platform/clock';
import type { CoinRow } from '../market/market.repository';
import type { CalibrationRepository, DueForecast } from './calibration.repository';
import { CalibrationService, SCALE_CACHE_MS, SCALE_REFRESH_MS } from './calibration.service';

const HOUR = 3_600_000;
const T = Date.UTC(2025, 4, 16);

/** A service over a repository that counts the reads of the forecast log and resolves one due forecast per call. */
function service() {
  const reads = { cells: 0, resolved: 0 };
  let nextId = 1;
  const repo = {
    forecastCells: async () => {
      reads.cells++;
      return [];
    },
    dueForecasts: async (): Promise<DueForecast[]> => [{ id: nextId++, kind: 'touch', side: 'resistance', level_price: 100, candle_time: T - 3 * HOUR, horizon_candles: 2 }],
    resolveForecasts: async (out: unknown[]) => {
      reads.resolved += out.length;
    },
  } as unknown as CalibrationRepository;
  const openTime = Float64Array.from([T - 3 * HOUR, T - 2 * HOUR, T - HOUR]);
  const col = (v: number) => Float64Array.from([v, v, v]);
  const history = async () => ({ s: { openTime, open: col(99), high: col(101), low: col(98), close: col(99), volume: col(1) }, from: 0, to: 3 });
  const clock = { now: () => T } as unknown as Clock;
  const svc = new CalibrationService({ repo, clock, coinRows: () => [], history: history as never });
  return { svc, reads };
}

const coin = (i: number) => ({ id: i, symbol: `C${i}` }) as unknown as CoinRow;

afterEach(() => vi.useRealTimers());

describe('the calibrated verbal scales during a close', () => {
  it('are read from the log once, not once per pair, while a close resolves the forecasts of 400 pairs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T);
    const { svc, reads } = service();
    await svc.scales();
    expect(reads.cells).toBe(1);
    for (let i = 0; i < 400; i++) {
      await svc.resolveDue(coin(i), '1h');
      await svc.scales();
    }
    expect(reads.resolved).toBe(400);
    // on the code before, each resolution dropped the scales: 401 reads of the whole log
    expect(reads.cells).toBe(1);
    // forecasts were resolved: read again once SCALE_REFRESH_MS have passed since the last read
    vi.setSystemTime(T + SCALE_REFRESH_MS - 1);
    await svc.scales();
    expect(reads.cells).toBe(1);
    vi.setSystemTime(T + SCALE_REFRESH_MS);
    await svc.scales();
    expect(reads.cells).toBe(2);
  });

  it('without resolved forecasts are kept SCALE_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T);
    const { svc, reads } = service();
    await svc.scales();
    vi.setSystemTime(T + SCALE_CACHE_MS - 1);
    await svc.scales();
    expect(reads.cells).toBe(1);
    vi.setSystemTime(T + SCALE_CACHE_MS);
    await svc.scales();
    expect(reads.cells).toBe(2);
  });
});

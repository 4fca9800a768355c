import { describe, expect, it } from 'vitest';
import type { CandleClosedEvent, MarketSource } from '../../providers/market/types';
import type { SignalsPipeline } from './signals.pipeline';
import { SignalsJobs } from './signals.jobs';

describe('SignalsJobs', () => {
  it('at the hour, the queued 5m closes run before the queued 1h closes', async () => {
    let emit: (e: CandleClosedEvent) => void = () => undefined;
    const source = { onCandleClosed: (cb: (e: CandleClosedEvent) => void) => ((emit = cb), () => undefined) } as unknown as MarketSource;
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = new Promise<void>((r) => (release = r));
    const pipeline = {
      backfillAll: async () => ({ candles: 0, inserted: 0, scored: 0, ms: 0 }),
      onCandleClosed: async (symbol: string, tf: string) => {
        order.push(`${symbol}:${tf}`);
        if (order.length === 1) await first;
        return { inserted: 0, scored: 0 };
      },
    } as unknown as SignalsPipeline;
    const jobs = new SignalsJobs({ pipeline, source, concurrency: 1, foldQueuedCloses: true });
    await jobs.start(1, async () => true, { delayMs: 0 });
    await new Promise((r) => setTimeout(r, 20));
    const close = (symbol: string, timeframe: '5m' | '1h') => emit({ symbol, timeframe, candle: { time: 0, open: 1, high: 1, low: 1, close: 1, volume: 1 } });
    close('AAA', '1h'); // runs, and holds the one slot
    await new Promise((r) => setTimeout(r, 20));
    for (const s of ['BBB', 'CCC']) close(s, '1h');
    for (const s of ['BBB', 'CCC']) close(s, '5m');
    await new Promise((r) => setTimeout(r, 20));
    release();
    await jobs.idle();
    expect(order).toEqual(['AAA:1h', 'BBB:5m', 'CCC:5m', 'BBB:1h', 'CCC:1h']);
    await jobs.stop();
  });
});

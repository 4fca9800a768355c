import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GetBacktestResponse } from '@coinlens/contracts';
import { createTestApp, T0 } from '../../../test/harness';

// GET /api/signals/backtest: validated query (400 with fields), computed on the analysis thread from
// candles closed by the clock's now, cached by key, rate-limited as an expensive read.
let t: Awaited<ReturnType<typeof createTestApp>>;
const ip = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const get = (url: string, from = ip()) => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from } });

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['1h', '1d'], env: { RATE_LIMIT_READS_PER_MINUTE: '6' } });
}, 300_000);
afterAll(async () => t?.close());

describe('GET /api/signals/backtest', () => {
  it('answers per pattern with all / in-sample / out-of-sample figures from candles closed by now', async () => {
    const r = await get('/api/signals/backtest?coin=BTC&timeframe=1h&pattern=rsi_oversold&stop=atr&stop_value=2');
    expect(r.statusCode).toBe(200);
    const b = GetBacktestResponse.parse(r.json()).result;
    expect(b).toMatchObject({ coin: { symbol: 'BTC' }, timeframe: '1h', horizon: 168, fee_pct: 0.1, stop: { kind: 'atr', multiple: 2 } });
    expect(b.to! + 3_600_000).toBeLessThanOrEqual(T0);
    expect(b.patterns).toHaveLength(1);
    const p = b.patterns[0];
    expect(p).toMatchObject({ label: 'rsi_oversold', direction: 'bullish', name: { en: expect.any(String), zh: expect.any(String) } });
    expect(p.all.trades).toBe(p.in_sample.trades + p.out_of_sample.trades);
    expect(p.all.trades).toBeGreaterThan(0);
    expect(b.buy_hold_equity.length).toBeGreaterThan(10);
    expect(p.equity[0].equity).toBe(1);
    // the out-of-sample row carries its mean's interval, effective n and a Holm-corrected verdict
    expect(b.holm_family).toBe(3);
    const o = p.out_of_sample;
    if (o.trades >= 2) {
      expect(o.mean_ci_low_pct!).toBeLessThanOrEqual(o.mean_return_pct!);
      expect(o.mean_ci_high_pct!).toBeGreaterThanOrEqual(o.mean_return_pct!);
      expect(o.effective_n!).toBeGreaterThanOrEqual(1);
      expect(o.effective_n!).toBeLessThanOrEqual(o.trades);
      // the interval served beside the verdict is the Holm-corrected one: at least as wide, and it excludes 0 exactly when the verdict says so
      if (o.mean_ci_holm_low_pct !== null) {
        expect(o.mean_ci_holm_low_pct).toBeLessThanOrEqual(Math.max(-100, o.mean_ci_low_pct!));
        expect(o.mean_ci_holm_high_pct!).toBeGreaterThanOrEqual(o.mean_ci_high_pct!);
        expect(o.mean_ci_holm_low_pct > 0 || o.mean_ci_holm_high_pct! < 0).toBe(o.verdict !== 'none');
      }
    }
    expect(o.p_adjusted).toBeGreaterThanOrEqual(o.p_value);
    expect(['edge', 'worse', 'none']).toContain(o.verdict);
    expect(o.carried_over).toBeLessThanOrEqual(o.trades);
  });

  it('a short loses at most its stake: ETH 1d rsi_overbought stays at or above −100 %', async () => {
    const r = await get('/api/signals/backtest?coin=ETH&timeframe=1d&pattern=rsi_overbought');
    expect(r.statusCode).toBe(200);
    const p = GetBacktestResponse.parse(r.json()).result.patterns[0];
    for (const s of [p.all, p.in_sample, p.out_of_sample]) {
      expect(s.total_return_pct).toBeGreaterThanOrEqual(-100);
      expect(s.max_drawdown_pct).toBeLessThanOrEqual(100);
    }
    expect(Math.min(...p.equity.map((e) => e.equity))).toBeGreaterThanOrEqual(0);
  });

  it('every directional pattern over a period; the same request again comes from the cache', async () => {
    const url = '/api/signals/backtest?coin=ethereum&timeframe=1d&from=2024-03-01&to=2025-03-31';
    // the backtests the analysis thread is asked to run (the cache answers the second request without one)
    const analysis = (t.ctx.signalsPipeline as unknown as { analysis: { run: (job: { backtest?: unknown }) => Promise<unknown> } }).analysis;
    const runs = vi.spyOn(analysis, 'run');
    const backtestRuns = () => runs.mock.calls.filter(([job]) => job.backtest).length;
    const a = await get(url);
    expect(a.statusCode).toBe(200);
    expect(backtestRuns()).toBe(1);
    const b = a.json().result;
    expect(b.coin.symbol).toBe('ETH');
    expect(b.from).toBe(Date.parse('2024-03-01T00:00:00Z'));
    expect(b.to).toBe(Date.parse('2025-03-31T00:00:00Z'));
    expect(b.patterns.length).toBeGreaterThan(20);
    expect(b.patterns.every((p: { direction: string }) => p.direction !== 'neutral')).toBe(true);
    const again = await get(url);
    expect(again.json()).toEqual(a.json());
    expect(backtestRuns()).toBe(1);
    runs.mockRestore();
  });

  it('400 with the failing fields', async () => {
    const cases: [string, string][] = [
      ['timeframe=1h', 'coin'],
      ['coin=BTC&timeframe=4h', 'timeframe'],
      ['coin=BTC&timeframe=1h&from=2025-13-01', 'from'],
      ['coin=BTC&timeframe=1h&from=2025-06-01&to=2025-05-01', 'from'],
      ['coin=BTC&timeframe=1h&stop=trailing', 'stop'],
      ['coin=BTC&timeframe=1h&stop=pct&stop_value=-1', 'stop_value'],
      ['coin=BTC&timeframe=1h&horizon=0', 'horizon'],
      ['coin=BTC&timeframe=1h&fee=9', 'fee'],
      ['coin=BTC&timeframe=1h&pattern=Bad-Label', 'pattern'],
      ['coin=BTC&timeframe=1h&pattern=no_such_pattern', 'pattern'],
      ['coin=BTC&timeframe=1h&pattern=doji', 'pattern'],
    ];
    for (const [q, field] of cases) {
      const r = await get(`/api/signals/backtest?${q}`);
      expect(r.statusCode, q).toBe(400);
      const e = r.json().error;
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.fields.map((f: { path: string }) => f.path).join(' '), q).toContain(field);
    }
  });

  it('404 for an unknown coin, and no candles of the timeframe is not a 500', async () => {
    expect((await get('/api/signals/backtest?coin=NOPECOIN&timeframe=1h')).statusCode).toBe(404);
    const r = await get('/api/signals/backtest?coin=BTC&timeframe=5m');
    expect(r.statusCode).toBeLessThan(500);
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('is rate-limited per client as an expensive read', async () => {
    const me = ip();
    const codes: number[] = [];
    for (let k = 0; k < 8; k++) codes.push((await get('/api/signals/backtest?coin=BTC&timeframe=1d&pattern=golden_cross', me)).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

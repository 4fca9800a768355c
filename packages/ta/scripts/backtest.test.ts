import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../test/fixtures';
import { main, parseDate, parseStop } from './backtest';

vi.setConfig({ testTimeout: 120_000 });

function run(args: string[]) {
  let out = '';
  let err = '';
  const code = main(args, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('backtest CLI', () => {
  it('prints a table per pattern with all / in-sample / out-of-sample rows', () => {
    const r = run(['--coin', 'btc', '--timeframe', '1h', '--from', '2025-06-01', '--to', '2025-07-01', '--pattern', 'rsi_oversold,macd_death_cross']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Backtest BTC 1h: 2025-06-01 00:00 → 2025-07-01 23:00 UTC, 744 candles');
    expect(r.out).toMatch(/rsi_oversold \(long\)\s+all\s+\d+/);
    expect(r.out).toMatch(/macd_death_cross \(short\)/);
    expect(r.out.match(/out-of-sample/g)!.length).toBeGreaterThanOrEqual(2);
  });

  it('--json gives the result with equity curves', () => {
    const r = run(['--coin', 'ETH', '--timeframe', '1d', '--pattern', 'golden_cross', '--stop', 'pct:8', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ coin: 'ETH', timeframe: '1d', horizon: 30, fee_pct: 0.1, stop: { kind: 'pct', pct: 8 } });
    expect(j.patterns).toHaveLength(1);
    expect(j.patterns[0].equity[0].equity).toBe(1);
    expect(j.buy_hold_equity.length).toBeGreaterThan(10);
  });

  it('rejects bad arguments with exit code 1 and a message', () => {
    expect(run(['--timeframe', '1h']).err).toMatch(/--coin/);
    expect(run(['--coin', 'BTC', '--timeframe', '4h']).err).toMatch(/--timeframe/);
    expect(run(['--coin', 'BTC', '--timeframe', '1h', '--pattern', 'nope']).err).toMatch(/unknown --pattern/);
    expect(run(['--coin', 'BTC', '--timeframe', '1h', '--pattern', 'doji']).err).toMatch(/neutral/);
    expect(run(['--coin', 'BTC', '--timeframe', '1h', '--from', '2025-07-01', '--to', '2025-06-01']).code).toBe(1);
    expect(run(['--coin', 'NOPE', '--timeframe', '1h']).err).toMatch(/no 1h candles/);
    expect(() => parseStop('atr:x')).toThrow();
    expect(parseStop('atr:2.5')).toEqual({ kind: 'atr', multiple: 2.5 });
    expect(parseDate('2025-06-01', true)).toBe(Date.UTC(2025, 5, 2) - 1);
  });

  it('runs as `npm run -s backtest`', () => {
    const out = execFileSync('npm', ['run', '-s', 'backtest', '--', '--coin', 'BTC', '--timeframe', '1d', '--pattern', 'rsi_oversold'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(out).toMatch(/rsi_oversold \(long\)/);
  });
});

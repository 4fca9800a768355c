/**
 * backtest — trades every directional pattern of the signal catalogue on the shipped candles and
 * prints per pattern trades, win rate, mean return with its 95 % block-bootstrap interval and
 * effective n, profit factor, max drawdown, buy-and-hold and the Holm-corrected verdict, for the
 * whole period and its in-sample / out-of-sample parts (rules: src/signals/backtest.ts).
 *
 * Usage: npm run -s backtest -- --coin BTC --timeframe 1h [--from 2025-06-01] [--to 2025-07-01]
 *   [--pattern rsi_oversold[,macd_golden_cross]] [--horizon N] [--fee 0.1] [--stop atr:2 | pct:5]
 *   [--split 2025-06-20] [--data DIR] [--json]
 * Candles: `<DIR>/<COIN>USDT-<timeframe>.csv.gz` (default DIR: the repository's data/candles).
 * Dates are UTC (YYYY-MM-DD or ISO); `--to` includes the whole day when given as a date.
 * Exit code 1 with a message on bad arguments or missing data.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TaTimeframe } from '@coinlens/contracts';
import { runBacktest, type BacktestResult, type BacktestStats, type BacktestStop } from '../src/signals/backtest';
import { SIGNALS_BY_LABEL } from '../src/signals/catalogue';
import { computeSignalColumns } from '../src/signals/columns';
import { parseCandlesCsv } from '../src/types';
import { readCandleFile } from './ta-compute';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TIMEFRAMES: readonly TaTimeframe[] = ['5m', '1h', '1d'];
const DAY = 86_400_000;

/** Parses a UTC date (YYYY-MM-DD or ISO 8601) to ms; `endOfDay` moves a bare date to its last ms. */
export function parseDate(s: string, endOfDay = false): number {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(s);
  const t = Date.parse(bare ? `${s}T00:00:00Z` : s);
  if (!Number.isFinite(t)) throw new Error(`not a date: "${s}" (use YYYY-MM-DD)`);
  return bare && endOfDay ? t + DAY - 1 : t;
}

/** Parses `atr:2`, `pct:5` or `none`. */
export function parseStop(s: string): BacktestStop {
  if (s === 'none') return { kind: 'none' };
  const m = /^(atr|pct):(\d+(?:\.\d+)?)$/.exec(s);
  if (!m) throw new Error(`--stop must be atr:<multiple>, pct:<percent> or none (got "${s}")`);
  return m[1] === 'atr' ? { kind: 'atr', multiple: Number(m[2]) } : { kind: 'pct', pct: Number(m[2]) };
}

const pct = (v: number | null, d = 2) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${v.toFixed(d)}%`);
const num = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));

const VERDICT = { edge: 'edge', worse: 'worse', none: 'no measurable edge' } as const;

function row(label: string, part: string, s: BacktestStats): string[] {
  const ci = s.mean_ci_holm_low_pct === null || s.mean_ci_holm_high_pct === null ? '—' : `${pct(s.mean_ci_holm_low_pct)} to ${pct(s.mean_ci_holm_high_pct)}`;
  return [
    label, part, String(s.trades), s.win_rate === null ? '—' : `${(s.win_rate * 100).toFixed(1)}%`, pct(s.mean_return_pct), ci, num(s.effective_n, 1),
    pct(s.total_return_pct), num(s.profit_factor), `${s.max_drawdown_pct.toFixed(1)}%`, pct(s.buy_hold_return_pct), s.p_adjusted.toFixed(3), VERDICT[s.verdict],
  ];
}

/** Formats a result as a fixed-width text table (one block of three rows per pattern). */
export function formatTable(coin: string, r: BacktestResult): string {
  const iso = (t: number | null) => (t === null ? '—' : new Date(t).toISOString().slice(0, 16).replace('T', ' '));
  const stop = r.stop.kind === 'none' ? 'none' : r.stop.kind === 'atr' ? `${r.stop.multiple} × ATR(14)` : `${r.stop.pct} %`;
  const head = [
    `Backtest ${coin} ${r.timeframe}: ${iso(r.from)} → ${iso(r.to)} UTC, ${r.candles} candles; out of sample from ${iso(r.split)}`,
    `Entry next open after the signal candle, exit after ${r.horizon} candles or stop (${stop}); fees ${r.fee_pct} % a side; one position per pattern.`,
    `Buy-and-hold: all ${pct(r.buy_hold.all)}, in-sample ${pct(r.buy_hold.in_sample)}, out-of-sample ${pct(r.buy_hold.out_of_sample)}`,
    `A trade is counted in the part where it closes (${r.patterns.reduce((a, p) => a + p.out_of_sample.carried_over, 0)} signalled in sample closed out of sample); a short is liquidated when its loss reaches the stake (−100 %).`,
    `Mean CI (Holm): moving-block bootstrap standard error over the trades in time order (seeded), Student t at the Holm-corrected level over ${r.holm_family} tests (patterns × parts), so it excludes 0 exactly when the verdict is edge / worse; eff n = effective independent trades; p Holm-adjusted.`,
    '',
  ];
  const rows = [['pattern', 'part', 'trades', 'win', 'mean', 'mean CI (Holm)', 'eff n', 'total', 'PF', 'max DD', 'buy&hold', 'p (Holm)', 'verdict']];
  for (const p of r.patterns) {
    rows.push(row(`${p.label} (${p.direction === 'bullish' ? 'long' : 'short'})`, 'all', p.all));
    rows.push(row('', 'in-sample', p.in_sample));
    rows.push(row('', 'out-of-sample', p.out_of_sample));
  }
  const w = rows[0].map((_, k) => Math.max(...rows.map((x) => x[k].length)));
  const lines = rows.map((x) => x.map((c, k) => (k < 2 || k === x.length - 1 ? c.padEnd(w[k]) : c.padStart(w[k]))).join('  ').trimEnd());
  return [...head, ...lines, ''].join('\n');
}

/** Runs the CLI on `argv`; returns the exit code and writes to the given streams. */
export function main(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): number {
  try {
    const { values: v } = parseArgs({
      args: argv,
      options: {
        coin: { type: 'string' }, timeframe: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, pattern: { type: 'string' },
        horizon: { type: 'string' }, fee: { type: 'string' }, stop: { type: 'string' }, split: { type: 'string' }, data: { type: 'string' }, json: { type: 'boolean' },
      },
      strict: true,
    });
    if (!v.coin || !/^[A-Za-z0-9]{1,20}$/.test(v.coin)) throw new Error('--coin SYMBOL is required (e.g. BTC)');
    if (!TIMEFRAMES.includes(v.timeframe as TaTimeframe)) throw new Error(`--timeframe must be one of ${TIMEFRAMES.join(', ')}`);
    const tf = v.timeframe as TaTimeframe;
    const coin = v.coin.toUpperCase();
    const patterns = v.pattern ? v.pattern.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
    for (const p of patterns ?? []) if (!SIGNALS_BY_LABEL.has(p)) throw new Error(`unknown --pattern "${p}" (labels: docs/signals.md)`);
    const horizon = v.horizon === undefined ? undefined : Number(v.horizon);
    const feePct = v.fee === undefined ? undefined : Number(v.fee);
    if (horizon !== undefined && !(Number.isInteger(horizon) && horizon > 0)) throw new Error('--horizon must be a positive integer (candles)');
    if (feePct !== undefined && !(feePct >= 0 && feePct < 50)) throw new Error('--fee must be a percentage in [0, 50)');
    const from = v.from ? parseDate(v.from) : undefined;
    const to = v.to ? parseDate(v.to, true) : undefined;
    if (from !== undefined && to !== undefined && from > to) throw new Error('--from must not be after --to');
    const file = resolve(v.data ?? resolve(REPO_ROOT, 'data/candles'), `${coin}USDT-${tf}.csv.gz`);
    if (!existsSync(file)) throw new Error(`no ${tf} candles for ${coin} (${file})`);
    const x = computeSignalColumns(parseCandlesCsv(readCandleFile(file)));
    const r = runBacktest(x, { timeframe: tf, horizon, feePct, stop: v.stop ? parseStop(v.stop) : undefined, from, to, split: v.split ? parseDate(v.split) : undefined, patterns, curves: !!v.json });
    out(v.json ? `${JSON.stringify({ coin, ...r })}\n` : formatTable(coin, r));
    return 0;
  } catch (e) {
    err(`backtest: ${(e as Error).message}\n`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] && /backtest\.ts$/.test(process.argv[1]);
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));

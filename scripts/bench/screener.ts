/**
 * bench:screener — time to answer a screen over 400 coins, against a baseline in the same run.
 *
 * 1. Builds 400 coins' 1h analyses from the shipped series (data/candles/*-1h.csv.gz, fallback
 *    ../shared/data/binance-spot-klines): each shipped coin is analysed (`analyze` of @coinlens/ta,
 *    the function the server stores snapshots with, on the last 1,000 candles) at successive cuts
 *    of its series 37 candles apart (hit rates and edges measured on the history up to the cut) (copy k of a coin ends 37·k candles before the newest one),
 *    until there are 400 — real figures of real candles, as many distinct rows as a live market of
 *    400 pairs. Each copy is a coin of its own (`BTC~3`).
 * 2. Gives the rows to the real ScreenerService (apps/server/src/modules/screener/) through its
 *    dependencies (the analyses as the stored snapshots, the series as the stored candles), so the
 *    rows are built once, as the server builds them once per version of the analyses.
 * 3. Per screen (the page's presets on 1h and an OR screen), BENCH_SCREENER_RUNS (2,000) timed runs
 *    of `ScreenerService.run` (validation, evaluation over the 400 rows, sort, hits) plus
 *    `JSON.stringify` of `{result}` — what the endpoint does besides HTTP — alternated with the
 *    baseline: `JSON.stringify` of the same answer computed beforehand (a server that only sends
 *    stored bytes). Prints p50 / p99 of both, the ratio of the p99s and the target (screen p99 ≤ 50 ms).
 *
 * Wall-clock times (performance.now) on this process, single-threaded, and the CPU time of the
 * screen runs (process.cpuUsage: what a busy machine's other processes do not inflate); the load
 * average is printed.
 * HTTP is not included (bench:api measures the server's HTTP layer on its GET endpoints).
 *
 * Usage: npm run bench:screener
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { analyze, parseCandlesCsv, sliceCandles, type Candles } from '../../packages/ta/src/index';
import { Screen, SCREEN_PRESETS, type ScreenInput } from '../../packages/contracts/src/screener/screen';
import type { TaResult } from '../../packages/contracts/src/index';
import { ScreenerService } from '../../apps/server/src/modules/screener/screener.service';
import type { SeriesColumns } from '../../apps/server/src/providers/market/series';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = [resolve(ROOT, 'data/candles'), resolve(ROOT, '../shared/data/binance-spot-klines')];
const COINS = Number(process.env.BENCH_SCREENER_COINS ?? 400);
const RUNS = Number(process.env.BENCH_SCREENER_RUNS ?? 2000);
const STEP = 37;
const WINDOW = 1000;
const H = 3_600_000;

function candleDir(): string {
  for (const d of DIRS) if (existsSync(d) && readdirSync(d).some((f) => f.endsWith('-1h.csv.gz'))) return d;
  throw new Error(`no 1h candles found; looked in ${DIRS.join(', ')}`);
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const dir = candleDir();
const series = readdirSync(dir)
  .filter((f) => f.endsWith('-1h.csv.gz'))
  .sort()
  .map((f) => ({ symbol: f.replace(/USDT-1h\.csv\.gz$/, ''), c: parseCandlesCsv(gunzipSync(readFileSync(resolve(dir, f))).toString('utf8')) as Candles }));
console.log(`[bench:screener] ${series.length} shipped 1h series from ${dir}; building ${COINS} coins' analyses (cuts ${STEP} candles apart, ${WINDOW} candles each)…`);

type Coin = { id: number; slug: string; symbol: string; name: string; timeframes: string[] };
const coins: Coin[] = [];
const snaps: { coin_id: number; candle_time: number; result: TaResult }[] = [];
const seriesOf = new Map<string, SeriesColumns>();
const t0 = performance.now();
for (let k = 0; coins.length < COINS; k++) {
  let added = 0;
  for (const { symbol, c } of series) {
    if (coins.length >= COINS) break;
    const end = c.close.length - k * STEP;
    if (end - WINDOW < 0) continue;
    const cut = sliceCandles(c, end - WINDOW, end);
    const id = coins.length + 1;
    const sym = k ? `${symbol}~${k}` : symbol;
    coins.push({ id, slug: sym.toLowerCase(), symbol: sym, name: sym, timeframes: ['1h'] });
    // measured on the stored history up to the cut, as the server's analyses are
    const r = analyze(cut, { timeframe: '1h', symbol: sym, history: sliceCandles(c, 0, end) });
    // every copy is presented at one analysed candle time, as coins of one market are
    const shift = c.openTime[c.close.length - 1] - c.openTime[end - 1];
    const result = { ...r, current: { ...r.current, candle_open_time: r.current.candle_open_time + shift } };
    snaps.push({ coin_id: id, candle_time: result.current.candle_open_time, result });
    seriesOf.set(sym, { ...cut, openTime: cut.openTime.map((x) => x + shift), tfMs: H });
    added++;
  }
  if (!added) throw new Error(`the shipped series are too short for ${COINS} cuts`);
}
const now = Math.max(...snaps.map((s) => s.candle_time)) + H;
console.log(`[bench:screener] ${coins.length} analyses built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const service = new ScreenerService({
  repo: null as never,
  market: { coinRows: coins } as never,
  clock: { now: () => now } as never,
  snapshots: async (_tf, ids) => (ids ? snaps.filter((s) => ids.includes(s.coin_id)) : snaps),
  snapshotTimes: async () => snaps.map((s) => ({ coin_id: s.coin_id, candle_time: s.candle_time, computed_at: 0 })),
  history: async (symbol) => {
    const s = seriesOf.get(symbol)!;
    return { s, from: 0, to: s.openTime.length };
  },
  version: () => 'bench',
});
const rows = await service.rows('1h');

const screens: { name: string; screen: ScreenInput }[] = [
  ...SCREEN_PRESETS.map((p) => ({ name: p.key, screen: { ...p.screen, timeframe: '1h' as const } })),
  {
    name: 'or_rsi_or_support_or_volume',
    screen: {
      timeframe: '1h',
      match: 'any',
      conditions: [
        { type: 'value', field: 'rsi_14', op: 'lt', value: 35 },
        { type: 'group', match: 'all', conditions: [{ type: 'value', field: 'support_dist_pct', op: 'lte', value: 1 }, { type: 'trend', trends: ['uptrend', 'sideways'] }] },
        { type: 'value', field: 'volume_ratio', op: 'gte', value: 1.5 },
      ],
      sort: { field: 'change_pct', order: 'desc' },
      limit: 500,
    },
  },
];

console.log(`[bench:screener] ${rows.length} rows; ${RUNS} runs per screen, alternating with the baseline; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('');
console.log('| screen | hits | screen p50 ms | screen p99 ms | screen CPU p99 ms | baseline p50 ms | baseline p99 ms | p99 ratio | target p99 ≤ 50 ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
const all: number[] = [];
const allCpu: number[] = [];
for (const { name, screen } of screens) {
  const parsed = Screen.parse(screen);
  const stored = await service.run(parsed);
  const real: number[] = [];
  const base: number[] = [];
  const cpu: number[] = [];
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += JSON.stringify({ result: await service.run(parsed) }).length;
  for (let i = 0; i < RUNS; i++) {
    let a = performance.now();
    const u = process.cpuUsage();
    sink += JSON.stringify({ result: await service.run(parsed) }).length;
    real.push(performance.now() - a);
    const du = process.cpuUsage(u);
    cpu.push((du.user + du.system) / 1000);
    a = performance.now();
    sink += JSON.stringify({ result: stored }).length;
    base.push(performance.now() - a);
  }
  if (sink < 0) console.log(sink);
  all.push(...real);
  allCpu.push(...cpu);
  const p99 = percentile(real, 99);
  const b99 = percentile(base, 99);
  console.log(`| ${name} | ${stored.total} | ${percentile(real, 50).toFixed(3)} | ${p99.toFixed(3)} | ${percentile(cpu, 99).toFixed(3)} | ${percentile(base, 50).toFixed(3)} | ${b99.toFixed(3)} | ${(p99 / b99).toFixed(1)}× | ${p99 <= 50 ? 'met' : 'NOT met'} |`);
}
const p99 = percentile(all, 99);
console.log('');
console.log(`[bench:screener] every screen pooled: p50 ${percentile(all, 50).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms (CPU time p99 ${percentile(allCpu, 99).toFixed(3)} ms) over ${coins.length} coins — target p99 ≤ 50 ms ${p99 <= 50 ? 'met' : 'NOT met'}`);

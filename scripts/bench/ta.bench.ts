/**
 * bench:ta — speed of @coinlens/ta against TA-Lib C (node-talib, the test oracle) in the same run.
 *
 * 1. RSI(14), EMA(20), MACD(12,26,9), BBANDS(20,2,2) over 1,000,000 candles synthesised from real
 *    Binance candles (the real BTCUSDT-5m candle shapes replayed as a continuous multiplicative
 *    walk, tiled until 1M). Warm-up, then the median of several runs; ratio = ours / talib
 *    (target ≤ 2×). Two references: TA-Lib C itself (the static libraries node-talib compiled at
 *    install, driven by a small C harness compiled with `cc -O2` into a temp dir; skipped with a
 *    note when no C compiler is present) and the node-talib binding call (which also copies the JS
 *    input and builds JS output arrays, so it is much slower than the C kernel).
 * 2. Full analysis (all indicators, all signal detectors, levels, measured probabilities) of every
 *    coin in data/candles (fallback ../shared/data/binance-spot-klines) × 5m, 1h, 1d × the last
 *    1,000 candles: total ms (target < 200 ms), against a baseline single RSI(14) pass over the
 *    same inputs.
 *
 * All times are CPU time of the measuring process (user + system), not wall time, so that a
 * busy shared machine does not distort the comparison; the load average is printed alongside.
 *
 * Usage: npm run bench:ta [-- --runs 7]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { SIGNAL_CATALOGUE, analyze, bbands, ema, macd, parseCandlesCsv, rsi, sliceCandles, type Candles } from '../../packages/ta/src/index';
import { TA_TIMEFRAMES, type TaTimeframe } from '../../packages/contracts/src/index';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = [resolve(ROOT, 'data/candles'), resolve(ROOT, '../shared/data/binance-spot-klines')];
const talib: { execute(p: Record<string, unknown>): { nbElement: number; result: Record<string, number[]> } } = createRequire(import.meta.url)('talib');

const argRuns = process.argv.indexOf('--runs');
const RUNS = argRuns > 0 ? Number(process.argv[argRuns + 1]) : 7;

function candleDir(): string {
  for (const d of DIRS) if (existsSync(d) && readdirSync(d).some((f) => f.endsWith('.csv.gz'))) return d;
  throw new Error(`no candle directory found; looked in ${DIRS.join(', ')}`);
}

function load(dir: string, name: string): Candles | null {
  const p = resolve(dir, `${name}.csv.gz`);
  return existsSync(p) ? parseCandlesCsv(gunzipSync(readFileSync(p)).toString('utf8')) : null;
}

/** 1M synthetic candles: real candle shapes (relative to the previous close) replayed as a walk. */
function synthesise(src: Candles, n: number): Candles {
  const m = src.close.length;
  const out: Candles = {
    openTime: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n),
    low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n),
  };
  let prev = src.close[0];
  for (let i = 0; i < n; i++) {
    const k = 1 + (i % (m - 1));
    const base = src.close[k - 1];
    const f = prev / base;
    out.openTime[i] = i * 300_000;
    out.open[i] = src.open[k] * f;
    out.high[i] = src.high[k] * f;
    out.low[i] = src.low[k] * f;
    out.close[i] = src.close[k] * f;
    out.volume[i] = src.volume[k];
    prev = out.close[i];
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** CPU time (user + system, all threads of this process) in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Median CPU ms of `runs` calls after a warm-up of ≥ 5 calls and ≥ 300 ms (lets the JIT finish
 * tiering up). CPU time rather than wall time, so other processes on a shared machine do not
 * distort the ratios (the C harness measures CPU time too).
 */
function time(fn: () => unknown, runs = RUNS): number {
  const warmStart = performance.now();
  for (let w = 0; w < 5 || performance.now() - warmStart < 300; w++) fn();
  const ts: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = cpuMs();
    fn();
    ts.push(cpuMs() - t0);
  }
  return median(ts);
}

const dir = candleDir();
const seed = load(dir, 'BTCUSDT-5m') ?? load(dir, 'BTCUSDT-1h');
if (!seed) throw new Error(`BTCUSDT candles missing in ${dir}`);
const N = 1_000_000;
const big = synthesise(seed, N);
const closeArr = Array.from(big.close);
const call = (name: string, opts: Record<string, number>) => () => talib.execute({ name, startIdx: 0, endIdx: N - 1, inReal: closeArr, ...opts });

type Row = { name: string; ours: number; oursInto: number; talib: number };
const o1 = new Float64Array(N);
const o2 = new Float64Array(N);
const o3 = new Float64Array(N);
const spec: [string, () => unknown, () => unknown, string, Record<string, number>][] = [
  ['RSI(14)', () => rsi(big.close, 14), () => rsi(big.close, 14, o1), 'RSI', { optInTimePeriod: 14 }],
  ['EMA(20)', () => ema(big.close, 20), () => ema(big.close, 20, o1), 'EMA', { optInTimePeriod: 20 }],
  ['MACD(12,26,9)', () => macd(big.close, 12, 26, 9), () => macd(big.close, 12, 26, 9, { macd: o1, signal: o2, hist: o3 }), 'MACD', { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }],
  ['BBANDS(20,2,2)', () => bbands(big.close, 20, 2, 2), () => bbands(big.close, 20, 2, 2, { upper: o1, middle: o2, lower: o3 }), 'BBANDS', { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 }],
];
const rows: Row[] = spec.map(([name, ours, oursInto, fn, opts]) => ({
  name,
  ours: time(ours),
  oursInto: time(oursInto),
  talib: time(call(fn, opts)),
}));

// ---- TA-Lib C itself: the static libraries node-talib built at install, driven by a tiny C harness ----
const C_HARNESS = `#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "ta_libc.h"
static double now_ms(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static int cmp(const void*a,const void*b){double x=*(const double*)a,y=*(const double*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){
  if(argc<3) return 1;
  FILE*f=fopen(argv[1],"rb"); int runs=atoi(argv[2]); if(!f||runs<1||runs>64) return 1;
  fseek(f,0,SEEK_END); long n=ftell(f)/8; fseek(f,0,SEEK_SET);
  double*in=malloc(n*8); if(fread(in,8,n,f)!=(size_t)n) return 2; fclose(f);
  double*o1=malloc(n*8),*o2=malloc(n*8),*o3=malloc(n*8); int b,e; double ts[64];
  TA_Initialize();
  for(int k=0;k<4;k++){
    for(int r=-2;r<runs;r++){ double t0=now_ms();
      if(k==0) TA_RSI(0,n-1,in,14,&b,&e,o1);
      if(k==1) TA_EMA(0,n-1,in,20,&b,&e,o1);
      if(k==2) TA_MACD(0,n-1,in,12,26,9,&b,&e,o1,o2,o3);
      if(k==3) TA_BBANDS(0,n-1,in,20,2.0,2.0,TA_MAType_SMA,&b,&e,o1,o2,o3);
      double dt=now_ms()-t0; if(r>=0) ts[r]=dt; }
    qsort(ts,runs,8,cmp); printf("%f\\n",ts[runs/2]);
  }
  return 0;
}
`;

/** Median ms of TA-Lib C per indicator (same order as `spec`), or null with the reason. */
function timeTaLibC(): { ms: number[] } | { error: string } {
  const lib = resolve(ROOT, 'node_modules/talib/src/lib');
  if (!existsSync(resolve(lib, 'lib/libta_func_csr.a'))) return { error: 'node-talib static libraries not found' };
  const dirTmp = mkdtempSync(join(tmpdir(), 'ta-bench-'));
  try {
    writeFileSync(join(dirTmp, 'h.c'), C_HARNESS);
    writeFileSync(join(dirTmp, 'in.bin'), new Uint8Array(big.close.buffer, big.close.byteOffset, big.close.byteLength));
    execFileSync('cc', ['-O2', '-o', join(dirTmp, 'h'), join(dirTmp, 'h.c'), `-I${lib}/include`, `-L${lib}/lib`, '-lta_func_csr', '-lta_common_csr', '-lm'], { stdio: 'pipe' });
    const out = execFileSync(join(dirTmp, 'h'), [join(dirTmp, 'in.bin'), String(RUNS)], { encoding: 'utf8' });
    return { ms: out.trim().split('\n').map(Number) };
  } catch (e) {
    return { error: `C harness unavailable (${(e as Error).message.split('\n')[0]})` };
  } finally {
    rmSync(dirTmp, { recursive: true, force: true });
  }
}
const cTimes = timeTaLibC();

console.log(`\nIndicators over ${N.toLocaleString('en-US')} candles (CPU time, median of ${RUNS} runs after warm-up; source ${dir}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs)\n`);
console.log('TA-Lib C = the C library itself (node-talib\'s static build, -O2 harness, preallocated outputs);');
console.log('ours (buffers) = our function writing into caller-provided outputs, like the C harness; ours (new) allocates;');
console.log('node-talib = the npm binding call, which also copies the JS input and builds JS output arrays.\n');
console.log('| indicator | ours (buffers) ms | ours (new) ms | TA-Lib C ms | ours (buffers)/C | ours (new)/C | node-talib ms | ours (new)/node-talib | target ≤ 2× |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
rows.forEach((r, k) => {
  const c = 'ms' in cTimes ? cTimes.ms[k] : NaN;
  const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) + '×' : 'n/a');
  const rc = r.oursInto / c;
  const verdict = Number.isFinite(rc) ? (rc <= 2 ? 'ok' : 'MISSED') : 'n/a';
  console.log(`| ${r.name} | ${r.oursInto.toFixed(2)} | ${r.ours.toFixed(2)} | ${Number.isFinite(c) ? c.toFixed(2) : 'n/a'} | ${fmt(rc)} | ${fmt(r.ours / c)} | ${r.talib.toFixed(2)} | ${(r.ours / r.talib).toFixed(2)}× | ${verdict} |`);
});
if ('error' in cTimes) console.log(`\n(TA-Lib C column unavailable: ${cTimes.error})`);

// ---- full analysis ----
const TFS: readonly TaTimeframe[] = TA_TIMEFRAMES;
const coins = [...new Set(readdirSync(dir).filter((f) => f.endsWith('.csv.gz')).map((f) => f.split('-')[0]))].sort();
const inputs: { symbol: string; tf: TaTimeframe; c: Candles }[] = [];
for (const coin of coins) {
  for (const tf of TFS) {
    const c = load(dir, `${coin}-${tf}`);
    if (!c) continue;
    const n = c.close.length;
    inputs.push({ symbol: coin.replace(/USDT$/, ''), tf, c: sliceCandles(c, Math.max(0, n - 1000), n) });
  }
}
const full = time(() => {
  for (const x of inputs) analyze(x.c, { timeframe: x.tf, symbol: x.symbol });
});
const baseline = time(() => {
  for (const x of inputs) rsi(x.c.close, 14);
});
console.log(`\nFull analysis: ${inputs.length} series (${coins.length} coins × ${TFS.join('/')} where present) × ≤1,000 candles\n`);
console.log('| pass | total CPU ms | per series ms | vs baseline |');
console.log('| --- | ---: | ---: | ---: |');
console.log(`| baseline: RSI(14) only | ${baseline.toFixed(2)} | ${(baseline / inputs.length).toFixed(3)} | 1× |`);
console.log(`| analyze() (all indicators, ${SIGNAL_CATALOGUE.length} detectors, levels, probabilities) | ${full.toFixed(2)} | ${(full / inputs.length).toFixed(3)} | ${(full / baseline).toFixed(0)}× |`);
console.log(`\nTarget < 200 ms total: ${full < 200 ? 'ok' : 'MISSED'}\n`);

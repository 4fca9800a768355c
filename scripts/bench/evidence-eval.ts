/**
 * The whole evidence evaluation of bench:evidence, runnable on its own:
 * for every shipped coin × timeframe (5m, 1h, 1d) over the whole shipped history — parse the
 * candles, compute the signal columns once, run every detector of the catalogue once over all
 * candles (one pass per detector, typed arrays), score every signal at its horizon (hit rate per
 * pattern, docs/signals.md) and backtest every directional pattern (packages/ta backtest rules,
 * from the same detections).
 *
 * Usage: npx tsx scripts/bench/evidence-eval.ts [DIR]   (DIR default: data/candles)
 * Prints one JSON line: { files, candles, signals, scored, hits, trades, ms: { total, parse, columns, detect, score, backtest } }.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaTimeframe } from '@coinlens/contracts';
import {
  BACKTEST_FEE_PCT, computeSignalColumns, detectFires, parseCandlesCsv, scoreSignal, SIGNAL_CATALOGUE, SIGNAL_HORIZON_CANDLES, simulateTrades, tradeStats,
} from '@coinlens/ta';
import { readCandleFile } from '../../packages/ta/scripts/ta-compute';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEFRAMES: readonly TaTimeframe[] = ['5m', '1h', '1d'];

/** Totals and phase times (ms) of one evaluation. */
export interface EvidenceTotals {
  files: number;
  candles: number;
  signals: number;
  /** Signals whose horizon ended inside the data, and how many of them were hits. */
  scored: number;
  hits: number;
  trades: number;
  ms: { total: number; parse: number; columns: number; detect: number; score: number; backtest: number };
}

/** Runs the evaluation over the candle files `<SYMBOL>USDT-<tf>.csv.gz` of `dir`. */
export function evaluateAll(dir: string): EvidenceTotals {
  const files = readdirSync(dir).filter((f) => TIMEFRAMES.some((tf) => f.endsWith(`USDT-${tf}.csv.gz`))).sort();
  const ms = { total: 0, parse: 0, columns: 0, detect: 0, score: 0, backtest: 0 };
  let candles = 0;
  let signals = 0;
  let trades = 0;
  let scored = 0;
  let hitsAll = 0;
  const t0 = performance.now();
  for (const f of files) {
    const tf = f.slice(f.lastIndexOf('-') + 1, -'.csv.gz'.length) as TaTimeframe;
    const horizon = SIGNAL_HORIZON_CANDLES[tf];
    let t = performance.now();
    const c = parseCandlesCsv(readCandleFile(join(dir, f)));
    ms.parse += performance.now() - t;
    t = performance.now();
    const x = computeSignalColumns(c);
    ms.columns += performance.now() - t;
    candles += x.n;
    t = performance.now();
    const fires = detectFires(x, SIGNAL_CATALOGUE, 0, x.n - 1);
    ms.detect += performance.now() - t;
    t = performance.now();
    for (let k = 0; k < fires.length; k++) {
      const d = SIGNAL_CATALOGUE[k];
      let hits = 0;
      let n = 0;
      for (const i of fires[k]) {
        if (i + horizon >= x.n) break;
        n++;
        if (scoreSignal(d.direction, x.close[i], x.close[i + horizon]).hit) hits++;
      }
      signals += fires[k].length;
      scored += n;
      hitsAll += hits;
    }
    ms.score += performance.now() - t;
    t = performance.now();
    for (let k = 0; k < fires.length; k++) {
      const d = SIGNAL_CATALOGUE[k];
      if (d.direction === 'neutral') continue;
      const split = Math.floor(x.n * 0.7);
      const r = simulateTrades(x, fires[k], d.direction, { horizon, feePct: BACKTEST_FEE_PCT, stop: { kind: 'none' }, last: x.n - 1 });
      const ret = r.trades.map((tr) => tr.return_pct);
      tradeStats(ret, r.skipped, null);
      tradeStats(r.trades.filter((tr) => tr.signal_time < x.openTime[split]).map((tr) => tr.return_pct), 0, null);
      tradeStats(r.trades.filter((tr) => tr.signal_time >= x.openTime[split]).map((tr) => tr.return_pct), 0, null);
      trades += r.trades.length;
    }
    ms.backtest += performance.now() - t;
  }
  ms.total = performance.now() - t0;
  return { files: files.length, candles, signals, scored, hits: hitsAll, trades, ms };
}

const invokedDirectly = process.argv[1] && /evidence-eval\.ts$/.test(process.argv[1]);
if (invokedDirectly) process.stdout.write(`${JSON.stringify(evaluateAll(resolve(process.argv[2] ?? join(ROOT, 'data/candles'))))}\n`);

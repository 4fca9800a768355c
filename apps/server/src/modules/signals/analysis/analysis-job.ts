import type { TaResult, TaTimeframe } from '@coinlens/contracts';
import { analyzeColumns, computeSignalColumns, detectSignalsAt, MIN_ANALYZE_CANDLES, runBacktest, type BacktestOptions, type BacktestResult, type Candles, type SignalColumns } from '@coinlens/ta';

/**
 * One unit of CPU-heavy technical analysis, run off the request thread (see analysis-thread.ts):
 * indicator columns of the latest closed candles and of the stored history, the signal detectors
 * over a range of candles, and the analysis (`ta_result`) of the last candle.
 */
export interface AnalysisJob {
  symbol: string;
  timeframe: TaTimeframe;
  /** The latest closed candles (oldest first); the analysed candle is the last one. */
  latest: Candles;
  /** Stored history cut at the same candle, on which hit rates and level probabilities are measured; null = measure on `latest`. */
  history: Candles | null;
  /** Runs the detectors on the candles of `on` whose open time (ms) is in (after, upTo]. */
  detect?: { on: 'latest' | 'history'; after: number; upTo: number };
  /** Instead of the analysis: the backtest of `latest` (the whole series to trade on) with these options. */
  backtest?: BacktestOptions;
}

/** A detector that fired on a candle: open time (ms), close (USDT), catalogue label and direction. */
export interface DetectedSignal {
  openTime: number;
  close: number;
  label: string;
  direction: string;
}

/** Result of an {@link AnalysisJob}: the analysis (null with fewer than MIN_ANALYZE_CANDLES candles) and the detected signals, oldest first. */
export interface AnalysisOutput {
  result: TaResult | null;
  detected: DetectedSignal[];
  /** The backtest, when the job asked for one. */
  backtest?: BacktestResult;
  /** `threadId` of the thread that computed it (node:worker_threads; 0 is the main thread). */
  threadId?: number;
}

const enough = (c: Candles | null): c is Candles => !!c && c.close.length >= MIN_ANALYZE_CANDLES;

/** Detectors over candles of `x` with open time in (after, upTo]. */
function detectRange(x: SignalColumns, after: number, upTo: number): DetectedSignal[] {
  const out: DetectedSignal[] = [];
  for (let i = 0; i < x.n; i++) {
    const t = x.openTime[i];
    if (t <= after) continue;
    if (t > upTo) break;
    for (const d of detectSignalsAt(x, i)) out.push({ openTime: t, close: x.close[i], label: d.label, direction: d.direction });
  }
  return out;
}

/** Runs a job synchronously (pure: no I/O, no clock). Used by the analysis thread, and inline by tests. */
export function runAnalysisJob(job: AnalysisJob): AnalysisOutput {
  if (job.backtest) return { result: null, detected: [], backtest: runBacktest(computeSignalColumns(job.latest), job.backtest) };
  const x = enough(job.latest) ? computeSignalColumns(job.latest) : null;
  const h = enough(job.history) ? computeSignalColumns(job.history) : x;
  const on = job.detect?.on === 'history' ? h : x;
  const detected = job.detect && on ? detectRange(on, job.detect.after, job.detect.upTo) : [];
  const result = x ? analyzeColumns(x, h ?? x, x.n - 1, { timeframe: job.timeframe, symbol: job.symbol }) : null;
  return { result, detected };
}

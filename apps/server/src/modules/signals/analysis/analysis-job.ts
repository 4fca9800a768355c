import type { TaLevel, TaResult, TaTimeframe } from '@coinlens/contracts';
import {
  analyzeColumns, classifyCandle, computeSignalColumns, detectSignalsAt, MIN_ANALYZE_CANDLES, runBacktest, sliceSignalColumns,
  type BacktestOptions, type BacktestResult, type Candles, type SignalColumns,
} from '@coinlens/ta';

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
  /**
   * Instead of the analysis: what the built-in strategy rules need (see {@link PlanInput}) at every
   * candle of `latest` from index `fromIndex` whose open time is in (after, upTo], each computed on
   * the candles up to that one only (expanding window).
   */
  plans?: { after: number; upTo: number; fromIndex: number };
}

/**
 * The inputs of the built-in strategy rules (apps/server/src/modules/ai/strategy.ts) at one candle,
 * as analyze() classifies them there (classifyCandle of @coinlens/ta, the same function): trend, direction (fired signals + trend), support and
 * resistance levels (nearest first), close and ATR14 (USDT; null while undefined).
 */
export interface PlanInput {
  openTime: number;
  close: number;
  atr: number | null;
  trend: TaResult['market']['trend'];
  direction: TaResult['market']['direction'];
  support: TaLevel[];
  resistance: TaLevel[];
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
  /** The plan inputs, when the job asked for them (oldest first). */
  planInputs?: PlanInput[];
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

/** Plan inputs at the candles of `x` from `fromIndex` with open time in (after, upTo]; each on the columns cut after its candle. */
export function planInputsOf(x: SignalColumns, after: number, upTo: number, fromIndex: number): PlanInput[] {
  const out: PlanInput[] = [];
  for (let i = Math.max(0, fromIndex); i < x.n; i++) {
    const t = x.openTime[i];
    if (t <= after) continue;
    if (t > upTo) break;
    const c = sliceSignalColumns(x, i + 1);
    const { trend, verdict, resistance, support, atr } = classifyCandle(c, i);
    out.push({ openTime: t, close: c.close[i], atr: atr > 0 ? atr : null, trend, direction: verdict.direction, support, resistance });
  }
  return out;
}

/** Runs a job synchronously (pure: no I/O, no clock). Used by the analysis thread, and inline by tests. */
export function runAnalysisJob(job: AnalysisJob): AnalysisOutput {
  if (job.plans) return { result: null, detected: [], planInputs: enough(job.latest) ? planInputsOf(computeSignalColumns(job.latest), job.plans.after, job.plans.upTo, job.plans.fromIndex) : [] };
  if (job.backtest) return { result: null, detected: [], backtest: runBacktest(computeSignalColumns(job.latest), job.backtest) };
  const x = enough(job.latest) ? computeSignalColumns(job.latest) : null;
  const h = enough(job.history) ? computeSignalColumns(job.history) : x;
  const on = job.detect?.on === 'history' ? h : x;
  const detected = job.detect && on ? detectRange(on, job.detect.after, job.detect.upTo) : [];
  const result = x ? analyzeColumns(x, h ?? x, x.n - 1, { timeframe: job.timeframe, symbol: job.symbol }) : null;
  return { result, detected };
}

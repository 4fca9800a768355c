import type { TaResult, TaTimeframe } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import { MIN_ANALYZE_CANDLES, SIGNAL_WARMUP, scoreSignal, SIGNAL_HORIZON_CANDLES, sliceCandles, type BacktestOptions, type BacktestResult, type Candles } from '@coinlens/ta';
import { ReadModels } from '../../platform/read-models';
import type { EventBus } from '../../platform/events';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import { lastIndexAtOrBefore, seriesOf, type SeriesColumns } from '../../providers/market/series';
import type { CoinRow } from '../market/market.repository';
import type { MarketService } from '../market/market.service';
import type { NewSignal, SignalOutcome, SignalsRepository } from './signals.repository';
import type { SignalsEvents } from './signals.events';
import { isTaTimeframe } from '@coinlens/contracts';
import { AnalysisPool, type AnalysisRunner } from './analysis/analysis-thread';
import type { AnalysisJob, DetectedSignal, PlanInput } from './analysis/analysis-job';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Window of the accuracy figures and the backfill (the accuracy figures cover the last 7 days). */
export const ACCURACY_WINDOW_MS = 7 * DAY;
/** Candles the analysis runs on (the latest closed ones). */
export const ANALYSIS_CANDLES = 1000;
/** Longest history (candles) on which hit rates and level probabilities are measured. */
export const HISTORY_MAX_CANDLES = 8_000;

/** Backtest results kept per pipeline (least recently used dropped first). */
export const BACKTEST_CACHE_SIZE = 32;

/** Dependencies of {@link SignalsPipeline} (the reads and the jobs use the pipeline). */
export interface SignalsDeps {
  repo: SignalsRepository;
  market: MarketService;
  source: MarketSource;
  clock: Clock;
  /** Where the read side stores its results (one of this process when absent). */
  readModels?: ReadModels;
  log?: (msg: string) => void;
  /** Where the technical analysis runs; default worker threads ({@link AnalysisPool}). */
  analysis?: AnalysisRunner;
  /**
   * The process' one cache of stored series (`CandleStore.load` of the market module; `fresh`
   * re-reads the database): the pipeline keeps no copy of its own.
   */
  loadSeries: (symbol: string, tf: TaTimeframe, fresh: boolean) => Promise<SeriesColumns>;
  /**
   * Where `signals.analysisStored` is emitted after each analysis of a closed candle is stored
   * (awaited; a failing reaction is the bus's to report, never fails the pipeline). None: no events.
   */
  events?: EventBus<SignalsEvents>;
}

/**
 * The signals pipeline (write side): stored candle series, technical analysis
 * on the analysis thread, TA snapshots, signal logging and scoring, and the start-up backfill.
 * Everything is computed from candles that closed at or before the clock's now. Each write moves
 * the `signals` read models on. Driven by {@link SignalsJobs} in worker processes; the reads use
 * it for a snapshot that is missing or asked to be recomputed.
 */
export class SignalsPipeline {
  private readonly analysis: AnalysisRunner;
  /** Open time of the last candle whose signals were logged, per `symbol:timeframe`. */
  private readonly lastProcessed = new Map<string, number>();
  private readonly log: (msg: string) => void;
  private readonly readModels: ReadModels;

  constructor(private readonly deps: SignalsDeps) {
    this.log = deps.log ?? (() => undefined);
    this.readModels = deps.readModels ?? ReadModels.local();
    this.analysis = deps.analysis ?? new AnalysisPool();
  }

  private async notify(row: CoinRow, tf: TaTimeframe, result: TaResult | null, origin: 'live' | 'backfill', stopped: () => boolean = () => false): Promise<void> {
    await this.deps.events?.emit('signals.analysisStored', { row, tf, result, origin, stopped });
  }

  /** Marks the read side stale in every process after a write of snapshots, signals or outcomes. */
  private async changed(): Promise<void> {
    await this.readModels.invalidate('signals').catch((e) => this.log(`read models: ${e instanceof Error ? e.message : String(e)}`));
  }

  // ---- candles ------------------------------------------------------------------------------------

  private loadSeries(symbol: string, tf: TaTimeframe, fresh = false): Promise<SeriesColumns> {
    return this.deps.loadSeries(symbol, tf, fresh);
  }

  /**
   * Stored candles of (symbol, tf) that closed at or before `until` (never after the clock's now),
   * the latest `maxCandles` (default HISTORY_MAX_CANDLES) of them. The stored series includes the replay's future, so it
   * is always cut here. A live source appends candles: a stale cache is reloaded once.
   */
  async historyUntil(symbol: string, tf: TaTimeframe, until: number, maxCandles = HISTORY_MAX_CANDLES): Promise<{ s: SeriesColumns; from: number; to: number }> {
    const cut = Math.min(until, this.deps.clock.now());
    const tfMs = TIMEFRAME_MS[tf];
    // a live source fetches a series on its first use (and stores it) before it can be read back
    await this.deps.source.prepare?.(symbol, tf, 'background');
    let s = await this.loadSeries(symbol, tf);
    if (this.deps.source.name !== 'replay' && (s.openTime.length === 0 || s.openTime[s.openTime.length - 1] + tfMs < cut - tfMs)) s = await this.loadSeries(symbol, tf, true);
    const last = lastIndexAtOrBefore(s.openTime, cut - tfMs);
    return { s, from: Math.max(0, last - maxCandles + 1), to: last + 1 };
  }

  /** The latest ANALYSIS_CANDLES closed candles from the market source, as columns. */
  private async latestCandles(symbol: string, tf: TaTimeframe): Promise<Candles> {
    const src = this.deps.source;
    return (await src.getCandleColumns?.(symbol, tf, { limit: ANALYSIS_CANDLES })) ?? seriesOf(await src.getCandles(symbol, tf, { limit: ANALYSIS_CANDLES }), TIMEFRAME_MS[tf]);
  }

  // ---- analysis -----------------------------------------------------------------------------------

  /**
   * Candles of the stored history of (symbol, tf) that closed at or before `until` (≤ now), the
   * latest HISTORY_MAX_CANDLES; they only serve measurements (hit rates, level probabilities).
   * Null when too short.
   */
  async historyCandles(symbol: string, tf: TaTimeframe, until: number): Promise<Candles | null> {
    const { s, from, to } = await this.historyUntil(symbol, tf, until);
    return to - from < MIN_ANALYZE_CANDLES ? null : sliceCandles(s, from, to);
  }

  /**
   * Analyses (row, tf) at the last closed candle: `analyze` of @coinlens/ta on the latest
   * ANALYSIS_CANDLES closed candles, measuring on the stored history cut at the same candle, on
   * the analysis thread. Returns null when there are too few candles.
   */
  async analyzeNow(row: CoinRow, tf: TaTimeframe): Promise<TaResult | null> {
    const latest = await this.latestCandles(row.symbol, tf);
    const n = latest.close.length;
    if (n < MIN_ANALYZE_CANDLES) return null;
    const history = await this.historyCandles(row.symbol, tf, latest.openTime[n - 1] + TIMEFRAME_MS[tf]);
    return (await this.analysis.run({ symbol: row.symbol, timeframe: tf, latest, history })).result;
  }

  /** Backtests by key (coin, timeframe, options, last candle), newest last; BACKTEST_CACHE_SIZE at most. */
  private readonly backtests = new Map<string, Promise<BacktestResult | null>>();

  /**
   * Backtest (packages/ta runBacktest) of (row, tf) on the whole stored series of candles closed by
   * the clock's now, on the analysis thread. Cached by coin, timeframe, options and last candle
   * (a new candle gives a new key); concurrent equal requests share one run. Null without candles.
   */
  backtest(row: CoinRow, tf: TaTimeframe, opts: Omit<BacktestOptions, 'timeframe' | 'curves'>): Promise<BacktestResult | null> {
    return this.historyUntil(row.symbol, tf, this.deps.clock.now()).then(({ s, to }) => {
      if (to < 1) return null;
      const key = JSON.stringify([row.symbol, tf, s.openTime[to - 1], opts]);
      let p = this.backtests.get(key);
      if (p) {
        this.backtests.delete(key);
        this.backtests.set(key, p);
        return p;
      }
      p = this.analysis.run({ symbol: row.symbol, timeframe: tf, latest: sliceCandles(s, 0, to), history: null, backtest: { ...opts, timeframe: tf } }).then((o) => o.backtest ?? null);
      p.catch(() => this.backtests.delete(key));
      this.backtests.set(key, p);
      while (this.backtests.size > BACKTEST_CACHE_SIZE) this.backtests.delete(this.backtests.keys().next().value!);
      return p;
    });
  }

  /**
   * Inputs of the built-in strategy rules (PlanInput: trend, direction, levels, close, ATR) at every
   * stored candle of (row, tf) that closed at or before the clock's now, with open time after
   * `after` and index ≥ `fromIndex` in the stored history, each computed only on the candles up to
   * it; on the analysis thread. Empty without enough candles.
   */
  async planInputs(row: CoinRow, tf: TaTimeframe, after: number, fromIndex: number): Promise<PlanInput[]> {
    const { s, from, to } = await this.historyUntil(row.symbol, tf, this.deps.clock.now());
    if (to - from < MIN_ANALYZE_CANDLES || s.openTime[to - 1] <= after) return [];
    const out = await this.analysis.run({ symbol: row.symbol, timeframe: tf, latest: sliceCandles(s, from, to), history: null, plans: { after, upTo: s.openTime[to - 1], fromIndex } });
    return out.planInputs ?? [];
  }

  /** Analyses and stores the snapshot of (row, tf); returns it (null without candles). */
  async refreshSnapshot(row: CoinRow, tf: TaTimeframe): Promise<TaResult | null> {
    const r = await this.analyzeNow(row, tf);
    if (r) {
      await this.deps.repo.saveSnapshot(row.id, tf, r.current.candle_open_time, this.deps.clock.now(), r);
      await this.changed();
    }
    return r;
  }

  // ---- track record -------------------------------------------------------------------------------

  private signalOf(row: CoinRow, tf: TaTimeframe, label: string, direction: string, candleTime: number, entry: number, origin: NewSignal['origin']): NewSignal {
    const tfMs = TIMEFRAME_MS[tf];
    const horizon = SIGNAL_HORIZON_CANDLES[tf];
    return { coinId: row.id, timeframe: tf, label, direction, origin, candleTime, firedAt: candleTime + tfMs, entryPrice: entry, horizonCandles: horizon, dueAt: candleTime + tfMs + horizon * tfMs };
  }

  private signalsOf(row: CoinRow, tf: TaTimeframe, detected: DetectedSignal[], origin: NewSignal['origin']): NewSignal[] {
    return detected.map((d) => this.signalOf(row, tf, d.label, d.direction, d.openTime, d.close, origin));
  }

  /**
   * Scores every pending signal of (row, tf) whose horizon has passed: exit = close of the candle
   * `horizon` candles after the one it fired on (by open time; the last earlier candle when the
   * series has a gap), scored with scoreSignal. Returns how many were scored.
   */
  async scoreDue(row: CoinRow, tf: TaTimeframe): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.repo.dueSignals(row.id, tf, now);
    if (!due.length) return 0;
    const tfMs = TIMEFRAME_MS[tf];
    const { s, to } = await this.historyUntil(row.symbol, tf, now);
    const outcomes: SignalOutcome[] = [];
    for (const sig of due) {
      const target = sig.candle_time + sig.horizon_candles * tfMs;
      const j = lastIndexAtOrBefore(s.openTime.subarray(0, to), target);
      if (j < 0 || s.openTime[j] <= sig.candle_time || s.openTime[j] + tfMs > now) continue;
      const exit = s.close[j];
      const { hit, move_pct } = scoreSignal(sig.direction as 'bullish' | 'bearish' | 'neutral', sig.entry_price, exit);
      outcomes.push({ id: sig.id, exitPrice: exit, movePct: move_pct, hit });
    }
    await this.deps.repo.saveOutcomes(outcomes, now);
    return outcomes.length;
  }

  /**
   * Handles a closed candle of (symbol, tf): recomputes and stores the snapshot, logs the signals
   * of every candle closed since the last processed one (the latest from the snapshot itself, so
   * the cards and the track record agree), and scores what became due.
   */
  async onCandleClosed(symbol: string, tf: TaTimeframe): Promise<{ inserted: number; scored: number }> {
    const row = this.deps.market.coinRows.find((c) => c.symbol === symbol);
    if (!row || !row.timeframes.includes(tf)) return { inserted: 0, scored: 0 };
    const now = this.deps.clock.now();
    const tfMs = TIMEFRAME_MS[tf];
    const latest = await this.latestCandles(symbol, tf);
    const n = latest.close.length;
    if (n < MIN_ANALYZE_CANDLES) return { inserted: 0, scored: 0 };
    const lastOpen = latest.openTime[n - 1];
    const history = await this.historyCandles(symbol, tf, lastOpen + tfMs);
    const key = `${symbol}:${tf}`;
    const oldest = now - ACCURACY_WINDOW_MS - SIGNAL_HORIZON_CANDLES[tf] * tfMs - tfMs;
    let after = this.lastProcessed.get(key) ?? lastOpen - tfMs;
    if (after > lastOpen) after = lastOpen - tfMs; // the replay wrapped around to its start
    // catch-up candles must lie past the warm-up of the analysed window (indicators defined)
    after = Math.max(after, oldest, latest.openTime[Math.min(SIGNAL_WARMUP + 50, n - 1)]);
    const job: AnalysisJob = { symbol, timeframe: tf, latest, history, detect: { on: 'latest', after, upTo: lastOpen - tfMs } };
    const { result, detected } = await this.analysis.run(job);
    const snap = result!;
    const signals = this.signalsOf(row, tf, detected, 'live');
    await this.deps.repo.saveSnapshot(row.id, tf, lastOpen, now, snap);
    for (const sig of snap.market.signals) signals.push(this.signalOf(row, tf, sig.label, sig.direction, lastOpen, snap.last_price, 'live'));
    const inserted = await this.deps.repo.insertSignals(signals);
    const scored = await this.scoreDue(row, tf);
    this.lastProcessed.set(key, lastOpen);
    await this.deps.repo.saveProgress(row.id, tf, lastOpen, now);
    await this.changed();
    await this.notify(row, tf, snap, 'live');
    return { inserted, scored };
  }

  /**
   * Start-up backfill of one coin and timeframe: detectors over the candles that closed in the
   * last 7 days + horizon before now (origin `backfill`), scoring those whose horizon has passed,
   * and the current snapshot. Incremental: with `done` (open time of the last candle whose signals
   * are stored, from `signal_progress`) only the candles closed after it are computed, and nothing
   * when it is the last closed candle and its snapshot is stored (`snapshotAt`). Idempotent
   * (stored signals are kept, live ones win). `candles` = candles the detectors ran over.
   */
  async backfill(row: CoinRow, tf: TaTimeframe, stored: { done?: number; snapshotAt?: number } = {}, stopped: () => boolean = () => false): Promise<{ inserted: number; scored: number; candles: number }> {
    const r = await this.backfillSignals(row, tf, stored);
    await this.notify(row, tf, null, 'backfill', stopped);
    return r;
  }

  private async backfillSignals(row: CoinRow, tf: TaTimeframe, stored: { done?: number; snapshotAt?: number }): Promise<{ inserted: number; scored: number; candles: number }> {
    const now = this.deps.clock.now();
    const tfMs = TIMEFRAME_MS[tf];
    const key = `${row.symbol}:${tf}`;
    const { s, from, to } = await this.historyUntil(row.symbol, tf, now);
    if (to - from < MIN_ANALYZE_CANDLES) return { inserted: 0, scored: 0, candles: 0 };
    const lastOpen = s.openTime[to - 1];
    const start = now - ACCURACY_WINDOW_MS - SIGNAL_HORIZON_CANDLES[tf] * tfMs;
    let after = start - tfMs - 1;
    // Progress stored by an earlier run (not from the replay's future after a wrap-around): resume after it.
    if (stored.done !== undefined && stored.done <= lastOpen && stored.done > after) after = stored.done;
    if (after >= lastOpen && stored.snapshotAt === lastOpen) {
      this.lastProcessed.set(key, lastOpen);
      return { inserted: 0, scored: await this.scoreDue(row, tf), candles: 0 };
    }
    const latest = await this.latestCandles(row.symbol, tf);
    const history = sliceCandles(s, from, to);
    const { result, detected } = await this.analysis.run({ symbol: row.symbol, timeframe: tf, latest, history, detect: { on: 'history', after, upTo: lastOpen } });
    const inserted = await this.deps.repo.insertSignals(this.signalsOf(row, tf, detected, 'backfill'));
    const scored = await this.scoreDue(row, tf);
    if (result) await this.deps.repo.saveSnapshot(row.id, tf, result.current.candle_open_time, now, result);
    if (result) await this.notify(row, tf, result, 'live');
    this.lastProcessed.set(key, lastOpen);
    await this.deps.repo.saveProgress(row.id, tf, lastOpen, now);
    if (inserted || scored || result) await this.changed();
    const candles = to - 1 - Math.max(from - 1, lastIndexAtOrBefore(s.openTime.subarray(0, to), after));
    return { inserted, scored, candles };
  }

  /**
   * Backfills every coin × TA timeframe, `concurrency` at a time (default 1: one after another; a
   * live listing of hundreds of pairs overlaps the database waits of several), stopping early once
   * `stopped()` says so.
   */
  async backfillAll(stopped: () => boolean = () => false, concurrency = 1): Promise<{ inserted: number; scored: number; candles: number; ms: number }> {
    const t0 = Date.now();
    let inserted = 0;
    let scored = 0;
    let candles = 0;
    const [progress, snapshots] = await Promise.all([this.deps.repo.progress(), this.deps.repo.snapshotTimes()]);
    const work: [CoinRow, TaTimeframe][] = [];
    for (const row of this.deps.market.coinRows) for (const tf of row.timeframes) if (isTaTimeframe(tf)) work.push([row, tf]);
    const next = async (): Promise<void> => {
      for (let w = work.shift(); w && !stopped(); w = work.shift()) {
        const [row, tf] = w;
        const k = `${row.id}:${tf}`;
        const r = await this.backfill(row, tf, { done: progress.get(k), snapshotAt: snapshots.get(k) }, stopped);
        inserted += r.inserted;
        scored += r.scored;
        candles += r.candles;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, next));
    return { inserted, scored, candles, ms: Date.now() - t0 };
  }

  /** Stops the analysis thread (after the caller stopped driving the pipeline). */
  async close(): Promise<void> {
    await this.analysis.close();
  }
}

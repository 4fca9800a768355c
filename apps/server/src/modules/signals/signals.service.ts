import type { Coin, CoinWithSignals, LabelledTaResult, LatestAccuracy, PatternStat, PatternStats, SignalItem as SignalItemT, SignalsPage, TaResult, TaTimeframe, TrackRecord, TrackRecordItem } from '@coinlens/contracts';
import { Coin as CoinSchema, GetLatestAccuracyResponse, GetPatternStatsResponse, GetTrackRecordResponse, SignalItem, TIMEFRAME_MS } from '@coinlens/contracts';
import { MIN_ANALYZE_CANDLES, SIGNAL_WARMUP, NEUTRAL_BAND_PCT, scoreSignal, SIGNAL_HORIZON_CANDLES, SIGNALS_BY_LABEL, sliceCandles, type Candles } from '@coinlens/ta';
import { AppError } from '../../platform/errors';
import { encodeJson, fillTemplate, NOW_SLOT, ReadModels, SINCE_SLOT, toTemplate, type JsonTemplate } from '../../platform/read-models';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import { lastIndexAtOrBefore, seriesOf, type SeriesColumns } from '../../providers/market/series';
import type { CoinRow, MarketRepository } from '../market/market.repository';
import type { MarketService } from '../market/market.service';
import type { NewSignal, SignalOutcome, SignalRow, SignalsRepository } from './signals.repository';
import { defaultTimeframe, isTaTimeframe, orderByTimeframe, TA_TIMEFRAMES, timeframeLabel } from '@coinlens/contracts';
import { AnalysisThread, type AnalysisRunner } from './analysis/analysis-thread';
import type { AnalysisJob, DetectedSignal } from './analysis/analysis-job';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Window of the accuracy figures and the backfill (SPEC §9: accuracy over the last 7 days). */
export const ACCURACY_WINDOW_MS = 7 * DAY;
/** Candles the analysis runs on (the latest closed ones). */
export const ANALYSIS_CANDLES = 1000;
/** Longest history (candles) on which hit rates and level probabilities are measured. */
export const HISTORY_MAX_CANDLES = 8_000;
/** Delay before the jobs' first run (start-up backfill), so that the process serves HTTP first. */
export const START_DELAY_MS = 5_000;
/** Window of the hot list. */
export const HOT_WINDOW_MS = DAY;
/** Weight of a signal in the hot score, by timeframe. */
export const HOT_WEIGHTS: Record<TaTimeframe, number> = { '5m': 1, '1h': 2, '1d': 3 };

const nameOf = (label: string) => SIGNALS_BY_LABEL.get(label)?.name ?? { en: label, zh: label };

/** Dependencies of {@link SignalsService}. */
export interface SignalsDeps {
  repo: SignalsRepository;
  market: MarketService;
  marketRepo: MarketRepository;
  source: MarketSource;
  clock: Clock;
  /** Where the read side stores its results (one of this process when absent). */
  readModels?: ReadModels;
  log?: (msg: string) => void;
  /** Where the technical analysis runs; default a worker thread ({@link AnalysisThread}). */
  analysis?: AnalysisRunner;
  /** Shared loader of stored series (`fresh` re-reads); default `marketRepo.loadSeries` with a cache of this service. */
  loadSeries?: (symbol: string, tf: TaTimeframe, fresh: boolean) => Promise<SeriesColumns>;
}

/** Every stored signal time (fired, due, candle) lies on this grid, so signal reads change only when the clock crosses it. */
export const SIGNAL_GRID_MS = TIMEFRAME_MS['5m'];
/** Start of a stored Signal item's JSON text; the coin (with its live price) follows. */
const ITEM_HEAD = '{"cryptocurrency":';

/**
 * Technical analysis snapshots, the signals track record and the signals lists (issue 3 items
 * 6–7). Everything is computed from candles that closed at or before the clock's now.
 */
export class SignalsService {
  private readonly series = new Map<string, Promise<SeriesColumns>>();
  private readonly analysis: AnalysisRunner;
  /** Open time of the last candle whose signals were logged, per `symbol:timeframe`. */
  private readonly lastProcessed = new Map<string, number>();
  private chain: Promise<unknown> = Promise.resolve();
  private starting: Promise<void> = Promise.resolve();
  private cancelStart: () => void = () => undefined;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private leader = false;
  private readonly log: (msg: string) => void;
  private readonly readModels: ReadModels;

  constructor(private readonly deps: SignalsDeps) {
    this.log = deps.log ?? (() => undefined);
    this.readModels = deps.readModels ?? ReadModels.local();
    this.analysis = deps.analysis ?? new AnalysisThread();
  }

  /** Marks the read side stale in every process after a write of snapshots, signals or outcomes. */
  private async changed(): Promise<void> {
    await this.readModels.invalidate('signals').catch((e) => this.log(`read models: ${e instanceof Error ? e.message : String(e)}`));
  }

  // ---- candles ------------------------------------------------------------------------------------

  private loadSeries(symbol: string, tf: TaTimeframe, fresh = false): Promise<SeriesColumns> {
    if (this.deps.loadSeries) return this.deps.loadSeries(symbol, tf, fresh);
    const key = `${symbol}:${tf}`;
    let p = this.series.get(key);
    if (!p || fresh) {
      p = this.deps.marketRepo.loadSeries(symbol, tf);
      this.series.set(key, p);
      p.catch(() => this.series.delete(key));
    }
    return p;
  }

  /**
   * Stored candles of (symbol, tf) that closed at or before `until` (never after the clock's now),
   * the latest HISTORY_MAX_CANDLES of them. The stored series includes the replay's future, so it
   * is always cut here. A live source appends candles: a stale cache is reloaded once.
   */
  async historyUntil(symbol: string, tf: TaTimeframe, until: number): Promise<{ s: SeriesColumns; from: number; to: number }> {
    const cut = Math.min(until, this.deps.clock.now());
    const tfMs = TIMEFRAME_MS[tf];
    let s = await this.loadSeries(symbol, tf);
    if (this.deps.source.name !== 'replay' && (s.openTime.length === 0 || s.openTime[s.openTime.length - 1] + tfMs < cut - tfMs)) s = await this.loadSeries(symbol, tf, true);
    const last = lastIndexAtOrBefore(s.openTime, cut - tfMs);
    return { s, from: Math.max(0, last - HISTORY_MAX_CANDLES + 1), to: last + 1 };
  }

  /** The latest ANALYSIS_CANDLES closed candles from the market source, as columns. */
  private async latestCandles(symbol: string, tf: TaTimeframe): Promise<Candles> {
    return seriesOf(await this.deps.source.getCandles(symbol, tf, { limit: ANALYSIS_CANDLES }), TIMEFRAME_MS[tf]);
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

  /** Analyses and stores the snapshot of (row, tf); returns it (null without candles). */
  private async refreshSnapshot(row: CoinRow, tf: TaTimeframe): Promise<TaResult | null> {
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
  async backfill(row: CoinRow, tf: TaTimeframe, stored: { done?: number; snapshotAt?: number } = {}): Promise<{ inserted: number; scored: number; candles: number }> {
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
    this.lastProcessed.set(key, lastOpen);
    await this.deps.repo.saveProgress(row.id, tf, lastOpen, now);
    if (inserted || scored || result) await this.changed();
    const candles = to - 1 - Math.max(from - 1, lastIndexAtOrBefore(s.openTime.subarray(0, to), after));
    return { inserted, scored, candles };
  }

  /** Backfills every coin × TA timeframe (one at a time; stops early when the service stops). */
  async backfillAll(): Promise<{ inserted: number; scored: number; candles: number; ms: number }> {
    const t0 = Date.now();
    let inserted = 0;
    let scored = 0;
    let candles = 0;
    const [progress, snapshots] = await Promise.all([this.deps.repo.progress(), this.deps.repo.snapshotTimes()]);
    for (const row of this.deps.market.coinRows) {
      for (const tf of row.timeframes) {
        if (this.stopped) return { inserted, scored, candles, ms: Date.now() - t0 };
        if (!isTaTimeframe(tf)) continue;
        const k = `${row.id}:${tf}`;
        const r = await this.backfill(row, tf, { done: progress.get(k), snapshotAt: snapshots.get(k) });
        inserted += r.inserted;
        scored += r.scored;
        candles += r.candles;
      }
    }
    return { inserted, scored, candles, ms: Date.now() - t0 };
  }

  // ---- jobs ---------------------------------------------------------------------------------------

  private enqueue<T>(fn: () => Promise<T>): Promise<T | undefined> {
    const next = this.chain.then(() => (this.stopped ? undefined : fn()));
    this.chain = next.catch((e) => this.log(`signals job failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
    return next;
  }

  /** Resolves when every queued job has run. */
  async idle(): Promise<void> {
    await this.starting;
    await this.chain;
  }

  /**
   * Start-up backfill state of this process: `idle` (jobs not started), `waiting` (start delay),
   * `running`, `done`, or `follower` (another process holds the lock and computes).
   */
  backfillState: 'idle' | 'waiting' | 'running' | 'done' | 'follower' = 'idle';

  /** True while this process holds the signals lock. */
  get isLeader(): boolean {
    return this.leader;
  }

  /**
   * Starts the signals jobs in this process: takes the `signals` advisory lock (only one of N
   * processes computes; the others retry on each candle close), backfills, then handles every
   * closed 5m/1h/1d candle. Call only in processes with the worker role.
   */
  async startJobs(lockKey: number, tryLock: (key: number) => Promise<boolean>, opts: { delayMs?: number } = {}): Promise<void> {
    this.stopped = false;
    this.backfillState = 'waiting';
    const acquire = async () => {
      if (this.leader) return true;
      this.leader = await tryLock(lockKey);
      if (this.leader) {
        this.backfillState = 'running';
        const r = await this.backfillAll();
        this.backfillState = 'done';
        this.log(`signals backfill: ${r.candles} candles computed, ${r.inserted} signals stored, ${r.scored} scored in ${r.ms} ms`);
      } else this.backfillState = 'follower';
      return this.leader;
    };
    // Begin once the process has finished starting (HTTP listening); the backfill yields between steps.
    this.starting = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        void this.enqueue(acquire);
        resolve();
      }, opts.delayMs ?? START_DELAY_MS);
      this.cancelStart = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.unsubscribe = this.deps.source.onCandleClosed((e) => {
      if (!isTaTimeframe(e.timeframe)) return;
      const tf = e.timeframe;
      void this.enqueue(async () => {
        if (await acquire()) await this.onCandleClosed(e.symbol, tf);
      });
    });
  }

  /** Stops the jobs and waits for the running one. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelStart();
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.idle();
    await this.analysis.close();
  }

  // ---- reads --------------------------------------------------------------------------------------

  private labelled(r: TaResult): LabelledTaResult {
    return { ...r, label: timeframeLabel(r.current.timeframe), candle_close_time: r.current.candle_open_time + TIMEFRAME_MS[r.current.timeframe] };
  }

  /** GET /crypto/{id}/ta/{timeframe}: the stored snapshot, recomputed when asked, missing or out of date. */
  async coinTa(id: string, tf: TaTimeframe, refresh: boolean): Promise<LabelledTaResult> {
    const row = this.deps.market.resolve(id);
    if (!row.timeframes.includes(tf)) {
      throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no ${tf} candles`, { details: { available: row.timeframes.filter(isTaTimeframe) } });
    }
    const now = this.deps.clock.now();
    const [latest] = await this.deps.source.getCandles(row.symbol, tf, { limit: 1 });
    if (!refresh && latest) {
      const [snap] = (await this.deps.repo.snapshots([row.id])).filter((x) => x.timeframe === tf);
      if (snap && snap.candle_time === latest.time && snap.candle_time + TIMEFRAME_MS[tf] <= now) return this.labelled(snap.result as TaResult);
    }
    const r = await this.refreshSnapshot(row, tf);
    if (!r) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no closed ${tf} candles at ${new Date(now).toISOString()}`, { details: { available: row.timeframes.filter(isTaTimeframe) } });
    return this.labelled(r);
  }

  /** Coins with at least one TA timeframe, in listing order. */
  private analysedCoins(): CoinRow[] {
    return this.deps.market.coinRows.filter((c) => c.timeframes.some(isTaTimeframe));
  }

  private async accuracyByCoin(): Promise<Map<number, { hits: number; total: number }>> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.accuracy(now - ACCURACY_WINDOW_MS, now, 'coin_id');
    return new Map(rows.map((r) => [Number(r.key), { hits: r.hits, total: r.total }]));
  }

  /** Builds Signal items (SPEC §3) for coins: snapshots per timeframe (computed when missing or from after now). */
  async signalItems(rows: CoinRow[], extra: Map<number, number> = new Map()): Promise<SignalItemT[]> {
    const now = this.deps.clock.now();
    const [snaps, tickers, acc] = await Promise.all([this.deps.repo.snapshots(rows.map((r) => r.id)), this.deps.source.getTickers(), this.accuracyByCoin()]);
    const tickerOf = new Map(tickers.map((t) => [t.symbol, t]));
    const out: SignalItemT[] = [];
    for (const row of rows) {
      const results: TaResult[] = [];
      for (const tf of row.timeframes) {
        if (!isTaTimeframe(tf)) continue;
        const snap = snaps.find((x) => x.coin_id === row.id && x.timeframe === tf);
        if (snap && snap.candle_time + TIMEFRAME_MS[tf] <= now) results.push(snap.result as TaResult);
        else {
          const r = await this.refreshSnapshot(row, tf);
          if (r) results.push(r);
        }
      }
      if (!results.length) continue;
      const ta = orderByTimeframe(results.map((r) => this.labelled(r)), (r) => r.current.timeframe);
      const defTf = defaultTimeframe(ta.map((r) => r.current.timeframe))!;
      const head = ta.find((r) => r.current.timeframe === defTf)!;
      const a = acc.get(row.id) ?? { hits: 0, total: 0 };
      const coin: Coin = this.deps.market.toCoin(row, tickerOf.get(row.symbol) ?? null);
      out.push({
        cryptocurrency: coin,
        ta_result: ta,
        created_date: new Date(Math.max(...ta.map((r) => r.candle_close_time))).toISOString(),
        default_timeframe: defTf,
        direction: head.market.direction,
        support_price: head.support_price,
        resistance_price: head.resistance_price,
        breakthrough_probability: head.breakthrough_probability,
        touch_probability: head.touch_probability,
        accuracy: { accuracy: a.total ? a.hits / a.total : null, hits: a.hits, total: a.total },
        ...(extra.has(row.id) ? { hot_score: extra.get(row.id) } : {}),
      });
    }
    return out;
  }

  /** GET /crypto/ta/all: every analysed coin in listing order (CoinMarketCap rank), paged. */
  async all(offset: number, limit: number): Promise<SignalsPage> {
    const rows = this.analysedCoins();
    return { signals: await this.signalItems(rows.slice(offset, offset + limit)), hasNext: offset + limit < rows.length };
  }

  // ---- read models: JSON texts of the read endpoints, stored per version --------------------------

  /**
   * Version of the signals read side: the `signals` generation (bumped by every write of
   * snapshots, signals or outcomes) and the step of the clock on the 5-minute grid (every stored
   * time lies on it, so windows such as "fired in the last 7 days" only move when it is crossed).
   */
  readVersion(): string {
    return `${this.readModels.generation('signals')}:${Math.floor(this.deps.clock.now() / SIGNAL_GRID_MS)}`;
  }

  /**
   * The Signal item of every analysed coin as JSON text without its coin (which carries the live
   * price): an item is `ITEM_HEAD + coin JSON + tail`. Computed once per read version (shared
   * through Redis). Returns [coin id, tail] in listing order; coins without analysis are absent.
   */
  private itemTails(): Promise<[number, string][]> {
    return this.readModels.get(
      'signals:item-tails',
      this.readVersion(),
      async () =>
        (await this.signalItems(this.analysedCoins())).map((item): [number, string] => {
          const text = encodeJson(SignalItem, item);
          const head = ITEM_HEAD + encodeJson(CoinSchema, item.cryptocurrency);
          if (!text.startsWith(head)) throw new Error('Signal item JSON does not start with its coin');
          return [item.cryptocurrency.id, text.slice(head.length)];
        }),
      { shared: true },
    );
  }

  /** JSON texts of the Signal items of `rows` (coins priced now); `hot` adds each coin's hot_score. */
  private async itemJsons(rows: CoinRow[], hot?: Map<number, number>): Promise<string[]> {
    const [tails, coins] = await Promise.all([this.itemTails(), this.deps.market.coinJsons()]);
    const tailOf = new Map(tails);
    const out: string[] = [];
    for (const row of rows) {
      const tail = tailOf.get(row.id);
      if (tail === undefined) continue;
      // hot_score is the last field of a Signal item
      out.push(ITEM_HEAD + coins.get(row.id)! + (hot?.has(row.id) ? `${tail.slice(0, -1)},"hot_score":${JSON.stringify(hot.get(row.id))}}` : tail));
    }
    return out;
  }

  private static pageJson(items: string[], hasNext: boolean): string {
    return `{"result":{"signals":[${items.join(',')}],"hasNext":${hasNext}}}`;
  }

  /** GET /crypto/ta/all as JSON text (`{result: SignalsPage}`): any offset/limit from the stored items. */
  allJson(offset: number, limit: number): Promise<string> {
    return this.readModels.get(`signals:all:${offset}:${limit}`, `${this.readVersion()}:${this.deps.market.priceVersion()}`, async () => {
      const rows = this.analysedCoins();
      return SignalsService.pageJson(await this.itemJsons(rows.slice(offset, offset + limit)), offset + limit < rows.length);
    });
  }

  /** GET /crypto/ta/hot as JSON text: hot scores once per read version, items from the stored ones. */
  hotJson(offset: number, limit: number): Promise<string> {
    return this.readModels.get(`signals:hot:${offset}:${limit}`, `${this.readVersion()}:${this.deps.market.priceVersion()}`, async () => {
      const scores = await this.readModels.get('signals:hot-scores', this.readVersion(), () => this.hotScores(), { shared: true });
      const byId = new Map(this.analysedCoins().map((c) => [c.id, c]));
      const ranked = scores.filter((x) => byId.has(x.id));
      const page = ranked.slice(offset, offset + limit);
      return SignalsService.pageJson(await this.itemJsons(page.map((x) => byId.get(x.id)!), new Map(page.map((x) => [x.id, x.score]))), offset + limit < ranked.length);
    });
  }

  /** GET /crypto/ta/following as JSON text: the given (followed) coins in that order, from the stored items. */
  async followingJson(coinIds: number[], offset: number, limit: number): Promise<string> {
    const byId = new Map(this.analysedCoins().map((c) => [c.id, c]));
    const rows = coinIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return SignalsService.pageJson(await this.itemJsons(rows.slice(offset, offset + limit)), offset + limit < rows.length);
  }

  /** GET /signals/track-record as JSON text: stored per query and read version; `now` is this request's. */
  async trackRecordJson(q: Parameters<SignalsService['trackRecord']>[0]): Promise<string> {
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : '';
    const t = await this.readModels.get(
      `signals:track:${coinId}:${q.timeframe ?? ''}:${q.label ?? ''}:${q.status ?? ''}:${q.offset}:${q.limit}`,
      this.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetTrackRecordResponse, { result: { ...(await this.trackRecord(q)), now: NOW_SLOT } }), [NOW_SLOT]),
      { shared: true },
    );
    return fillTemplate(t, { [NOW_SLOT]: this.deps.clock.now() });
  }

  /** GET /signals/pattern-stats as JSON text: stored per query and read version; `since`/`until` are this request's. */
  async patternStatsJson(q: { coin?: string; timeframe?: TaTimeframe }): Promise<string> {
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : '';
    const t = await this.readModels.get(
      `signals:patterns:${coinId}:${q.timeframe ?? ''}`,
      this.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetPatternStatsResponse, { result: { ...(await this.patternStats(q)), since: SINCE_SLOT, until: NOW_SLOT } }), [NOW_SLOT, SINCE_SLOT]),
      { shared: true },
    );
    const now = this.deps.clock.now();
    return fillTemplate(t, { [NOW_SLOT]: now, [SINCE_SLOT]: now - ACCURACY_WINDOW_MS });
  }

  /** GET /crypto/latest_accuracy as JSON text: stored per coin and read version; `since`/`until` are this request's. */
  async latestAccuracyJson(coinId?: number): Promise<string> {
    const t = await this.readModels.get(
      `signals:accuracy:${coinId ?? ''}`,
      this.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetLatestAccuracyResponse, { result: { ...(await this.latestAccuracy(coinId)), since: SINCE_SLOT, until: NOW_SLOT } }), [NOW_SLOT, SINCE_SLOT]),
      { shared: true },
    );
    const now = this.deps.clock.now();
    return fillTemplate(t, { [NOW_SLOT]: now, [SINCE_SLOT]: now - ACCURACY_WINDOW_MS });
  }

  /**
   * Hot scores: per coin, the signals fired in the last 24 h of the clock weighted by timeframe
   * (5m ×1, 1h ×2, 1d ×3). Coins without such signals are not hot.
   */
  async hotScores(): Promise<{ id: number; score: number; last: number }[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.recentByCoin(now - HOT_WINDOW_MS, now);
    const by = new Map<number, { id: number; score: number; last: number }>();
    for (const r of rows) {
      const e = by.get(r.coin_id) ?? { id: r.coin_id, score: 0, last: 0 };
      e.score += r.n * (HOT_WEIGHTS[r.timeframe as TaTimeframe] ?? 1);
      e.last = Math.max(e.last, r.last);
      by.set(r.coin_id, e);
    }
    return [...by.values()].sort((a, b) => b.score - a.score || b.last - a.last || a.id - b.id);
  }

  /** GET /crypto/ta/hot: coins by hot score (desc), then by their newest signal. */
  async hot(offset: number, limit: number): Promise<SignalsPage> {
    const scores = await this.hotScores();
    const byId = new Map(this.analysedCoins().map((c) => [c.id, c]));
    const ranked = scores.filter((s) => byId.has(s.id));
    const page = ranked.slice(offset, offset + limit);
    const items = await this.signalItems(page.map((s) => byId.get(s.id)!), new Map(page.map((s) => [s.id, s.score])));
    return { signals: items, hasNext: offset + limit < ranked.length };
  }

  /** GET /crypto/ta/following: Signal items of the given (followed) coins in that order, paged. */
  async following(coinIds: number[], offset: number, limit: number): Promise<SignalsPage> {
    const byId = new Map(this.analysedCoins().map((c) => [c.id, c]));
    const rows = coinIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { signals: await this.signalItems(rows.slice(offset, offset + limit)), hasNext: offset + limit < rows.length };
  }

  /** GET /crypto/with_signals: coins with signals in the last 24 h, by direction and search term. */
  async withSignals(term: string, type: 'bullish' | 'bearish' | 'all'): Promise<CoinWithSignals[]> {
    const now = this.deps.clock.now();
    const rows = await this.readModels.get('signals:recent-by-coin', this.readVersion(), () => this.deps.repo.recentByCoin(now - HOT_WINDOW_MS, now), { shared: true });
    const agg = new Map<number, { all: number; bull: number; bear: number; last: number }>();
    for (const r of rows) {
      const e = agg.get(r.coin_id) ?? { all: 0, bull: 0, bear: 0, last: 0 };
      e.all += r.n;
      if (r.direction === 'bullish') e.bull += r.n;
      if (r.direction === 'bearish') e.bear += r.n;
      e.last = Math.max(e.last, r.last);
      agg.set(r.coin_id, e);
    }
    const q = term.trim().toLowerCase();
    const tickerOf = new Map((await this.deps.source.getTickers()).map((t) => [t.symbol, t]));
    const out: CoinWithSignals[] = [];
    for (const row of this.deps.market.coinRows) {
      const e = agg.get(row.id);
      if (!e) continue;
      if (type === 'bullish' ? e.bull === 0 : type === 'bearish' ? e.bear === 0 : e.all === 0) continue;
      if (q && !(row.symbol.toLowerCase().includes(q) || row.name.toLowerCase().includes(q) || row.slug.includes(q))) continue;
      out.push({ ...this.deps.market.toCoin(row, tickerOf.get(row.symbol) ?? null), signal_count: e.all, bullish_count: e.bull, bearish_count: e.bear, last_signal_at: e.last });
    }
    return out.sort((a, b) => b.signal_count - a.signal_count || b.last_signal_at - a.last_signal_at);
  }

  /** Id of a coin by id, slug or symbol (COIN_NOT_FOUND otherwise). */
  coinId(id: string): number {
    return this.deps.market.resolve(id).id;
  }

  /** GET /crypto/latest_accuracy: scored signals fired in the last 7 days of the clock (of one coin when given). */
  async latestAccuracy(coinId?: number): Promise<LatestAccuracy> {
    const now = this.deps.clock.now();
    const since = now - ACCURACY_WINDOW_MS;
    const rows = await this.deps.repo.accuracy(since, now, 'timeframe', coinId);
    const by_timeframe = TA_TIMEFRAMES.map((tf) => {
      const r = rows.find((x) => x.key === tf) ?? { hits: 0, total: 0, pending: 0 };
      return { timeframe: tf, hits: r.hits, total: r.total, pending: r.pending, accuracy: r.total ? r.hits / r.total : null, horizon_candles: SIGNAL_HORIZON_CANDLES[tf] };
    });
    const hits = by_timeframe.reduce((a, b) => a + b.hits, 0);
    const total = by_timeframe.reduce((a, b) => a + b.total, 0);
    const pending = by_timeframe.reduce((a, b) => a + b.pending, 0);
    return { accuracy: total ? hits / total : null, hits, total, pending, since, until: now, by_timeframe };
  }

  private itemOf(r: SignalRow, now: number): TrackRecordItem {
    const row = this.deps.market.coinRows.find((c) => c.id === r.coin_id);
    const known = r.hit !== null && r.due_at <= now;
    return {
      id: r.id,
      coin: { id: r.coin_id, symbol: row?.symbol ?? '', name: row?.name ?? '', slug: row?.slug ?? '', logo: row ? `/static/icons/${row.icon}` : '' },
      timeframe: r.timeframe as TaTimeframe,
      label: r.label,
      name: nameOf(r.label),
      direction: r.direction as TrackRecordItem['direction'],
      origin: r.origin,
      candle_time: r.candle_time,
      fired_at: r.fired_at,
      due_at: r.due_at,
      horizon_candles: r.horizon_candles,
      entry_price: r.entry_price,
      exit_price: known ? r.exit_price : null,
      move_pct: known ? r.move_pct : null,
      status: known ? (r.hit ? 'hit' : 'miss') : 'pending',
    };
  }

  /** GET /signals/track-record: logged signals, newest first, with outcomes known at now. */
  async trackRecord(q: { coin?: string; timeframe?: TaTimeframe; label?: string; status?: 'hit' | 'miss' | 'pending' | 'scored'; offset: number; limit: number }): Promise<TrackRecord> {
    const now = this.deps.clock.now();
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : undefined;
    const { rows, total } = await this.deps.repo.trackRecord({ now, coinId, timeframe: q.timeframe, label: q.label, status: q.status, offset: q.offset, limit: q.limit });
    return { items: rows.map((r) => this.itemOf(r, now)), total, hasNext: q.offset + rows.length < total, now };
  }

  /**
   * Unconditional outcome counts of (row, tf) over the horizon: every candle j whose candle
   * `horizon` later closed in (since, now] counts as up / down / flat (|move| < NEUTRAL_BAND_PCT),
   * comparing the two closes (pairs across a gap in the series are skipped). Reads no candle that
   * closes after now.
   */
  async baseRate(row: CoinRow, tf: TaTimeframe, since: number, now: number): Promise<{ n: number; up: number; down: number; flat: number }> {
    const tfMs = TIMEFRAME_MS[tf];
    const horizon = SIGNAL_HORIZON_CANDLES[tf];
    const { s, to } = await this.historyUntil(row.symbol, tf, now);
    const out = { n: 0, up: 0, down: 0, flat: 0 };
    const kFrom = lastIndexAtOrBefore(s.openTime.subarray(0, to), since - tfMs) + 1;
    for (let k = Math.max(kFrom, horizon); k < to; k++) {
      const j = k - horizon;
      if (s.openTime[k] - s.openTime[j] !== horizon * tfMs) continue;
      const move = ((s.close[k] - s.close[j]) / s.close[j]) * 100;
      out.n++;
      if (move > 0) out.up++;
      else if (move < 0) out.down++;
      if (Math.abs(move) < NEUTRAL_BAND_PCT) out.flat++;
    }
    return out;
  }

  /**
   * GET /signals/pattern-stats: per pattern and timeframe, the hit rate of signals resolved in the
   * last 7 days beside the baseline of the same coins, timeframe, horizon and window.
   */
  async patternStats(q: { coin?: string; timeframe?: TaTimeframe }): Promise<PatternStats> {
    const now = this.deps.clock.now();
    const since = now - ACCURACY_WINDOW_MS;
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : undefined;
    const groups = await this.deps.repo.resolvedByPattern(since, now, coinId, q.timeframe);
    const tfs = q.timeframe ? [q.timeframe] : TA_TIMEFRAMES.filter((tf) => groups.some((g) => g.timeframe === tf));
    const base = new Map<string, { n: number; up: number; down: number; flat: number }>();
    for (const tf of tfs) {
      const coinIds = [...new Set(groups.filter((g) => g.timeframe === tf).map((g) => g.coin_id))];
      for (const id of coinIds) {
        const row = this.deps.market.coinRows.find((c) => c.id === id);
        if (row) base.set(`${id}:${tf}`, await this.baseRate(row, tf, since, now));
      }
    }
    const stats = new Map<string, { label: string; timeframe: TaTimeframe; direction: string; hits: number; n: number; move: number; wSum: number; wP: number; baseN: number }>();
    for (const g of groups) {
      const key = `${g.label}:${g.timeframe}`;
      const e = stats.get(key) ?? { label: g.label, timeframe: g.timeframe as TaTimeframe, direction: g.direction, hits: 0, n: 0, move: 0, wSum: 0, wP: 0, baseN: 0 };
      e.hits += g.hits;
      e.n += g.n;
      e.move += g.move;
      const b = base.get(`${g.coin_id}:${g.timeframe}`);
      if (b && b.n > 0) {
        const p = (g.direction === 'bullish' ? b.up : g.direction === 'bearish' ? b.down : b.flat) / b.n;
        e.wSum += g.n;
        e.wP += g.n * p;
        e.baseN += b.n;
      }
      stats.set(key, e);
    }
    const items: PatternStat[] = [...stats.values()].map((e) => {
      const hitRate = e.n ? e.hits / e.n : null;
      const bp = e.wSum ? e.wP / e.wSum : null;
      return {
        label: e.label,
        name: nameOf(e.label),
        direction: e.direction as PatternStat['direction'],
        timeframe: e.timeframe,
        hits: e.hits,
        n: e.n,
        hit_rate: hitRate,
        baseline: { p: bp, n: e.baseN },
        edge: hitRate !== null && bp !== null ? hitRate - bp : null,
        avg_move_pct: e.n ? e.move / e.n : null,
      };
    });
    items.sort((a, b) => b.n - a.n || a.label.localeCompare(b.label) || a.timeframe.localeCompare(b.timeframe));
    return { since, until: now, items };
  }
}


import type { AiBasedOn, Calibration, CalibrationGroup, Candle, EvidenceCoverage, EvidenceOrigin, ScoredStrategy, StrategyPair, StrategyRecord, StrategyRecordRow, TaResult, TaTimeframe } from '@coinlens/contracts';
import { TA_TIMEFRAMES, TIMEFRAME_MS } from '@coinlens/contracts';
import {
  type CalibrationScale, clusteredBins, clusteredSkill, computeSignalColumns, findLevels, fitClusteredScale, type ForecastCell, measureLevelProbabilities, MIN_ANALYZE_CANDLES,
  MIN_CALIBRATION_BLOCK, MIN_CALIBRATION_TOTAL, scaleRows, strategyEpisode, strategyRecordStats,
  SIGNAL_HORIZON_CANDLES, SIGNAL_WARMUP, type SignalColumns, type Candles,
} from '@coinlens/ta';
import type { Clock } from '../../platform/clock';
import { lastIndexAtOrBefore, type SeriesColumns } from '../../providers/market/series';
import type { CoinRow } from '../market/market.repository';
import type { CalibrationRepository, ForecastCellRow, NewForecast, NewStrategy, StrategyRow } from './calibration.repository';
import type { PlanInput } from '../signals/analysis/analysis-job';
import { buildPlan, levelsOf } from '../ai/strategy';
import { type ScoredCase, type SetupRecord, setupRecordOf } from '../ai/strategy-gate';
import { DEFAULT_FEE_PCT, scorePlan } from './strategy-score';
import { labelWithScales } from './calibrated-wording';

/** Stored candles of (symbol, tf) closed at or before `until` (≤ the clock's now): indices [from, to) of `s`. */
export type HistoryLoader = (symbol: string, tf: TaTimeframe, until: number) => Promise<{ s: SeriesColumns; from: number; to: number }>;

/** SignalsPipeline.planInputs: the strategy rules' inputs at the stored candles after `after` (index ≥ `fromIndex`), off the request thread. */
export type PlanInputsLoader = (row: CoinRow, tf: TaTimeframe, after: number, fromIndex: number) => Promise<PlanInput[]>;

/**
 * The built-in analyst's strategies the start-up backfill stores: short term from 1h, medium/long
 * term from 1d (as the coin page), on every `every`-th candle (open time a multiple of every ×
 * timeframe) of the last `days` before now, from candle index STRATEGY_BACKFILL_FROM_INDEX of the
 * stored history (ATR14 and the first swings defined) and not before the first candle the strategy
 * can be scored on (5m, else 1h), so that every backfilled strategy is scored once due.
 */
export const STRATEGY_BACKFILL = [
  { term: 'short_term', timeframe: '1h', every: 4, days: 28 },
  { term: 'medium_long_term', timeframe: '1d', every: 1, days: 60 },
] as const;
/** First candle index (in the stored history) the strategy backfill starts at. */
export const STRATEGY_BACKFILL_FROM_INDEX = 20;

/** Candles of the in-sample backfill at which the stated probabilities are recomputed, per coin and timeframe. */
export const BACKFILL_FORECAST_POINTS = 80;

const yieldNow = () => new Promise<void>((r) => setImmediate(r));

/** Episodes of live (out-of-sample) forecasts a kind × timeframe needs, besides MIN_CALIBRATION_TOTAL forecasts, before its served labels rest on them instead of the backfill. */
export const MIN_LIVE_EPISODES = 20;

/** Which origin the served labels of one kind × timeframe rest on: live once it has enough resolved forecasts and episodes, else the backfill. */
export function scaleSource(cells: readonly ForecastCellRow[]): 'live' | 'backfill' {
  const live = cells.filter((c) => c.origin === 'live');
  const n = live.reduce((a, c) => a + c.n, 0);
  return n >= MIN_CALIBRATION_TOTAL && new Set(live.map((c) => c.episode)).size >= MIN_LIVE_EPISODES ? 'live' : 'backfill';
}

/** How long (wall ms) a process reuses its calibrated verbal scales before reading the log again. */
export const SCALE_CACHE_MS = 60_000;

/**
 * How long (wall ms) scales are still reused after forecasts were resolved in this process. A close
 * resolves the due forecasts of every pair one after another (hundreds in live mode); reading the
 * whole log again after each of them cost a query of every resolved forecast and a fit on the main
 * thread per pair (30–130 ms each in a profile of 400 pairs, behind the screens' p99 at the hour). A few more resolved
 * forecasts among thousands hardly move a scale: they are read at most once per this interval.
 */
export const SCALE_REFRESH_MS = 10_000;

/** Columns of `h` restricted to its first `n` candles (views, no copy): what was known at candle n − 1. */
function prefix(h: SignalColumns, n: number): SignalColumns {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(h)) out[k] = ArrayBuffer.isView(v) ? (v as Float64Array).subarray(0, n) : v;
  out.n = n;
  return out as unknown as SignalColumns;
}

/**
 * Calibration of the stated probabilities and the strategy track record.
 * Write side (worker role): logs the touch / breakthrough probabilities of every analysis of a
 * closed candle, resolves them when their horizon has passed, stores every generated strategy
 * and scores it after its horizon. Read side: the calibration figures and the strategy record.
 */
export class CalibrationService {
  readonly feePct: number;

  constructor(private readonly d: {
    repo: CalibrationRepository; clock: Clock; coinRows: () => readonly CoinRow[]; history: HistoryLoader; planInputs?: PlanInputsLoader;
    /** Every stored candle closed by `until` (no cap: a strategy's window may lie further back than `history` reaches); default `history`. */
    allCandles?: HistoryLoader;
    feePct?: number; log?: (m: string) => void;
  }) {
    this.feePct = d.feePct ?? DEFAULT_FEE_PCT;
  }

  // ---- probabilities ------------------------------------------------------------------------------

  /**
   * The probabilities an analysis states (both sides' touch and breakthrough with the level
   * price), as forecasts stated at the close of its candle, due `horizon_candles` later.
   */
  forecastsOf(coinId: number, tf: TaTimeframe, r: TaResult, origin: 'live' | 'backfill'): NewForecast[] {
    const tfMs = TIMEFRAME_MS[tf];
    const statedAt = r.current.candle_open_time + tfMs;
    const out: NewForecast[] = [];
    for (const side of ['resistance', 'support'] as const) {
      const probs = r.probabilities[side];
      const level = side === 'resistance' ? r.resistance_price : r.support_price;
      if (!probs || level === null) continue;
      for (const kind of ['touch', 'breakthrough'] as const) {
        const p = probs[kind];
        if (p.n === 0) continue;
        out.push({ coinId, timeframe: tf, kind, side, levelPrice: level, statedP: p.p, sampleN: p.n, wording: p.wording, horizonCandles: r.horizon_candles, candleTime: r.current.candle_open_time, statedAt, dueAt: statedAt + r.horizon_candles * tfMs, origin });
      }
    }
    return out;
  }

  /** Logs what an analysis states (idempotent per candle) and resolves what became due. */
  async logAnalysis(row: CoinRow, tf: TaTimeframe, r: TaResult, origin: 'live' | 'backfill'): Promise<{ logged: number; resolved: number }> {
    const logged = await this.d.repo.insertForecasts(this.forecastsOf(row.id, tf, r, origin));
    return { logged, resolved: await this.resolveDue(row, tf) };
  }

  /**
   * Resolves the forecasts of (row, tf) whose horizon has passed, on the candles that opened in
   * (stated candle, stated candle + horizon]: touch = a high ≥ the resistance (a low ≤ the support),
   * breakthrough = a close > the resistance (< the support) — the events measureLevelProbabilities counts.
   */
  async resolveDue(row: CoinRow, tf: TaTimeframe): Promise<number> {
    const now = this.d.clock.now();
    const due = await this.d.repo.dueForecasts(row.id, tf, now);
    if (!due.length) return 0;
    const tfMs = TIMEFRAME_MS[tf];
    const { s, to } = await this.d.history(row.symbol, tf, now);
    const times = s.openTime.subarray(0, to);
    const out: { id: number; outcome: boolean }[] = [];
    for (const f of due) {
      const a = lastIndexAtOrBefore(times, f.candle_time) + 1;
      const b = lastIndexAtOrBefore(times, f.candle_time + f.horizon_candles * tfMs);
      if (a <= 0 || b < a) continue;
      let hit = false;
      for (let j = a; j <= b && !hit; j++) {
        if (f.side === 'resistance') hit = f.kind === 'touch' ? s.high[j] >= f.level_price : s.close[j] > f.level_price;
        else hit = f.kind === 'touch' ? s.low[j] <= f.level_price : s.close[j] < f.level_price;
      }
      out.push({ id: f.id, outcome: hit });
    }
    await this.d.repo.resolveForecasts(out, now);
    if (out.length && this.scaleCache) this.scaleCache.dirty = true;
    return out.length;
  }

  /**
   * In-sample backfill of (row, tf): at BACKFILL_FORECAST_POINTS candles spread over the last
   * 7 days + horizon of the stored history before now, the nearest levels and their touch /
   * breakthrough probabilities as analyze() states them, each measured only on the candles up to
   * that one (expanding window); logged with origin `backfill`, then resolved. Yields between candles.
   * Incremental: points at or before the last candle already backfilled for (row, tf) are not computed
   * again, so a restart computes only the candles that closed since (nothing when none did).
   * Returns `computed` = points whose probabilities were measured, `logged` = new forecast rows.
   */
  async backfill(row: CoinRow, tf: TaTimeframe, stopped: () => boolean = () => false): Promise<{ computed: number; logged: number }> {
    const none = { computed: 0, logged: 0 };
    const now = this.d.clock.now();
    const tfMs = TIMEFRAME_MS[tf];
    const horizon = SIGNAL_HORIZON_CANDLES[tf];
    const { s, from, to } = await this.d.history(row.symbol, tf, now);
    if (to - from < MIN_ANALYZE_CANDLES) return none;
    const times = s.openTime.subarray(from, to);
    const start = Math.max(SIGNAL_WARMUP + horizon + 50, lastIndexAtOrBefore(times, now - 7 * 86_400_000 - horizon * tfMs));
    const last = times.length - 1;
    if (start >= last) return none;
    const step = Math.max(1, Math.floor((last - start) / BACKFILL_FORECAST_POINTS));
    // Resume after the last candle already backfilled (a restart recomputes nothing stored).
    const logged = await this.d.repo.lastForecastCandle(row.id, tf);
    let first = start;
    if (logged !== null && logged >= times[start]) first = lastIndexAtOrBefore(times, logged) + step;
    if (first > last) {
      await this.resolveDue(row, tf);
      return none;
    }
    const c: Candles = { openTime: times, open: s.open.subarray(from, to), high: s.high.subarray(from, to), low: s.low.subarray(from, to), close: s.close.subarray(from, to), volume: s.volume.subarray(from, to) };
    const h = computeSignalColumns(c);
    const rows: NewForecast[] = [];
    let computed = 0;
    for (let i = first; i <= last; i += step) {
      if (stopped()) break;
      const atr = h.atr14[i];
      if (!(atr > 0)) continue;
      const close = h.close[i];
      const { resistance, support } = findLevels(h, i);
      const rp = resistance[0]?.price ?? null;
      const sp = support[0]?.price ?? null;
      const probs = measureLevelProbabilities(prefix(h, i + 1), horizon, rp === null ? null : (rp - close) / atr, sp === null ? null : (close - sp) / atr);
      computed++;
      const statedAt = h.openTime[i] + tfMs;
      for (const side of ['resistance', 'support'] as const) {
        const pr = probs[side];
        const level = side === 'resistance' ? rp : sp;
        if (!pr || level === null) continue;
        for (const kind of ['touch', 'breakthrough'] as const) {
          if (pr[kind].n === 0) continue;
          rows.push({ coinId: row.id, timeframe: tf, kind, side, levelPrice: level, statedP: pr[kind].p, sampleN: pr[kind].n, wording: pr[kind].wording, horizonCandles: horizon, candleTime: h.openTime[i], statedAt, dueAt: statedAt + horizon * tfMs, origin: 'backfill' });
        }
      }
      await yieldNow();
    }
    const n = await this.d.repo.insertForecasts(rows);
    await this.resolveDue(row, tf);
    // a backfill states and resolves a whole history at once: the scales are read again at once
    if (n > 0) this.scaleCache = null;
    return { computed, logged: n };
  }

  /** The last scales read: when (wall ms), at which clock time, and whether forecasts were resolved since. */
  private scaleCache: { at: number; clock: number; dirty: boolean; scales: Promise<Map<string, CalibrationScale>> } | null = null;

  /**
   * The calibrated verbal scale per `timeframe:kind` (fitClusteredScale of @coinlens/ta) over the
   * forecasts resolved at or before the clock's now: the live ones once there are enough
   * ({@link scaleSource}), until then the in-sample backfill, said in each served label (`source`),
   * with the Brier skill of the same forecasts and its interval over episodes. Cached for
   * SCALE_CACHE_MS of wall time (and while the clock has not gone back); once forecasts of a close
   * were resolved in this process, for SCALE_REFRESH_MS after the last read at most; a backfill that
   * logged forecasts drops them.
   */
  scales(): Promise<Map<string, CalibrationScale>> {
    const now = this.d.clock.now();
    const c = this.scaleCache;
    if (c && Date.now() - c.at < (c.dirty ? SCALE_REFRESH_MS : SCALE_CACHE_MS) && now >= c.clock) return c.scales;
    const scales = this.d.repo.forecastCells(now).then((rows) => {
      const by = new Map<string, ForecastCellRow[]>();
      for (const r of rows) {
        const k = `${r.timeframe}:${r.kind}`;
        (by.get(k) ?? by.set(k, []).get(k)!).push(r);
      }
      return new Map([...by].map(([k, xs]) => {
        const source = scaleSource(xs);
        const cells: ForecastCell[] = xs.filter((x) => x.origin === source);
        return [k, fitClusteredScale(cells, { source, skill: clusteredSkill(cells) })];
      }));
    });
    scales.catch(() => { if (this.scaleCache?.scales === scales) this.scaleCache = null; });
    this.scaleCache = { at: Date.now(), clock: now, dirty: false, scales };
    return scales;
  }

  /**
   * `r` with the verbal label of each stated probability (touch_probability, breakthrough_probability
   * and both sides' touch / breakthrough) replaced by the calibrated one of its kind and timeframe,
   * with how it was chosen (`calibration`); the fixed scale marked `not_calibrated` where the log
   * has too few resolved forecasts. A new object; `r` is not changed.
   */
  async withCalibratedWording<T extends TaResult>(r: T): Promise<T> {
    return labelWithScales(r, await this.scales().catch(() => new Map<string, CalibrationScale>()));
  }

  /**
   * Calibration per probability kind × timeframe over the resolved forecasts stated at or before
   * now, of the origin asked for: reliability bins, Brier score and skill, each interval over
   * episodes with the effective n; the served labels' source with the live evidence so far.
   */
  async calibration(q: { timeframe?: TaTimeframe; origin: EvidenceOrigin }): Promise<Calibration> {
    const now = this.d.clock.now();
    const origin = q.origin === 'all' ? undefined : q.origin;
    const [cells, pending] = await Promise.all([this.d.repo.forecastCells(now, { timeframe: q.timeframe }), this.d.repo.pendingCounts(now, origin)]);
    const groups: CalibrationGroup[] = [];
    for (const tf of TA_TIMEFRAMES) {
      if (q.timeframe && q.timeframe !== tf) continue;
      for (const kind of ['touch', 'breakthrough'] as const) {
        const every = cells.filter((r) => r.timeframe === tf && r.kind === kind);
        const sel = origin ? every.filter((r) => r.origin === origin) : every;
        const live = every.filter((r) => r.origin === 'live');
        const scale = fitClusteredScale(sel);
        groups.push({
          kind,
          timeframe: tf,
          ...clusteredSkill(sel),
          n_backfill: sel.filter((r) => r.origin === 'backfill').reduce((a, r) => a + r.n, 0),
          pending: pending.get(`${tf}:${kind}`) ?? 0,
          bins: clusteredBins(sel).map((b) => ({ lo: b.lo_p, hi: b.hi_p, n: b.n, stated: b.stated, observed: b.rate, n_eff: b.n_eff, observed_lo: b.lo, observed_hi: b.hi })),
          scale_status: scale.status,
          min_total: MIN_CALIBRATION_TOTAL,
          min_block: MIN_CALIBRATION_BLOCK,
          wording: scaleRows(scale),
          scale_source: scaleSource(every),
          n_live: live.reduce((a, r) => a + r.n, 0),
          n_eff_live: new Set(live.map((r) => r.episode)).size,
          min_live_episodes: MIN_LIVE_EPISODES,
        });
      }
    }
    return { origin: q.origin, as_of: now, groups };
  }

  /** The coin universe and each series' first and last candle (closed by now): the coverage note beside every record. */
  async coverage(): Promise<EvidenceCoverage> {
    const now = this.d.clock.now();
    const rows = await this.d.repo.seriesCoverage(now);
    const order = (tf: string) => TA_TIMEFRAMES.indexOf(tf as TaTimeframe);
    const series = rows.map((r) => ({ ...r, timeframe: r.timeframe as TaTimeframe })).sort((a, b) => a.symbol.localeCompare(b.symbol) || order(a.timeframe) - order(b.timeframe));
    return { as_of: now, coins: new Set(series.map((r) => r.symbol)).size, series };
  }

  // ---- strategies ---------------------------------------------------------------------------------

  /**
   * Stores the strategies of a generation (once per author, coin, term and basis candle; a stored
   * strategy is never changed). `createdAt` = clock time of generation.
   */
  async recordStrategies(author: string, row: CoinRow, pair: StrategyPair, basedOn: AiBasedOn | null, createdAt: number, origin: 'live' | 'backfill' = 'live'): Promise<number> {
    let n = 0;
    for (const term of ['short_term', 'medium_long_term'] as const) {
      const p = pair[term];
      // a plan that did not pass its bar was shown as "no trade", not proposed: nothing to score
      if (!p || p.decision?.trade === false) continue;
      const ok = await this.d.repo.insertStrategy({
        author, coinId: row.id, term, timeframe: p.timeframe, bias: p.bias, candleTime: p.candle_open_time, lastPrice: p.last_price, entryLow: p.entry_zone.low,
        entryHigh: p.entry_zone.high, targets: p.targets, invalidation: p.invalidation_price, horizonHours: p.horizon_hours, basedOn, origin, createdAt,
        dueAt: createdAt + p.horizon_hours * 3_600_000,
      });
      if (ok) n++;
    }
    return n;
  }

  /**
   * In-sample backfill of the built-in analyst's strategies of `row` over the stored history before
   * now (STRATEGY_BACKFILL): at each chosen candle the strategy rules (ai/strategy.ts buildPlan) on
   * the trend, direction, levels and ATR computed only from the candles up to that one (expanding
   * window, on the analysis thread), stored with origin `backfill`, created at the candle's close
   * and never changed. Incremental: only candles after the last backfilled one, and nothing (no
   * computation) when every candle in that range already has a stored strategy (live or backfill).
   * Returns how many strategies were stored.
   */
  async backfillStrategies(row: CoinRow, stopped: () => boolean = () => false): Promise<number> {
    if (!this.d.planInputs) return 0;
    const now = this.d.clock.now();
    let stored = 0;
    for (const b of STRATEGY_BACKFILL) {
      if (stopped()) break;
      if (!row.timeframes.includes(b.timeframe)) continue;
      const tfMs = TIMEFRAME_MS[b.timeframe];
      const stepMs = b.every * tfMs;
      const { s, from, to } = await this.d.history(row.symbol, b.timeframe, now);
      if (to - from <= STRATEGY_BACKFILL_FROM_INDEX) continue;
      const last = await this.d.repo.lastStrategyCandle('builtin', row.id, b.term, 'backfill');
      const scoring = await (this.d.allCandles ?? this.d.history)(row.symbol, this.scoringTimeframe(row), now);
      if (scoring.to <= scoring.from) continue;
      // the basis candle closes (the strategy is created) at or after the first scoring candle opens
      const after = Math.max(last ?? -Infinity, s.openTime[from + STRATEGY_BACKFILL_FROM_INDEX] - 1, now - b.days * 86_400_000, scoring.s.openTime[scoring.from] - tfMs - 1);
      const wanted: number[] = [];
      for (let i = to - 1; i >= from && s.openTime[i] > after; i--) if (s.openTime[i] % stepMs === 0) wanted.push(s.openTime[i]);
      if (!wanted.length) continue;
      const have = new Set(await this.d.repo.strategyCandles('builtin', row.id, b.term, after));
      if (wanted.every((t) => have.has(t))) continue;
      const inputs = await this.d.planInputs(row, b.timeframe, after, STRATEGY_BACKFILL_FROM_INDEX);
      const rows: NewStrategy[] = [];
      for (const x of inputs) {
        if (x.openTime % stepMs !== 0 || have.has(x.openTime)) continue;
        const plan = buildPlan({ timeframe: b.timeframe, candle_open_time: x.openTime, last_price: x.close, atr: x.atr, trend: x.trend, direction: x.direction, ...levelsOf(x.support, x.resistance, x.close), horizon_candles: SIGNAL_HORIZON_CANDLES[b.timeframe] });
        if (!plan) continue;
        const createdAt = x.openTime + tfMs;
        rows.push({
          author: 'builtin', coinId: row.id, term: b.term, timeframe: plan.timeframe, bias: plan.bias, candleTime: plan.candle_open_time, lastPrice: plan.last_price,
          entryLow: plan.entry_low, entryHigh: plan.entry_high, targets: plan.targets, invalidation: plan.invalidation, horizonHours: plan.horizon_hours,
          basedOn: { as_of: createdAt, candles: [{ symbol: row.symbol, timeframe: b.timeframe, open_time: x.openTime }], news_ids: [] }, origin: 'backfill', createdAt,
          dueAt: createdAt + plan.horizon_hours * 3_600_000,
        });
      }
      stored += await this.d.repo.insertStrategies(rows);
      await yieldNow();
    }
    return stored;
  }

  /** The candles a strategy of `row` is scored on: the finest it has, 5m, else 1h (a coin shipped without 5m candles). */
  private scoringTimeframe(row: CoinRow): TaTimeframe {
    return row.timeframes.includes('5m') ? '5m' : '1h';
  }

  /** Scores every stored strategy whose horizon has passed, on the 5m candles of its window (1h for a coin without 5m). Returns how many were scored. */
  async scoreDueStrategies(): Promise<number> {
    const now = this.d.clock.now();
    const due = await this.d.repo.dueStrategies(now);
    if (!due.length) return 0;
    const scores = [];
    let k = 0;
    for (const s of due) {
      if (++k % 25 === 0) await yieldNow();
      const row = this.d.coinRows().find((c) => c.id === s.coin_id);
      if (!row) continue;
      const tf = this.scoringTimeframe(row);
      const { s: cs, to } = await (this.d.allCandles ?? this.d.history)(row.symbol, tf, now);
      const a = lastIndexAtOrBefore(cs.openTime.subarray(0, to), s.created_at - 1) + 1;
      const b = lastIndexAtOrBefore(cs.openTime.subarray(0, to), s.due_at);
      const candles: Candle[] = [];
      for (let j = Math.max(0, a); j <= b; j++) candles.push({ time: cs.openTime[j], open: cs.open[j], high: cs.high[j], low: cs.low[j], close: cs.close[j], volume: cs.volume[j] });
      const r = scorePlan({ bias: s.bias, entryLow: s.entry_low, entryHigh: s.entry_high, target: s.targets[0] ?? null, invalidation: s.invalidation, horizonHours: s.horizon_hours, createdAt: s.created_at }, candles, this.feePct, TIMEFRAME_MS[tf]);
      if (r) scores.push({ id: s.id, ...r, feePct: this.feePct });
    }
    await this.d.repo.saveStrategyScores(scores, now);
    return scores.length;
  }

  /** The pass of {@link scoreDueStrategiesOfClose} for the clock's current 5m mark. */
  private closeScoring: { mark: number; pass: Promise<number> } | null = null;

  /**
   * {@link scoreDueStrategies} once per 5m mark of the clock: the first 5m analysis stored after a
   * close starts the pass, the others of the same close (every listed pair in live mode: 400 at
   * once) share it instead of each querying for due strategies again. A pass of an earlier mark
   * still running is awaited first. Resolves with the number scored by the shared pass.
   */
  scoreDueStrategiesOfClose(): Promise<number> {
    const mark = Math.floor(this.d.clock.now() / TIMEFRAME_MS['5m']);
    if (this.closeScoring?.mark === mark) return this.closeScoring.pass;
    const before = this.closeScoring?.pass.catch(() => 0) ?? Promise.resolve(0);
    const pass = before.then(() => this.scoreDueStrategies());
    this.closeScoring = { mark, pass };
    return pass;
  }

  /** {@link setupRecords} of the current clock hour. */
  private setupMemo: { hour: number; p: Promise<ReadonlyMap<string, SetupRecord>> } | null = null;

  /**
   * The record of every setup (author × timeframe × bias over every coin, live and backfill
   * strategies scored by now) as setupRecordOf of ai/strategy-gate.ts computes it, keyed
   * `author|timeframe|bias`. Computed at most once per clock hour (scores arrive as horizons pass).
   */
  setupRecords(): Promise<ReadonlyMap<string, SetupRecord>> {
    const now = this.d.clock.now();
    const hour = Math.floor(now / 3_600_000);
    if (this.setupMemo?.hour === hour) return this.setupMemo.p;
    const p = this.d.repo.strategies(now, {}).then((rows) => {
      const groups = new Map<string, ScoredCase[]>();
      for (const r of rows) {
        if (r.status === null) continue;
        const k = `${r.author}|${r.timeframe}|${r.bias}`;
        (groups.get(k) ?? groups.set(k, []).get(k)!).push({ bias: r.bias, coinId: r.coin_id, createdAt: r.created_at, horizonHours: r.horizon_hours, returnPct: r.return_pct ?? 0, holdLongPct: r.hold_pct ?? 0 });
      }
      const out = new Map<string, SetupRecord>();
      for (const [k, cases] of groups) {
        const rec = setupRecordOf(cases, this.feePct);
        if (rec) out.set(k, rec);
      }
      return out;
    });
    p.catch(() => {
      if (this.setupMemo?.p === p) this.setupMemo = null;
    });
    this.setupMemo = { hour, p };
    return p;
  }

  /** Track record of the stored strategies (per author × timeframe, then per author × coin × timeframe) and the latest 20. */
  async strategyRecord(q: { coin?: CoinRow; timeframe?: TaTimeframe; author?: string; origin: EvidenceOrigin }): Promise<StrategyRecord> {
    const now = this.d.clock.now();
    const rows = await this.d.repo.strategies(now, { coinId: q.coin?.id, timeframe: q.timeframe, author: q.author, origin: q.origin === 'all' ? undefined : q.origin });
    const sym = new Map(this.d.coinRows().map((c) => [c.id, c.symbol]));
    const groups = new Map<string, StrategyRow[]>();
    const add = (k: string, r: StrategyRow) => (groups.get(k) ?? groups.set(k, []).get(k)!).push(r);
    for (const r of rows) {
      add(`${r.author}\u0000\u0000${r.timeframe}`, r);
      add(`${r.author}\u0000${r.coin_id}\u0000${r.timeframe}`, r);
    }
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    // intervals over episodes: a coin's strategies of one term whose windows overlap count once
    const recordIntervals = (scored: StrategyRow[]) => {
      const st = strategyRecordStats(scored.map((r) => ({
        episode: strategyEpisode(r.author, r.coin_id, r.term, r.created_at, r.horizon_hours * 3_600_000),
        target_first: !!r.target_first, return_pct: r.return_pct ?? 0, hold_pct: r.hold_pct ?? 0,
      })));
      return { n_eff: st.n_eff, target_first_lo: st.target_first_lo, target_first_hi: st.target_first_hi, excess_pct: st.excess_pct, excess_lo: st.excess_lo, excess_hi: st.excess_hi };
    };
    const out: StrategyRecordRow[] = [...groups.entries()].map(([k, rs]) => {
      const [author, coin, timeframe] = k.split('\u0000');
      const scored = rs.filter((r) => r.status !== null);
      return {
        author,
        coin: coin ? { id: Number(coin), symbol: sym.get(Number(coin)) ?? '?' } : null,
        timeframe: timeframe as TaTimeframe,
        n: scored.length,
        n_backfill: scored.filter((r) => r.origin === 'backfill').length,
        entered: scored.filter((r) => r.entered).length,
        target_first: scored.filter((r) => r.target_first).length,
        invalidated: scored.filter((r) => r.status === 'invalidated').length,
        mean_return_pct: mean(scored.map((r) => r.return_pct ?? 0)),
        mean_hold_pct: mean(scored.map((r) => r.hold_pct ?? 0)),
        pending: rs.length - scored.length,
        ...recordIntervals(scored),
      };
    });
    out.sort((a, b) => Number(a.coin !== null) - Number(b.coin !== null) || a.author.localeCompare(b.author) || (a.coin?.symbol ?? '').localeCompare(b.coin?.symbol ?? '') || TA_TIMEFRAMES.indexOf(a.timeframe) - TA_TIMEFRAMES.indexOf(b.timeframe));
    const recent: ScoredStrategy[] = rows.slice(0, 20).map((r) => ({
      id: r.id, author: r.author, coin: { id: r.coin_id, symbol: sym.get(r.coin_id) ?? '?' }, term: r.term, timeframe: r.timeframe as TaTimeframe, bias: r.bias, origin: r.origin,
      created_at: r.created_at, candle_open_time: r.candle_time, entry_low: r.entry_low, entry_high: r.entry_high, targets: r.targets, invalidation: r.invalidation,
      horizon_hours: r.horizon_hours, status: (r.status ?? 'pending') as ScoredStrategy['status'], return_pct: r.return_pct, hold_pct: r.hold_pct,
    }));
    return { origin: q.origin, fee_pct: this.feePct, as_of: now, rows: out, recent };
  }
}

import type { Backtest, BacktestQuery, Coin, CoinRef, CoinWithSignals, LabelledTaResult, LatestAccuracy, PatternStat, PatternStats, SignalItem as SignalItemT, SignalsPage, TaResult, TaTimeframe, TrackRecord, TrackRecordItem } from '@coinlens/contracts';
import { roundEdge, roundPct, TIMEFRAME_MS } from '@coinlens/contracts';
import { baselineRate, type CalibrationScale, correctedRecords, type Episode, episodeEdge, NEUTRAL_BAND_PCT, SIGNAL_HORIZON_CANDLES, SIGNALS_BY_LABEL, type BacktestStop } from '@coinlens/ta';
import { labelWithScales } from '../calibration/calibrated-wording';
import { servedTa, signalTa } from './served-precision';
import { AppError } from '../../platform/errors';
import { ReadModels } from '../../platform/read-models';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import { lastIndexAtOrBefore } from '../../providers/market/series';
import type { CoinRow } from '../market/market.repository';
import type { MarketService } from '../market/market.service';
import type { SignalRow, SignalsRepository } from './signals.repository';
import { ACCURACY_WINDOW_MS, type SignalsPipeline } from './signals.pipeline';
import { defaultTimeframe, isTaTimeframe, orderByTimeframe, TA_TIMEFRAMES, timeframeLabel } from '@coinlens/contracts';

const DAY = 86_400_000;
/** Window of the hot list. */
export const HOT_WINDOW_MS = DAY;
/** Weight of a signal in the hot score, by timeframe. */
export const HOT_WEIGHTS: Record<TaTimeframe, number> = { '5m': 1, '1h': 2, '1d': 3 };

const nameOf = (label: string) => SIGNALS_BY_LABEL.get(label)?.name ?? { en: label, zh: label };

/** Every stored signal time (fired, due, candle) lies on this grid, so signal reads change only when the clock crosses it. */
export const SIGNAL_GRID_MS = TIMEFRAME_MS['5m'];

/** Dependencies of {@link SignalsReads}. */
export interface SignalsReadsDeps {
  repo: SignalsRepository;
  market: MarketService;
  source: MarketSource;
  clock: Clock;
  /** Computes a snapshot that is missing or asked to be recomputed, and reads stored candle history. */
  pipeline: SignalsPipeline;
  /** Where the read side stores its results (one of this process when absent). */
  readModels?: ReadModels;
  /**
   * The calibrated verbal scales per `timeframe:kind` (CalibrationService.scales): the labels of
   * every served probability come from them. Absent: the fixed scale, marked `not_calibrated`.
   */
  wordingScales?: () => Promise<ReadonlyMap<string, CalibrationScale>>;
}

/**
 * The signals read side (the `/api/crypto/ta/*` and `/api/signals/*` reads): TA snapshots per coin, the
 * signal lists (all, hot, following, with signals), accuracy, the track record and pattern
 * statistics, as data; their wire format (JSON texts stored per version, decision 050) is the
 * `SignalsPresenter`'s (signals.presenter.ts). Everything is read from candles and signals at or before the clock's now; a snapshot that
 * is missing or out of date is computed by the {@link SignalsPipeline}.
 */
export class SignalsReads {
  private readonly readModels: ReadModels;

  constructor(private readonly deps: SignalsReadsDeps) {
    this.readModels = deps.readModels ?? ReadModels.local();
  }


  /** The scales the served labels come from (empty when unavailable: the fixed scale). */
  private async scales(): Promise<ReadonlyMap<string, CalibrationScale>> {
    return (await this.deps.wordingScales?.().catch(() => null)) ?? new Map();
  }

  /** A stored analysis as served: timeframe label, close time, the calibrated verbal labels of its probabilities, served precision (servedTa). */
  private labelled(r: TaResult, scales: ReadonlyMap<string, CalibrationScale>): LabelledTaResult {
    return servedTa(labelWithScales({ ...r, label: timeframeLabel(r.current.timeframe), candle_close_time: r.current.candle_open_time + TIMEFRAME_MS[r.current.timeframe] }, scales));
  }

  /** GET /crypto/{coin}/ta/{timeframe}: the stored snapshot, recomputed when asked, missing or out of date. */
  async coinTa(coin: CoinRef, tf: TaTimeframe, refresh: boolean): Promise<LabelledTaResult> {
    const row = this.deps.market.resolve(coin);
    if (!row.timeframes.includes(tf)) {
      throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no ${tf} candles`, { details: { available: row.timeframes.filter(isTaTimeframe) } });
    }
    const now = this.deps.clock.now();
    const [latest] = await this.deps.source.getCandles(row.symbol, tf, { limit: 1 });
    if (!refresh && latest) {
      const [snap] = (await this.deps.repo.snapshots([row.id])).filter((x) => x.timeframe === tf);
      if (snap && snap.candle_time === latest.time && snap.candle_time + TIMEFRAME_MS[tf] <= now) return this.labelled(snap.result as TaResult, await this.scales());
    }
    const r = await this.deps.pipeline.refreshSnapshot(row, tf);
    if (!r) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no closed ${tf} candles at ${new Date(now).toISOString()}`, { details: { available: row.timeframes.filter(isTaTimeframe) } });
    return this.labelled(r, await this.scales());
  }

  /**
   * GET /api/signals/backtest: the catalogue's directional patterns (or `pattern`) traded on the
   * coin's stored candles closed by now (rules: @coinlens/ta runBacktest), off the request thread,
   * cached by key in the pipeline. 400 VALIDATION_FAILED for an unknown or neutral pattern, 404 for
   * an unknown coin, TIMEFRAME_NOT_AVAILABLE when the coin has no candles of the timeframe.
   */
  async backtest(q: BacktestQuery): Promise<Backtest> {
    const row = this.deps.market.resolve(q.coin);
    if (q.pattern) {
      const d = SIGNALS_BY_LABEL.get(q.pattern);
      if (!d) throw new AppError('VALIDATION_FAILED', `unknown pattern ${q.pattern}`, { fields: [{ path: 'query.pattern', message: 'unknown pattern' }] });
      if (d.direction === 'neutral') throw new AppError('VALIDATION_FAILED', `${q.pattern} is neutral`, { fields: [{ path: 'query.pattern', message: 'a neutral pattern has no direction to trade' }] });
    }
    const unavailable = () =>
      new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no ${q.timeframe} candles`, { details: { available: row.timeframes.filter(isTaTimeframe) } });
    if (!row.timeframes.includes(q.timeframe)) throw unavailable();
    const stop: BacktestStop = q.stop === 'atr' ? { kind: 'atr', multiple: q.stop_value ?? 2 } : q.stop === 'pct' ? { kind: 'pct', pct: q.stop_value ?? 5 } : { kind: 'none' };
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    const r = await this.deps.pipeline.backtest(row, q.timeframe, {
      horizon: q.horizon, feePct: q.fee, stop, from: q.from ? day(q.from) : undefined, to: q.to ? day(q.to) + DAY - 1 : undefined, patterns: q.pattern ? [q.pattern] : undefined,
    });
    if (!r) throw unavailable();
    return { ...r, coin: { id: row.id, symbol: row.symbol, name: row.name }, patterns: r.patterns.map((p) => ({ ...p, name: nameOf(p.label) })) };
  }

  /** Coins with at least one TA timeframe, in listing order. */
  analysedCoins(): CoinRow[] {
    return this.deps.market.coinRows.filter((c) => c.timeframes.some(isTaTimeframe));
  }

  private async accuracyByCoin(): Promise<Map<number, { hits: number; total: number }>> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.accuracy(now - ACCURACY_WINDOW_MS, now, 'coin_id');
    return new Map(rows.map((r) => [Number(r.key), { hits: r.hits, total: r.total }]));
  }

  /** Builds Signal items (contracts `Signal`) for coins: snapshots per timeframe (computed when missing or from after now). */
  async signalItems(rows: CoinRow[], extra: Map<number, number> = new Map()): Promise<SignalItemT[]> {
    const now = this.deps.clock.now();
    const [snaps, tickers, acc] = await Promise.all([this.deps.repo.snapshots(rows.map((r) => r.id)), this.deps.source.getTickers(), this.accuracyByCoin()]);
    const tickerOf = new Map(tickers.map((t) => [t.symbol, t]));
    const scales = await this.scales();
    const out: SignalItemT[] = [];
    for (const row of rows) {
      const results: TaResult[] = [];
      for (const tf of row.timeframes) {
        if (!isTaTimeframe(tf)) continue;
        const snap = snaps.find((x) => x.coin_id === row.id && x.timeframe === tf);
        if (snap && snap.candle_time + TIMEFRAME_MS[tf] <= now) results.push(snap.result as TaResult);
        else {
          const r = await this.deps.pipeline.refreshSnapshot(row, tf);
          if (r) results.push(r);
        }
      }
      if (!results.length) continue;
      const ta = orderByTimeframe(results.map((r) => this.labelled(r, scales)), (r) => r.current.timeframe);
      const defTf = defaultTimeframe(ta.map((r) => r.current.timeframe))!;
      const head = ta.find((r) => r.current.timeframe === defTf)!;
      const a = acc.get(row.id) ?? { hits: 0, total: 0 };
      const coin: Coin = this.deps.market.toCoin(row, tickerOf.get(row.symbol) ?? null);
      out.push({
        cryptocurrency: coin,
        ta_result: ta.map(signalTa),
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

  // ---- versions of the read side (the presenter stores its JSON texts per version) ----------------

  /**
   * Version of the signals read side: the `signals` generation (bumped by every write of
   * snapshots, signals or outcomes) and the step of the clock on the 5-minute grid (every stored
   * time lies on it, so windows such as "fired in the last 7 days" only move when it is crossed).
   */
  readVersion(): string {
    const generation = this.readModels.generation('signals');
    const step = Math.floor(this.deps.clock.now() / SIGNAL_GRID_MS);
    const v = this.lastReadVersion;
    if (v.generation !== generation || v.step !== step) this.lastReadVersion = { generation, step, text: `${generation}:${step}` };
    return this.lastReadVersion.text;
  }

  /** The last {@link readVersion} built (it changes once per grid step or generation, and is read by every request). */
  private lastReadVersion = { generation: -1, step: NaN, text: '' };

  /**
   * {@link latestAccuracy} of a coin (or all) computed once per read version in this process: for
   * readers inside the server (the analyst's facts) that need the figures, not the JSON text.
   * `since`/`until` are those of the computation (within one signal grid step of now).
   */
  latestAccuracyCached(coinId?: number): Promise<LatestAccuracy> {
    return this.readModels.get(`signals:accuracy-obj:${coinId ?? ''}`, this.readVersion(), () => this.latestAccuracy(coinId));
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
  coinId(coin: CoinRef): number {
    return this.deps.market.resolve(coin).id;
  }

  /**
   * GET /crypto/latest_accuracy: scored signals fired in the last 7 days of the clock (of one coin
   * when given), overall and per timeframe, each with its base rate and edge: per (coin, timeframe)
   * with scored signals, {@link baseRate} over the window; the rate of each signal's outcome
   * (up / down / flat by direction) weighted by the signal count per coin × timeframe × direction;
   * baseline n = the candles measured. Uncertainty by episodes (signals of any pattern on the same
   * coin and timeframe whose outcome windows overlap form one; n_eff = episodes), cluster-robust
   * (packages/ta episode-edge); Holm over the overall row and the timeframe rows, each interval
   * drawn at its corrected level.
   */
  async latestAccuracy(coinId?: number): Promise<LatestAccuracy> {
    const now = this.deps.clock.now();
    const since = now - ACCURACY_WINDOW_MS;
    const [rows, groups, episodes] = await Promise.all([this.deps.repo.accuracy(since, now, 'timeframe', coinId), this.deps.repo.scoredByDirection(since, now, coinId), this.deps.repo.scoredEpisodes(since, now, coinId)]);
    const base = new Map<string, { n: number; up: number; down: number; flat: number }>();
    for (const g of groups) {
      const key = `${g.coin_id}:${g.timeframe}`;
      const row = this.deps.market.coinRows.find((c) => c.id === g.coin_id);
      if (!base.has(key) && row && isTaTimeframe(g.timeframe)) base.set(key, await this.baseRate(row, g.timeframe, since, now));
    }
    type Acc = { hits: number; n: number; wSum: number; wP: number; measured: Set<string> };
    const acc = (): Acc => ({ hits: 0, n: 0, wSum: 0, wP: 0, measured: new Set() });
    const all = acc();
    const byTf = new Map(TA_TIMEFRAMES.map((tf) => [tf as string, acc()]));
    for (const g of groups) {
      const key = `${g.coin_id}:${g.timeframe}`;
      const b = base.get(key);
      const p = b ? baselineRate(b, g.direction as 'bullish' | 'bearish' | 'neutral') : null;
      for (const a of [all, byTf.get(g.timeframe)]) {
        if (!a) continue;
        a.hits += g.hits;
        a.n += g.n;
        if (p !== null) {
          a.wSum += g.n;
          a.wP += g.n * p;
          a.measured.add(key);
        }
      }
    }
    const epAll = new Map<string, Episode>();
    const epByTf = new Map(TA_TIMEFRAMES.map((tf) => [tf as string, new Map<string, Episode>()]));
    for (const r of episodes) {
      const b = base.get(`${r.coin_id}:${r.timeframe}`);
      const p = b ? baselineRate(b, r.direction as 'bullish' | 'bearish' | 'neutral') : null;
      if (p === null) continue;
      const key = `${r.coin_id}:${r.timeframe}:${r.episode}`;
      for (const m of [epAll, epByTf.get(r.timeframe)]) {
        if (!m) continue;
        const e = m.get(key) ?? { n: 0, hits: 0, baseSum: 0 };
        e.n += r.n;
        e.hits += r.hits;
        e.baseSum += r.n * p;
        m.set(key, e);
      }
    }
    const estOf = (a: Acc, eps: Map<string, Episode>) => episodeEdge([...eps.values()], [...a.measured].reduce((s, k) => s + base.get(k)!.n, 0), a.wSum > 0);
    const [edge, ...tfEdges] = correctedRecords([estOf(all, epAll), ...TA_TIMEFRAMES.map((tf) => estOf(byTf.get(tf)!, epByTf.get(tf)!))]);
    const by_timeframe = TA_TIMEFRAMES.map((tf, i) => {
      const r = rows.find((x) => x.key === tf) ?? { hits: 0, total: 0, pending: 0 };
      return { timeframe: tf, hits: r.hits, total: r.total, pending: r.pending, accuracy: r.total ? r.hits / r.total : null, horizon_candles: SIGNAL_HORIZON_CANDLES[tf], edge: tfEdges[i] };
    });
    const hits = by_timeframe.reduce((a, b) => a + b.hits, 0);
    const total = by_timeframe.reduce((a, b) => a + b.total, 0);
    const pending = by_timeframe.reduce((a, b) => a + b.pending, 0);
    return { accuracy: total ? hits / total : null, hits, total, pending, since, until: now, edge, by_timeframe };
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
    const { s, to } = await this.deps.pipeline.historyUntil(row.symbol, tf, now);
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
   * last 7 days beside the baseline of the same coins, timeframe, horizon and window; each name once
   * (`names`), the in / out of sample columns only when both samples have signals (PatternSamples),
   * figures at the served precision (roundEdge). Uncertainty by episodes of each pattern × coin ×
   * timeframe (n_eff), cluster-robust (packages/ta episode-edge), one Holm family per column, each
   * interval drawn at its corrected level.
   */
  async patternStats(q: { coin?: string; timeframe?: TaTimeframe }): Promise<PatternStats> {
    const now = this.deps.clock.now();
    const since = now - ACCURACY_WINDOW_MS;
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : undefined;
    const [groups, episodes] = await Promise.all([this.deps.repo.resolvedByPattern(since, now, coinId, q.timeframe), this.deps.repo.resolvedEpisodes(since, now, coinId, q.timeframe)]);
    const tfs = q.timeframe ? [q.timeframe] : TA_TIMEFRAMES.filter((tf) => groups.some((g) => g.timeframe === tf));
    const base = new Map<string, { n: number; up: number; down: number; flat: number }>();
    for (const tf of tfs) {
      const coinIds = [...new Set(groups.filter((g) => g.timeframe === tf).map((g) => g.coin_id))];
      for (const id of coinIds) {
        const row = this.deps.market.coinRows.find((c) => c.id === id);
        if (row) base.set(`${id}:${tf}`, await this.baseRate(row, tf, since, now));
      }
    }
    // `measured`: the coin × timeframe baselines in the column; a coin with backfill and live
    // signals of the pattern has two groups but its candles count once (as in latestAccuracy)
    type Acc = { hits: number; n: number; wSum: number; wP: number; measured: Set<string> };
    const acc = (): Acc => ({ hits: 0, n: 0, wSum: 0, wP: 0, measured: new Set() });
    const stats = new Map<string, { label: string; timeframe: TaTimeframe; direction: string; move: number; all: Acc; backfill: Acc; live: Acc }>();
    for (const g of groups) {
      const key = `${g.label}:${g.timeframe}`;
      const e = stats.get(key) ?? { label: g.label, timeframe: g.timeframe as TaTimeframe, direction: g.direction, move: 0, all: acc(), backfill: acc(), live: acc() };
      e.move += g.move;
      const baseKey = `${g.coin_id}:${g.timeframe}`;
      const b = base.get(baseKey);
      const p = b && b.n > 0 ? (g.direction === 'bullish' ? b.up : g.direction === 'bearish' ? b.down : b.flat) / b.n : null;
      for (const a of [e.all, g.origin === 'live' ? e.live : e.backfill]) {
        a.hits += g.hits;
        a.n += g.n;
        if (b && p !== null) {
          a.wSum += g.n;
          a.wP += g.n * p;
          a.measured.add(baseKey);
        }
      }
      stats.set(key, e);
    }
    const rows = [...stats.values()];
    // Episodes of each row per column; in `all` an episode spanning backfill and live is one.
    type Eps = { all: Map<string, Episode>; backfill: Episode[]; live: Episode[] };
    const eps = new Map<string, Eps>();
    for (const r of episodes) {
      const key = `${r.label}:${r.timeframe}`;
      const b = base.get(`${r.coin_id}:${r.timeframe}`);
      const p = b && b.n > 0 ? baselineRate(b, (stats.get(key)?.direction ?? 'neutral') as 'bullish' | 'bearish' | 'neutral') : null;
      if (p === null) continue;
      const e = eps.get(key) ?? { all: new Map(), backfill: [], live: [] };
      const part = { n: r.n, hits: r.hits, baseSum: r.n * p };
      (r.origin === 'live' ? e.live : e.backfill).push(part);
      const whole = e.all.get(`${r.coin_id}:${r.episode}`) ?? { n: 0, hits: 0, baseSum: 0 };
      whole.n += part.n;
      whole.hits += part.hits;
      whole.baseSum += part.baseSum;
      e.all.set(`${r.coin_id}:${r.episode}`, whole);
      eps.set(key, e);
    }
    // Baseline of a row: the per-coin base rates weighted by where the pattern fired; its n is the
    // candles of those coins in the window. One Holm family per column (all / in / out of sample).
    const baseNOf = (a: Acc) => [...a.measured].reduce((sum, k) => sum + base.get(k)!.n, 0);
    const episodesOf = (r: (typeof rows)[number], col: 'all' | 'backfill' | 'live'): Episode[] => {
      const e = eps.get(`${r.label}:${r.timeframe}`);
      return !e ? [] : col === 'all' ? [...e.all.values()] : e[col];
    };
    const family = (col: 'all' | 'backfill' | 'live') => correctedRecords(rows.map((r) => episodeEdge(episodesOf(r, col), baseNOf(r[col]), r[col].wSum > 0)));
    const all = family('all');
    const inSample = family('backfill');
    const outSample = family('live');
    const samples = { in_sample: rows.reduce((a, r) => a + r.backfill.n, 0), out_of_sample: rows.reduce((a, r) => a + r.live.n, 0) };
    // one sample only: its figures are `all` in every row (same signals, same Holm family), sent once
    const both = samples.in_sample > 0 && samples.out_of_sample > 0;
    const items: PatternStat[] = rows.map((e, i) => ({
      label: e.label,
      direction: e.direction as PatternStat['direction'],
      timeframe: e.timeframe,
      // signed in the pattern's direction: + = the price moved the way the pattern pointed (a bearish pattern followed by a fall is positive)
      avg_move_pct: e.all.n ? roundPct(((e.direction === 'bearish' ? -1 : 1) * e.move) / e.all.n) : null,
      all: roundEdge(all[i]),
      ...(both ? { in_sample: roundEdge(inSample[i]), out_of_sample: roundEdge(outSample[i]) } : {}),
    }));
    items.sort((a, b) => b.all.n - a.all.n || a.label.localeCompare(b.label) || a.timeframe.localeCompare(b.timeframe));
    const names = Object.fromEntries([...new Set(items.map((s) => s.label))].sort().map((label) => [label, nameOf(label)]));
    return { since, until: now, samples, names, items };
  }
}

import { TIMEFRAME_MS, type TaResult, type TaTimeframe } from '@coinlens/contracts';
import { Screen, SCREEN_FIELDS, type SavedScreen, type SaveScreenBody, type ScreenHit, type ScreenResult } from '@coinlens/contracts/screener/screen';
import { SIGNAL_CATALOGUE } from '@coinlens/ta';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SeriesColumns } from '../../providers/market/series';
import { savedScreenLimit } from '../billing/plans';
import type { CoinRow } from '../market/market.repository';
import type { MarketService } from '../market/market.service';
import { compileScreen, hitOf, rowOf, runScreen, screenErrors, type ScreenCoin, type ScreenRow } from './screen-eval';
import type { SavedScreenRow, ScreenerRepository } from './screener.repository';

/** Stored candles of (symbol, tf) closed by `until`, the latest `maxCandles` (SignalsPipeline.historyUntil). */
export type ScreenerHistory = (symbol: string, tf: TaTimeframe, until: number, maxCandles: number) => Promise<{ s: SeriesColumns; from: number; to: number }>;

/** Dependencies of the {@link ScreenerService}. */
export interface ScreenerDeps {
  repo: ScreenerRepository;
  market: MarketService;
  clock: Clock;
  /** The stored analyses (ta_snapshots) of every coin on a timeframe, the latest per coin; of the coins `coinIds` only when given. */
  snapshots: (tf: TaTimeframe, coinIds?: number[]) => Promise<{ coin_id: number; candle_time: number; result: unknown }[]>;
  /** The candle open time and computing time (ms) of each coin's stored analysis on a timeframe, without the analysis. */
  snapshotTimes: (tf: TaTimeframe) => Promise<{ coin_id: number; candle_time: number; computed_at: number }[]>;
  /** The stored candles the volume figures are read from. */
  history: ScreenerHistory;
  /** Version of the stored analyses (SignalsReads.readVersion): the rows are rebuilt when it changes. */
  version: () => string;
  now?: () => number;
}

/** A coin that entered a saved screen at a candle close, for the enter alert of that screen's rules. */
export interface ScreenEntry {
  screenId: number;
  userId: number;
  name: string;
  hit: ScreenHit;
}

const iso = (t: number) => new Date(t).toISOString();
/** Candles of the stored history read per coin: 2 × the 24 h window of 5m candles and the volume-ratio window. */
const VOLUME_CANDLES = 2 * 288 + 22;

/**
 * The screener: a screen run in memory over one row of figures per listed coin and timeframe
 * (screen-eval.ts), the rows built from the stored analyses once per version of the analyses (so a
 * screen over hundreds of coins costs one pass over their rows); the saved screens of signed-in
 * users (plan limit: Free 1, Pro 20; 409 SCREEN_LIMIT_REACHED, 404 SCREEN_NOT_FOUND); and the
 * coins that entered a saved screen at a candle close ({@link entered}, for the alerts evaluator).
 * An unknown pattern in a signal condition is 400 VALIDATION_FAILED naming the condition.
 */
export class ScreenerService {
  private readonly tables = new Map<TaTimeframe, { version: string; rows: Promise<ScreenRow[]> }>();
  /** The row of each coin from the last build of a timeframe, with the listing row and the analysis (key: candle/computing time) it was built from. */
  private readonly built = new Map<TaTimeframe, Map<number, { key: string; coin: CoinRow; candleTime: number; row: ScreenRow }>>();
  /** The last build started per timeframe (the next one waits for it). */
  private readonly building = new Map<TaTimeframe, Promise<unknown>>();
  private readonly patterns = new Set(SIGNAL_CATALOGUE.map((s) => s.label));

  constructor(private readonly d: ScreenerDeps) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  /** Fields and the signal catalogue a condition can name. */
  catalogue() {
    return { patterns: SIGNAL_CATALOGUE.map((s) => ({ label: s.label, name: s.name, direction: s.direction })), fields: [...SCREEN_FIELDS] };
  }

  private coinOf(row: CoinRow): ScreenCoin {
    return { id: row.id, slug: row.slug, symbol: row.symbol, name: row.name };
  }

  /** The row of (row, tf) at the analysis `r`, with its volume figures from the stored candles (none when they cannot be read). */
  async rowFor(row: CoinRow, r: TaResult): Promise<ScreenRow> {
    const tf = r.current.timeframe;
    const close = r.current.candle_open_time + TIMEFRAME_MS[tf];
    const h = await this.d.history(row.symbol, tf, close, VOLUME_CANDLES).catch(() => null);
    return rowOf(this.coinOf(row), r, h?.s ?? null);
  }

  /**
   * Builds the rows of `tf` for the analyses stored now: one per listed coin whose stored analysis
   * closed by the clock's now. Only the coins whose analysis changed since the last build (another
   * candle time or computing time, a replaced listing row, or new) are read and built again; the others keep their row, so the analyses of
   * another timeframe (which change the version too) cost one query of candle times.
   */
  private async build(tf: TaTimeframe): Promise<ScreenRow[]> {
    const byCoin = new Map(this.built.get(tf) ?? []);
    const times = await this.d.snapshotTimes(tf);
    const present = new Set(times.map((t) => t.coin_id));
    for (const id of byCoin.keys()) if (!present.has(id)) byCoin.delete(id);
    const keyOf = new Map(times.map((t) => [t.coin_id, `${t.candle_time}/${t.computed_at}`]));
    const rowOfId = new Map(this.d.market.coinRows.map((c) => [c.id, c]));
    // a coin whose listing row was replaced (a new name or symbol) is built again too
    const changed = times.filter((t) => byCoin.get(t.coin_id)?.key !== keyOf.get(t.coin_id) || byCoin.get(t.coin_id)?.coin !== rowOfId.get(t.coin_id)).map((t) => t.coin_id);
    if (changed.length) {
      for (const snap of await this.d.snapshots(tf, changed)) {
        const row = rowOfId.get(snap.coin_id);
        // keyed by the times read first: an analysis stored in between is read again by the next build
        if (row) byCoin.set(snap.coin_id, { key: keyOf.get(snap.coin_id)!, coin: row, candleTime: snap.candle_time, row: await this.rowFor(row, snap.result as TaResult) });
      }
    }
    this.built.set(tf, byCoin);
    const now = this.d.clock.now();
    const listed = new Set(this.d.market.coinRows.map((c) => c.id));
    const out: ScreenRow[] = [];
    for (const [id, b] of byCoin) if (listed.has(id) && b.candleTime + TIMEFRAME_MS[tf] <= now) out.push(b.row);
    return out;
  }

  /** The rows of `tf` for the current version of the analyses (built once per version; a failed build is retried by the next request). */
  rows(tf: TaTimeframe): Promise<ScreenRow[]> {
    const version = this.d.version();
    const cur = this.tables.get(tf);
    if (cur && cur.version === version) return cur.rows;
    // builds of one timeframe run one after another, each from the rows the last one left
    const rows = (this.building.get(tf) ?? Promise.resolve()).catch(() => undefined).then(() => this.build(tf));
    this.building.set(tf, rows);
    this.tables.set(tf, { version, rows });
    rows.catch(() => {
      if (this.tables.get(tf)?.rows === rows) this.tables.delete(tf);
    });
    return rows;
  }

  /** Throws 400 VALIDATION_FAILED when a signal condition names an unknown pattern. */
  validate(screen: Screen, prefix = 'body'): void {
    const fields = screenErrors(screen, this.patterns, prefix);
    if (fields.length) throw new AppError('VALIDATION_FAILED', 'Validation failed', { fields });
  }

  /** Runs `screen` over the rows of its timeframe (see {@link runScreen}). */
  async run(screen: Screen): Promise<ScreenResult> {
    this.validate(screen);
    const rows = await this.rows(screen.timeframe);
    return this.answer(screen, rows);
  }

  /** The answer of `screen` over `rows` (no I/O: what the benchmark measures). */
  answer(screen: Screen, rows: readonly ScreenRow[]): ScreenResult {
    const { total, items } = runScreen(compileScreen(screen), rows);
    let last = -Infinity;
    for (const r of rows) if (r.candleOpenTime > last) last = r.candleOpenTime;
    return {
      timeframe: screen.timeframe,
      coins: this.d.market.coinRows.filter((c) => c.timeframes.includes(screen.timeframe)).length,
      analysed: rows.length,
      total,
      as_of: rows.length ? iso(last + TIMEFRAME_MS[screen.timeframe]) : null,
      items,
    };
  }

  private toSaved(r: SavedScreenRow): SavedScreen {
    return {
      id: r.id,
      name: r.name,
      screen: Screen.parse(r.definition),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      alert: r.rule_id == null ? null : { rule_id: r.rule_id, active: !!r.rule_active },
    };
  }

  /** The saved screens of `userId` and the plan's limit. */
  async list(userId: number, isPro: boolean): Promise<{ screens: SavedScreen[]; limit: number }> {
    return { screens: (await this.d.repo.list(userId)).map((r) => this.toSaved(r)), limit: savedScreenLimit(isPro) };
  }

  /** Saves a screen. 409 SCREEN_LIMIT_REACHED (`details.limit`) at the plan's limit. */
  async create(userId: number, isPro: boolean, body: SaveScreenBody): Promise<SavedScreen> {
    this.validate(body.screen, 'body.screen');
    const limit = savedScreenLimit(isPro);
    const r = await this.d.repo.insert(userId, body.name, body.screen.timeframe, body.screen, limit, this.now());
    if (!r) throw new AppError('SCREEN_LIMIT_REACHED', `Your plan allows ${limit} saved screens; delete one first`, { details: { limit } });
    return this.toSaved(r);
  }

  /** Replaces a saved screen (its enter alert starts from a new baseline). 404 SCREEN_NOT_FOUND. */
  async update(userId: number, id: number, body: SaveScreenBody): Promise<SavedScreen> {
    this.validate(body.screen, 'body.screen');
    if (!(await this.d.repo.update(userId, id, body.name, body.screen.timeframe, body.screen, this.now()))) throw new AppError('SCREEN_NOT_FOUND', 'No such saved screen');
    return this.toSaved((await this.d.repo.one(userId, id))!);
  }

  /** Deletes a saved screen with its enter alerts. 404 SCREEN_NOT_FOUND. */
  async remove(userId: number, id: number): Promise<boolean> {
    if (!(await this.d.repo.remove(userId, id))) throw new AppError('SCREEN_NOT_FOUND', 'No such saved screen');
    return true;
  }

  /** Whether saved screen `id` is `userId`'s. */
  owns(userId: number, id: number): Promise<boolean> {
    return this.d.repo.owns(userId, id);
  }

  /**
   * The saved screens among `screenIds` of timeframe `tf` that `row` entered with the analysis `r`
   * of a just-closed candle: the coin meets the screen now and did not at the previous candle close
   * of `tf` (the memory of `screen_matches`). A screen without a memory of that previous close
   * (just saved or changed, or the previous close was not evaluated) takes this close as its
   * baseline and fires nothing. Records this close's outcome for every screen evaluated.
   */
  async entered(row: CoinRow, tf: TaTimeframe, r: TaResult, screenIds: number[]): Promise<ScreenEntry[]> {
    const screens = (await this.d.repo.byIds(screenIds)).filter((s) => s.timeframe === tf);
    if (!screens.length) return [];
    const openTime = r.current.candle_open_time;
    const srow = await this.rowFor(row, r);
    const prev = new Map((await this.d.repo.matchesOf(row.id, screens.map((s) => s.id))).map((m) => [m.screen_id, m]));
    const out: ScreenEntry[] = [];
    const save: { screenId: number; matched: boolean; screenUpdatedAt: number }[] = [];
    for (const s of screens) {
      const parsed = Screen.safeParse(s.definition);
      if (!parsed.success) continue;
      const cs = compileScreen(parsed.data);
      const held = cs.held(srow);
      const p = prev.get(s.id);
      if (p && p.candle_time >= openTime) continue; // this close (or a later one) was evaluated already
      save.push({ screenId: s.id, matched: !!held, screenUpdatedAt: s.updated_at });
      const baseline = p && p.screen_updated_at === s.updated_at && p.candle_time === openTime - TIMEFRAME_MS[tf];
      if (held && baseline && !p.matched) out.push({ screenId: s.id, userId: s.user_id, name: s.name, hit: hitOf(cs, srow, held) });
    }
    await this.d.repo.saveMatches(row.id, save, openTime);
    return out;
  }
}

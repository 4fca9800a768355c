import type { TaTimeframe } from '@coinlens/contracts';
import { Coin as CoinSchema, GetLatestAccuracyResponse, GetPatternStatsResponse, GetTrackRecordResponse, SignalItem } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import { encodeJson, fillTemplateBody, NOW_SLOT, type ReadModels, SINCE_SLOT, thenNow, toTemplate, type JsonTemplate } from '../../platform/read-models';
import type { CoinRow } from '../market/market.repository';
import type { MarketPresenter } from '../market/market.presenter';
import type { MarketService } from '../market/market.service';
import { ACCURACY_WINDOW_MS } from './signals.pipeline';
import type { SignalsReads } from './signals.reads';

/** Start of a stored Signal item's JSON text; the coin (with its live price) follows. */
const ITEM_HEAD = '{"cryptocurrency":';

/** Dependencies of {@link SignalsPresenter}. */
export interface SignalsPresenterDeps {
  /** The data: signal items, hot scores, track record, pattern statistics, accuracy, read version. */
  reads: SignalsReads;
  market: MarketService;
  /** The coins' JSON texts with their live prices (one per price version). */
  marketPresenter: MarketPresenter;
  clock: Clock;
  /** Where the JSON texts are stored per version (the same as the reads'). */
  readModels: ReadModels;
}

/**
 * The wire format of the signals reads (`/api/crypto/ta/*`, `/api/signals/*`, latest accuracy):
 * the JSON bytes of each page, stored in the read models per version (decision 050) and built
 * from {@link SignalsReads}' data. A Signal item is stored without its coin (whose price moves
 * every second): an item is `ITEM_HEAD + coin JSON + tail`, so a page is joined from the stored
 * tails and the coins of the current price version without encoding either again. Figures that
 * depend on the request's clock (`now`, `since`, `until`) are slots of a stored template, filled
 * per request.
 */
export class SignalsPresenter {
  constructor(private readonly deps: SignalsPresenterDeps) {}

  /**
   * The Signal item of every analysed coin as JSON text without its coin: computed once per read
   * version (shared through Redis). Returns [coin id, tail] in listing order; coins without
   * analysis are absent.
   */
  private itemTails(): Promise<[number, string][]> {
    const { reads } = this.deps;
    return this.deps.readModels.get(
      'signals:item-tails',
      reads.readVersion(),
      async () =>
        (await reads.signalItems(reads.analysedCoins())).map((item): [number, string] => {
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
    const [tails, coins] = await Promise.all([this.itemTails(), this.deps.marketPresenter.coinJsons()]);
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

  /** {@link pageJson} encoded once (UTF-8): the stored page is sent as bytes, not encoded again per request. */
  private static pageBody(items: string[], hasNext: boolean): Buffer {
    return Buffer.from(SignalsPresenter.pageJson(items, hasNext), 'utf8');
  }

  /** Version of a page of items: the reads' version and the price version (items carry live prices). */
  private pageVersion(): string {
    return `${this.deps.reads.readVersion()}:${this.deps.market.priceVersion()}`;
  }

  /** GET /crypto/ta/all as JSON bytes (`{result: SignalsPage}`, stored per version): any offset/limit from the stored items. */
  allBody(offset: number, limit: number): Buffer | Promise<Buffer> {
    return this.deps.readModels.getNow(`signals:all:${offset}:${limit}`, this.pageVersion(), async () => {
      const rows = this.deps.reads.analysedCoins();
      return SignalsPresenter.pageBody(await this.itemJsons(rows.slice(offset, offset + limit)), offset + limit < rows.length);
    }, { stale: true });
  }

  /** GET /crypto/ta/hot as JSON bytes: hot scores once per read version, items from the stored ones. */
  hotBody(offset: number, limit: number): Buffer | Promise<Buffer> {
    return this.deps.readModels.getNow(`signals:hot:${offset}:${limit}`, this.pageVersion(), async () => {
      const { reads } = this.deps;
      const scores = await this.deps.readModels.get('signals:hot-scores', reads.readVersion(), () => reads.hotScores(), { shared: true });
      const byId = new Map(reads.analysedCoins().map((c) => [c.id, c]));
      const ranked = scores.filter((x) => byId.has(x.id));
      const page = ranked.slice(offset, offset + limit);
      return SignalsPresenter.pageBody(await this.itemJsons(page.map((x) => byId.get(x.id)!), new Map(page.map((x) => [x.id, x.score]))), offset + limit < ranked.length);
    }, { stale: true });
  }

  /** GET /crypto/ta/following as JSON text: the given (followed) coins in that order, from the stored items. */
  async followingJson(coinIds: number[], offset: number, limit: number): Promise<string> {
    const byId = new Map(this.deps.reads.analysedCoins().map((c) => [c.id, c]));
    const rows = coinIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return SignalsPresenter.pageJson(await this.itemJsons(rows.slice(offset, offset + limit)), offset + limit < rows.length);
  }

  /** GET /signals/track-record as JSON bytes: stored per query and read version; `now` is this request's. */
  trackRecordBody(q: Parameters<SignalsReads['trackRecord']>[0]): Buffer | Promise<Buffer> {
    const { reads } = this.deps;
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : '';
    const t = this.deps.readModels.getNow(
      `signals:track:${coinId}:${q.timeframe ?? ''}:${q.label ?? ''}:${q.status ?? ''}:${q.offset}:${q.limit}`,
      reads.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetTrackRecordResponse, { result: { ...(await reads.trackRecord(q)), now: NOW_SLOT } }), [NOW_SLOT]),
      { shared: true, stale: true },
    );
    return thenNow(t, this.nowBody);
  }

  /** GET /signals/pattern-stats as JSON bytes: stored per query and read version; `since`/`until` are this request's. */
  patternStatsBody(q: { coin?: string; timeframe?: TaTimeframe }): Buffer | Promise<Buffer> {
    const { reads } = this.deps;
    const coinId = q.coin ? this.deps.market.resolve(q.coin).id : '';
    const t = this.deps.readModels.getNow(
      `signals:patterns:${coinId}:${q.timeframe ?? ''}`,
      reads.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetPatternStatsResponse, { result: { ...(await reads.patternStats(q)), since: SINCE_SLOT, until: NOW_SLOT } }), [NOW_SLOT, SINCE_SLOT]),
      { shared: true, stale: true },
    );
    return thenNow(t, this.windowBody);
  }

  /**
   * GET /crypto/latest_accuracy as JSON bytes: stored per coin and read version; `since`/`until` are
   * this request's. A hit held by this process is answered synchronously (a Buffer), else a promise.
   */
  latestAccuracyBody(coinId?: number): Buffer | Promise<Buffer> {
    const { reads } = this.deps;
    const key = coinId === undefined ? 'signals:accuracy:' : `signals:accuracy:${coinId}`;
    const t = this.deps.readModels.getNow(
      key,
      reads.readVersion(),
      async (): Promise<JsonTemplate> => toTemplate(encodeJson(GetLatestAccuracyResponse, { result: { ...(await reads.latestAccuracy(coinId)), since: SINCE_SLOT, until: NOW_SLOT } }), [NOW_SLOT, SINCE_SLOT]),
      { shared: true, stale: true },
    );
    return thenNow(t, this.windowBody);
  }

  /** A template of the accuracy window filled with this request's `until` (now) and `since`. */
  private readonly windowBody = (t: JsonTemplate): Buffer => {
    const now = this.deps.clock.now();
    return fillTemplateBody(t, { [NOW_SLOT]: now, [SINCE_SLOT]: now - ACCURACY_WINDOW_MS });
  };

  /** A template with a `now` slot filled with this request's clock. */
  private readonly nowBody = (t: JsonTemplate): Buffer => fillTemplateBody(t, { [NOW_SLOT]: this.deps.clock.now() });
}

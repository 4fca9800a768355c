import type { FeedFilter, FeedHeat, Lang } from '@coinlens/contracts';
import { GetLatestFeedsResponse } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import { encodeJson, type ReadModels } from '../../platform/read-models';
import type { MarketService } from '../market/market.service';
import { FEEDS_REUSE_MS } from './news.pipeline';
import type { NewsReads } from './news.reads';

/**
 * The wire format of the news reads: the bytes of `GET /api/feeds/latest` (without a personal
 * filter), built from {@link NewsReads.latest} and stored in the read models.
 */
export class NewsPresenter {
  constructor(private readonly deps: { news: NewsReads; market: MarketService; clock: Clock; readModels: ReadModels }) {}

  /**
   * GET /feeds/latest without a personal filter, as JSON bytes (`{result: LatestFeeds}`, UTF-8): stored per
   * query (coin resolved first: COIN_NOT_FOUND) and version = the `news` generation and the
   * FEEDS_REUSE_MS step of the clock; shared through Redis. A page held by this process is
   * returned within the call (a Buffer, no promise).
   */
  latestBody(q: { limit: number; offset: number; filter: FeedFilter; heat: FeedHeat; lang: Lang; coin?: string }): Buffer | Promise<Buffer> {
    const { news, market, clock, readModels } = this.deps;
    const coin = q.coin ? String(market.resolve(q.coin).id) : '';
    const version = `${readModels.generation('news')}:${Math.floor(clock.now() / FEEDS_REUSE_MS)}`;
    const key = `news:latest:${q.filter}:${q.heat}:${q.lang}:${coin}:${q.offset}:${q.limit}`;
    const held = readModels.peekBytes(key, version, { stale: true });
    if (held !== undefined) return held;
    return readModels.getBytes(key, version, async () => encodeJson(GetLatestFeedsResponse, { result: await news.latest({ ...q, coin: coin || undefined }) }), { shared: true });
  }
}

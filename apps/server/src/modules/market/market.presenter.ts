import { Coin } from '@coinlens/contracts';
import { encodeJson, type ReadModels } from '../../platform/read-models';
import type { MarketService } from './market.service';

/**
 * The wire format of the market reads: the JSON text of each coin with its live price and the
 * bytes of `GET /api/crypto/all`, built from {@link MarketService}'s data and stored in the read
 * models once per price version (`MarketService.priceVersion`), so a request on a warm process is
 * answered without encoding anything.
 */
export class MarketPresenter {
  constructor(private readonly deps: { market: MarketService; readModels: ReadModels }) {}

  /** Every coin with its price as JSON text (the `Coin` contract), by coin id: computed once per price version. */
  coinJsons(): Promise<Map<number, string>> {
    const { market, readModels } = this.deps;
    return readModels.get('market:coin-json', market.priceVersion(), async () => new Map((await market.listAll()).map((c) => [c.id, encodeJson(Coin, c)])));
  }

  /** GET /crypto/all as JSON bytes (`{result: Coin[]}`, UTF-8, listing order), computed and encoded once per price version. */
  allCoinsBody(): Buffer | Promise<Buffer> {
    const { market, readModels } = this.deps;
    return readModels.getNow('market:all', market.priceVersion(), async () => {
      const coins = await this.coinJsons();
      return Buffer.from(`{"result":[${market.coinRows.map((c) => coins.get(c.id)!).join(',')}]}`, 'utf8');
    }, { stale: true });
  }
}

/** One coin's price in a `tick` event of the market stream. */
export interface TickPrice {
  symbol: string;
  lastPrice: number | null;
  priceChangePercent: number | null;
}

/**
 * The `tick` frames of the market stream (`GET /api/stream/market`), serialised once per tick for
 * every client: `full` lists every coin's price, `delta` only the prices that changed since the
 * previous tick (`delta: true`). A connection gets `delta` when the last frame it was sent was the
 * previous tick, and `full` otherwise (its first tick, or after it skipped one): clients merge a
 * tick into the prices they hold, so they never miss a change. With hundreds of pairs, most of
 * which do not move in a given second, this is what keeps a tick small for thousands of clients.
 */
export class TickFrames {
  private last: { now: number; prevNow: number | null; full: string; delta: string } | null = null;
  private prices = new Map<string, string>();

  constructor(private readonly format: (event: string, data: unknown) => string) {}

  /**
   * The frame for a connection whose last tick frame was at `sentNow` (null: none yet).
   * @param tickers every coin's price at `now` (ms, market clock)
   */
  frameFor(tickers: readonly TickPrice[], now: number, sentNow: number | null): string {
    if (this.last?.now !== now) {
      const all = tickers.map((t) => ({ symbol: t.symbol, lastPrice: t.lastPrice, priceChangePercent: t.priceChangePercent }));
      const key = (p: TickPrice) => `${p.lastPrice}|${p.priceChangePercent}`;
      const changed = all.filter((p) => this.prices.get(p.symbol) !== key(p));
      this.prices = new Map(all.map((p) => [p.symbol, key(p)]));
      this.last = {
        now,
        prevNow: this.last?.now ?? null,
        full: this.format('tick', { type: 'tick', now, prices: all }),
        delta: this.format('tick', { type: 'tick', now, delta: true, prices: changed }),
      };
    }
    return sentNow !== null && sentNow === this.last.prevNow ? this.last.delta : this.last.full;
  }
}

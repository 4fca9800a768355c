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

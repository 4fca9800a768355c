import { useTranslation } from 'react-i18next';
import type { Coin } from '@coinlens/contracts';
import { formatCompact } from '../lib/format';
import { useClock } from '../lib/clock';
import { isSnapshotAfterClock } from '../lib/snapshot-date';

/**
 * True when the API serves a price and candles for the coin (`market_data` `replay` or `live`).
 * The client never guesses from a missing price: a coin with `none` gets no price requests at all.
 */
export function hasMarketData(c: Pick<Coin, 'market_data'>): boolean {
  return c.market_data === 'replay' || c.market_data === 'live';
}

/**
 * "Circulating supply 589.25T SHIB (CoinMarketCap, 2025-08-02)" or null without a snapshot; when the
 * snapshot is dated after the market clock's day, the line says so ("…, after the market date 2025-05-16").
 */
export function useSupplyLine(c: Pick<Coin, 'symbol' | 'circulating_supply' | 'supply_as_of'>): string | null {
  const { t } = useTranslation();
  const { now } = useClock();
  if (c.circulating_supply == null || !c.supply_as_of) return null;
  const args = { supply: formatCompact(c.circulating_supply), symbol: c.symbol, date: c.supply_as_of };
  return isSnapshotAfterClock(c.supply_as_of, now) ? t('market.supplyAfterClock', { ...args, clock: new Date(now).toISOString().slice(0, 10) }) : t('market.supply', args);
}

/**
 * What a coin without market data (`market_data: 'none'`) shows in place of its price: "No
 * replayed market data for SHIB", plus its supply snapshot where known. `layout` `row`: one line for
 * table rows, search results and the watchlist; `block`: heading and explanation (coin page).
 */
export function NoMarketData({ coin, layout = 'row', className = '' }: { coin: Pick<Coin, 'symbol' | 'circulating_supply' | 'supply_as_of'>; layout?: 'row' | 'block'; className?: string }) {
  const { t } = useTranslation();
  const supply = useSupplyLine(coin);
  if (layout === 'block')
    return (
      <div className={`text-[13px] ${className}`} data-testid="no-market-data">
        <p className="font-semibold text-fg">{t('market.noData', { symbol: coin.symbol })}</p>
        <p className="mt-1 max-w-md text-muted">{t('market.noDataBody', { symbol: coin.symbol })}</p>
        {supply && <p className="mt-1 text-muted">{supply}</p>}
      </div>
    );
  return (
    <span className={`block text-[12px] leading-snug text-muted ${className}`} data-testid="no-market-data">
      <span className="block">{t('market.noData', { symbol: coin.symbol })}</span>
      {supply && <span className="block text-[11px]">{supply}</span>}
    </span>
  );
}

import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import type { Coin } from '@coinlens/contracts';
import { useTranslation } from 'react-i18next';
import { useAllCoins } from '../../lib/market-queries';
import { errorKey, isCancelled } from '../../lib/api';
import { useMarketStream } from '../../lib/live-prices';
import { Container } from '../../components/layout/PageShell';
import { DataCredits, ErrorState, Panel, Skeleton } from '../../components/ui';
import { AfterPaint } from '../../components/AfterPaint';
import { NearViewport } from '../../components/NearViewport';
import { ReplayBadge } from '../../components/ReplayBadge';
import { MarketOverview } from './MarketOverview';
import { CoinTable, CoinTableSkeleton } from './CoinTable';
import { useFallbackPrices } from '../../lib/use-fallback-prices';
import { retryImport } from '../../lib/retry';

/** The side column (story of the day, watchlist, news): its own chunk, below the coin table on a phone. */
const SideColumn = lazy(() => retryImport(() => import('./SideColumn')));

/** Placeholder of the side column while it waits to mount (about its first screen's height). */
function SideColumnSkeleton() {
  return (
    <div className="flex min-w-0 flex-col gap-4" aria-busy="true">
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/**
 * The coins by CMC rank; the unranked ones (live mode: pairs no supply snapshot covers) after them by
 * 24 h quote volume on Binance spot, largest first, then by symbol.
 */
function byRank(coins: Coin[] | undefined): Coin[] {
  return coins
    ? [...coins].sort((a, b) => (a.cmc_rank ?? 1e9) - (b.cmc_rank ?? 1e9) || (b.volume24h ?? -1) - (a.volume24h ?? -1) || a.symbol.localeCompare(b.symbol))
    : [];
}

/**
 * Home: market overview cards, the live coin table and the news slots. The page itself does not
 * follow the market stream: the price cells of the table and the trending card subscribe to the
 * live prices themselves, so a tick (every second) renders those, not the page.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const coinsQ = useAllCoins();
  // The coins render as a transition when they arrive (in short slices, not one long task).
  const data = useDeferredValue(coinsQ.data);
  const coins = useFallbackPrices(useMemo(() => byRank(data), [data]));
  useMarketStream({});
  const failed = coinsQ.isError && !isCancelled(coinsQ.error);

  return (
    <Container className="space-y-4 py-4 sm:py-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-lg font-semibold sm:text-xl">{t('heading')}</h1>
            <ReplayBadge />
          </div>
          <p className="mt-0.5 text-[13px] text-muted">{t('subheading')}</p>
        </div>
      </div>

      <MarketOverview coins={coins} coinsLoading={!data && !failed} />

      <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_360px]">
        <Panel
          title={coins.some((c) => c.cmc_rank == null) ? t('table.titleThenVolume') : t('table.title')}
          labelledBy="coin-table-title"
          actions={data ? <span className="num text-[12px] whitespace-nowrap text-muted">{t('table.count', { count: coins.length })}</span> : null}
          className="overflow-hidden"
        >
          {failed ? (
            <ErrorState messageKey={errorKey(coinsQ.error)} onRetry={() => void coinsQ.refetch()} />
          ) : !data ? (
            <CoinTableSkeleton />
          ) : coins.length === 0 ? (
            <p className="px-4 py-8 text-center text-[13px] text-muted">{t('table.empty')}</p>
          ) : (
            <CoinTable coins={coins} />
          )}
        </Panel>
        {/* Loaded and mounted two painted frames after the page: its code is not in the page's
            first JavaScript, the coin table's first render and commit do not share a task with the
            news column's, and the news requests start after the coins' (the prices come first). On
            a phone, where the column is below the whole coin list, only once the reader scrolls
            within a screen of it: its requests and renders do not compete with the page's start. */}
        <NearViewport fallback={<SideColumnSkeleton />}>
          <AfterPaint stage={2} fallback={<SideColumnSkeleton />}>
            <Suspense fallback={<SideColumnSkeleton />}>
              <SideColumn />
            </Suspense>
          </AfterPaint>
        </NearViewport>
      </div>

      <DataCredits />
    </Container>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Change, CoinLogo, EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { formatPercent, formatUsd } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useFollowing, watchlistStats } from './queries';
import { FollowButton } from './FollowButton';
import { NoMarketData } from '../../components/NoMarketData';
import { useAllCoins } from '../../lib/market-queries';
import { useCoinName } from '../../lib/coin-name';

/**
 * Search-to-add on the watchlist page: a field over all listed coins (symbol or name, up to 8
 * matches), each with the star that follows or unfollows it.
 */
function AddCoins() {
  const { t } = useTranslation('shell');
  const coinName = useCoinName();
  const coins = useAllCoins();
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const matches = q ? (coins.data ?? []).filter((c) => c.symbol.toLowerCase().includes(q) || c.name.toLowerCase().includes(q) || coinName(c).toLowerCase().includes(q)).slice(0, 8) : [];
  return (
    <div className="mb-3" data-testid="watchlist-add">
      <label className="mb-1 block text-[12px] font-medium text-muted" htmlFor="watchlist-add-input">{t('watch.addTitle')}</label>
      <input id="watchlist-add-input" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('watch.addPlaceholder')} className="h-9 w-full rounded-md border border-border bg-surface px-3 text-[13px]" data-testid="watchlist-add-search" />
      {q && (
        <ul className="mt-1 divide-y divide-border rounded-md border border-border" data-testid="watchlist-add-results">
          {matches.map((c) => (
            <li key={c.id} className="flex items-center gap-2 px-2 py-1.5">
              <CoinLogo src={c.logo} symbol={c.symbol} size={20} />
              <span className="min-w-0 flex-1 text-[13px]"><span className="font-medium">{coinName(c)}</span> <span className="text-muted">{c.symbol}</span></span>
              <FollowButton variant="star" coin={c.slug || String(c.id)} name={coinName(c)} />
            </li>
          ))}
          {!matches.length && <li className="px-2 py-2 text-[12px] text-muted">{t('search.empty')}</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * The watchlist: 24 h gainers/losers statistics, a search field over the followed coins, the
 * coins with price and change, and remove (with confirmation). Signed out: a sign-in prompt.
 * `compact` is the home-page section (first 6 coins, link to the full view), titled "Watchlist";
 * the full view sits under its page's heading and has no title of its own.
 */
export function WatchlistView({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const coinName = useCoinName();
  const { lang = 'en-US' } = useParams();
  const { token } = useSession();
  const q = useFollowing();
  const [filter, setFilter] = useState('');
  const items = useMemo(() => {
    const all = q.data ?? [];
    const f = filter.trim().toLowerCase();
    return f ? all.filter((x) => x.cryptocurrency.symbol.toLowerCase().includes(f) || x.cryptocurrency.name.toLowerCase().includes(f) || coinName(x.cryptocurrency).toLowerCase().includes(f)) : all;
  }, [q.data, filter, coinName]);
  const stats = watchlistStats(q.data ?? []);
  const title = compact ? t('watchlist') : undefined;
  if (!token)
    return (
      <Panel title={title}>
        <EmptyState title={t('watch.signInTitle')} body={t('watch.signInBody')} testId="watchlist-signin">
          <div className="mt-3 flex justify-center gap-2">
            <Link to={`/${lang}/login`} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white">{t('login')}</Link>
            <Link to={`/${lang}/register`} className="rounded-md border border-border px-3 py-1.5 text-[13px] font-medium">{t('register')}</Link>
          </div>
        </EmptyState>
      </Panel>
    );
  return (
    <Panel title={title} actions={compact && (q.data?.length ?? 0) > 0 ? <Link to={`/${lang}/following`} className="text-[13px] text-primary-600 dark:text-primary-400">{t('watch.viewAll')}</Link> : undefined}>
      <div className="px-3 py-3 sm:px-4" data-testid="watchlist-body">
        {!compact && <AddCoins />}
        {q.isLoading ? (
          <div className="space-y-2" aria-busy="true"><Skeleton className="h-10 w-full" /><Skeleton className="h-10 w-full" /></div>
        ) : q.isError ? (
          <ErrorState onRetry={() => void q.refetch()} />
        ) : !q.data?.length ? (
          <EmptyState title={t('watch.emptyTitle')} body={t('watch.emptyBody')} testId="watchlist-empty" />
        ) : (
          <>
            <div className="mb-3 grid grid-cols-3 gap-2 text-center text-[12px]" data-testid="watchlist-stats">
              <div className="rounded-md bg-up-soft px-2 py-1.5"><div className="text-[16px] font-semibold text-up tabular-nums">{stats.gainers}</div>{t('watch.gainers')}</div>
              <div className="rounded-md bg-down-soft px-2 py-1.5"><div className="text-[16px] font-semibold text-down tabular-nums">{stats.losers}</div>{t('watch.losers')}</div>
              <div className="rounded-md bg-surface-2 px-2 py-1.5"><div className="text-[13px] font-semibold tabular-nums">{stats.best ? `${stats.best.cryptocurrency.symbol} ${formatPercent(stats.best.cryptocurrency.priceChangePercent)}` : '—'}</div>{t('watch.best')}</div>
            </div>
            {!compact && (
              <input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('watch.searchPlaceholder')} aria-label={t('watch.searchPlaceholder')} className="mb-3 h-9 w-full rounded-md border border-border bg-surface px-3 text-[13px]" data-testid="watchlist-search" />
            )}
            <ul className="divide-y divide-border" data-testid="watchlist-items">
              {(compact ? items.slice(0, 6) : items).map((f) => (
                <li key={f.id} className="flex items-center gap-3 py-2" data-testid="watchlist-row" data-coin={f.cryptocurrency.slug}>
                  <Link to={`/${lang}/crypto/${f.cryptocurrency.slug}`} className="flex min-w-0 flex-1 items-center gap-2">
                    <CoinLogo src={f.cryptocurrency.logo} symbol={f.cryptocurrency.symbol} size={24} />
                    <span className="truncate text-[14px] font-medium">{coinName(f.cryptocurrency)}</span>
                    <span className="text-[12px] text-muted">{f.cryptocurrency.symbol}</span>
                  </Link>
                  {f.cryptocurrency.market_data === 'none' ? (
                    <NoMarketData coin={f.cryptocurrency} className="max-w-[50%] text-right" />
                  ) : (
                    <span className="text-right text-[13px] tabular-nums">
                      <span className="block">{formatUsd(f.cryptocurrency.lastPrice)}</span>
                      <Change value={f.cryptocurrency.priceChangePercent} className="text-[12px]" />
                    </span>
                  )}
                  {!compact && <FollowButton coin={f.cryptocurrency.slug} name={coinName(f.cryptocurrency)} />}
                </li>
              ))}
            </ul>
            {!compact && items.length === 0 && <p className="py-4 text-center text-[13px] text-muted">{t('search.empty')}</p>}
          </>
        )}
      </div>
    </Panel>
  );
}

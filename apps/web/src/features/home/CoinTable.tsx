import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { elementTiming, markFirstContent } from '../../lib/perf-marks';
import { useCoinLivePrice } from '../../lib/live-prices';
import type { Coin } from '@coinlens/contracts';
import { formatCompact, formatUsd } from '../../lib/format';
import { Change, CoinLogo, FlashValue, Skeleton } from '../../components/ui';
import { useMediaQuery } from '../../lib/use-media-query';
import { hasMarketData, NoMarketData } from '../../components/NoMarketData';
import { FollowButton } from '../watchlist';
import { useCoinName } from '../../lib/coin-name';

const th = 'px-3 py-2 text-[12px] font-medium text-muted whitespace-nowrap';
const td = 'px-3 py-2 whitespace-nowrap';

function coinHref(lang: string | undefined, c: Coin) {
  return `/${lang}/crypto/${c.slug || c.id}`;
}

/**
 * A coin's price at the live price (the market stream's, else the coin's own), flashing when it
 * moves. It follows its own coin in the live price store: a market tick re-renders this cell and
 * {@link LiveChange}, not the row (logo, name, links, follow button) around them.
 */
function LivePrice({ c }: { c: Coin }) {
  const live = useCoinLivePrice(c);
  const price = live?.lastPrice ?? c.lastPrice;
  return <FlashValue value={price}>{formatUsd(price)}</FlashValue>;
}

/** A coin's 24h change at the live price, like {@link LivePrice}. */
function LiveChange({ c, className }: { c: Coin; className?: string }) {
  const live = useCoinLivePrice(c);
  return <Change value={live?.priceChangePercent ?? c.priceChangePercent} className={className} />;
}

/**
 * One row of the desktop table. Memoised, and its coin object does not change with the market's
 * ticks: only its price and change cells follow them ({@link LivePrice}).
 */
const DesktopRow = memo(function DesktopRow({ c, lang, navigate, first }: { c: Coin; lang: string | undefined; navigate: (to: string) => void; first: boolean }) {
  const coinName = useCoinName();
  return (
    <tr
      className="cursor-pointer border-b border-border last:border-0 hover:bg-surface-2/70"
      onClick={() => navigate(coinHref(lang, c))}
      data-symbol={c.symbol}
    >
      <td className={`${td} num text-muted`}>
        <span className="flex items-center gap-1">
          <FollowButton variant="star" coin={c.slug || String(c.id)} name={coinName(c)} />
          {c.cmc_rank ?? '—'}
        </span>
      </td>
      <td className={td}>
        <Link to={coinHref(lang, c)} className="flex items-center gap-2" onClick={(e) => e.stopPropagation()}>
          <CoinLogo src={c.logo} symbol={c.symbol} size={22} />
          <span className="font-semibold text-fg">{coinName(c)}</span>
          <span className="text-[12px] text-muted">{c.symbol}</span>
        </Link>
      </td>
      {c.market_data === 'none' ? (
        <td colSpan={3} className="px-3 py-2 text-right">
          <NoMarketData coin={c} />
        </td>
      ) : (
        <>
          <td className={`${td} text-right font-medium`} data-testid="coin-price" {...elementTiming('coinlens:prices', first)}>
            <LivePrice c={c} />
          </td>
          <td className={`${td} text-right`}>
            <LiveChange c={c} />
          </td>
          <td className={`${td} num text-right text-fg`}>{formatCompact(c.volume24h, '$')}</td>
        </>
      )}
    </tr>
  );
});

/** Desktop/tablet table (md and up). */
function DesktopTable({ coins }: { coins: Coin[] }) {
  const { t } = useTranslation('home');
  const { lang } = useParams();
  const navigate = useNavigate();
  return (
    <table className="hidden w-full border-collapse text-[13px] md:table" data-testid="coin-table">
      <thead className="border-b border-border bg-surface-2/60">
        <tr>
          <th scope="col" className={`${th} w-16 text-left`}>
            {t('table.rank')}
          </th>
          <th scope="col" className={`${th} text-left`}>
            {t('table.name')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('table.price')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('table.change24h')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('table.volume24h')}
          </th>
        </tr>
      </thead>
      <tbody>
        {coins.map((c, i) => (
          <DesktopRow key={c.id} c={c} lang={lang} navigate={navigate} first={i === 0} />
        ))}
      </tbody>
    </table>
  );
}

/** One row of the phone list; memoised like {@link DesktopRow}. */
const CompactRow = memo(function CompactRow({ c, lang, volumeShort, first }: { c: Coin; lang: string | undefined; volumeShort: string; first: boolean }) {
  const coinName = useCoinName();
  return (
    <li className="flex items-center">
      <Link to={coinHref(lang, c)} className="flex min-w-0 flex-1 items-center gap-2.5 px-3 py-2.5 active:bg-surface-2">
        <span className="num w-5 shrink-0 text-[11px] text-muted">{c.cmc_rank ?? ''}</span>
        <CoinLogo src={c.logo} symbol={c.symbol} size={26} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[14px] font-semibold">{c.symbol}</span>
          <span className="block truncate text-[11px] text-muted">
            {hasMarketData(c) ? `${coinName(c)} · ${volumeShort} ${formatCompact(c.volume24h, '$')}` : coinName(c)}
          </span>
        </span>
        {c.market_data === 'none' ? (
          <NoMarketData coin={c} className="max-w-[58%] shrink-0 text-right" />
        ) : (
        <span className="shrink-0 text-right">
          <span className="block text-[14px] font-medium" data-testid="coin-price" {...elementTiming('coinlens:prices', first)}>
            <LivePrice c={c} />
          </span>
          <LiveChange c={c} className="text-[12px]" />
        </span>
        )}
      </Link>
      <span className="pr-2 empty:hidden"><FollowButton variant="star" coin={c.slug || String(c.id)} name={coinName(c)} /></span>
    </li>
  );
});

/** Phone list (< md): logo, name/symbol, price and change. */
function CompactList({ coins }: { coins: Coin[] }) {
  const { lang } = useParams();
  const { t } = useTranslation('home');
  const volumeShort = t('table.volumeShort');
  return (
    <div className="md:hidden">
      {/* the rows' short volume label, said in full once: where the figure comes from */}
      <p className="border-b border-border px-4 py-1.5 text-[11px] text-muted" data-testid="coin-list-volume-note">
        {t('table.volumeNote')}
      </p>
      <ul className="divide-y divide-border" data-testid="coin-list">
        {coins.map((c, i) => (
          <CompactRow key={c.id} c={c} lang={lang} volumeShort={volumeShort} first={i === 0} />
        ))}
      </ul>
    </div>
  );
}

/** Loading rows for both layouts. */
export function CoinTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div className="space-y-2 p-3" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="h-6 w-6 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-4 w-16 md:block" />
        </div>
      ))}
    </div>
  );
}

/**
 * The live coin table (desktop) / compact list (phone), of `coins` as the API gave them (their
 * price cells follow the market stream themselves). Only the layout of the current width is
 * rendered; both where the width is unknown (no matchMedia).
 */
export function CoinTable({ coins }: { coins: Coin[] }) {
  const wide = useMediaQuery('(min-width: 768px)');
  const priced = coins.some((c) => c.lastPrice != null);
  useEffect(() => {
    if (priced) markFirstContent('coinlens:prices');
  }, [priced]);
  return (
    <>
      {wide !== false && <DesktopTable coins={coins} />}
      {wide !== true && <CompactList coins={coins} />}
    </>
  );
}

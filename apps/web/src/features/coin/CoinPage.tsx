import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CoinDetail, TaTimeframe, Timeframe } from '@coinlens/contracts';
import { isTaTimeframe } from '@coinlens/contracts/common/timeframe';
import { useCoinDetail } from '../../lib/market-queries';
import { useLivePrice } from '../../lib/live-prices';
import { useClock } from '../../lib/clock';
import { isSnapshotAfterClock } from '../../lib/snapshot-date';
import { ApiError, errorKey, isCancelled } from '../../lib/api';
import { formatCompact, formatDateUtc, formatNumber, formatUsd } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useCopy } from '../../lib/use-copy';
import { Container } from '../../components/layout/PageShell';
import { Change, CoinLogo, DataCredits, EmptyState, ErrorState, FlashValue, Panel, Skeleton } from '../../components/ui';
import { ReplayBadge } from '../../components/ReplayBadge';
import { AfterPaint } from '../../components/AfterPaint';
import { FollowButton } from '../watchlist';
import { CoinAlertButton } from '../alerts';
import { CoinChart, defaultChartTimeframe } from './CoinChart';
import { CoinNews } from './CoinNews';
import { CoinTechnicalAnalysis } from './ta/CoinTechnicalAnalysis';
import { CoinAiPanel } from './ai/CoinAiPanel';
import { ChatPanel } from '../chat';
import { useFallbackPrices } from '../../lib/use-fallback-prices';
import { hasMarketData, NoMarketData } from '../../components/NoMarketData';
import { useCoinName } from '../../lib/coin-name';

function Stat({ label, children, sub }: { label: ReactNode; children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 border-b border-border py-2 last:border-0">
      <dt className="text-[12px] text-muted">{label}</dt>
      <dd className="num min-w-0 text-right text-[13px] font-medium">
        {children}
        {sub && <span className="block text-[11px] font-normal text-muted">{sub}</span>}
      </dd>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { state, copy } = useCopy();
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="shrink-0 rounded border border-border px-1.5 py-0.5 text-[11px] text-muted hover:bg-surface-2 hover:text-fg"
      onClick={() => void copy(text)}
    >
      {state === 'copied' ? t('states.copied') : state === 'failed' ? t('errors:COPY_FAILED') : t('states.copy')}
    </button>
  );
}

function shortAddress(a: string) {
  return a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a;
}

function CoinHeader({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation('coin');
  const coinName = useCoinName();
  const live = useLivePrice(coin.symbol);
  const [base] = useFallbackPrices([coin]);
  const price = live?.lastPrice ?? base.lastPrice;
  const change = live?.priceChangePercent ?? base.priceChangePercent;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 lg:flex-row lg:items-center lg:justify-between" data-testid="coin-header">
      <div className="flex min-w-0 items-center gap-3">
        <CoinLogo src={coin.logo} symbol={coin.symbol} size={40} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h1 className="truncate text-xl font-semibold">{coinName(coin)}</h1>
            <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[12px] font-medium text-muted">{coin.symbol}</span>
            {coin.cmc_rank != null && <span className="num rounded bg-surface-2 px-1.5 py-0.5 text-[12px] text-muted">{t('rank', { rank: coin.cmc_rank })}</span>}
            <FollowButton coin={coin.slug} name={coinName(coin)} />
            <CoinAlertButton coin={{ slug: coin.slug, symbol: coin.symbol, name: coin.name }} price={price} />
          </div>
          <div className="mt-1">
            <ReplayBadge />
          </div>
        </div>
      </div>
      {coin.market_data === 'none' ? (
        <NoMarketData coin={coin} layout="block" className="lg:max-w-md lg:text-right" />
      ) : (
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <div>
          <p className="sr-only">{t('price')}</p>
          <p className="text-[28px] leading-none font-semibold" data-testid="coin-price">
            <FlashValue value={price}>{formatUsd(price)}</FlashValue>
          </p>
          <p className="mt-1 text-[13px]">
            <Change value={change} pill /> <span className="text-[12px] text-muted">{t('change24h')}</span>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-5 gap-y-0.5 text-[12px]">
          <dt className="text-muted">{t('high24h')}</dt>
          <dd className="num text-right font-medium">{formatUsd(coin.high24h)}</dd>
          <dt className="text-muted">{t('low24h')}</dt>
          <dd className="num text-right font-medium">{formatUsd(coin.low24h)}</dd>
        </dl>
      </div>
      )}
    </section>
  );
}

function StatsPanel({ coin }: { coin: CoinDetail }) {
  const { t, i18n } = useTranslation('coin');
  const { mode, now } = useClock();
  // A supply listing dated after the market clock (replay of an earlier period) is not "as of" it: say so.
  const asOf = !coin.supply_as_of
    ? undefined
    : isSnapshotAfterClock(coin.supply_as_of, now)
      ? t('stats.supplyAfterClock', { date: formatDateUtc(coin.supply_as_of, i18n.language), clock: formatDateUtc(now, i18n.language) })
      : t('stats.supplyAsOf', { date: formatDateUtc(coin.supply_as_of, i18n.language) });
  // the server's `credits` are its English attribution; the page writes the credits in the reader's language
  const credits = [mode === 'replay' ? t('stats.creditMarketReplay') : t('stats.creditMarket'), coin.supply_as_of ? t('stats.creditSupply', { date: coin.supply_as_of }) : null];
  const sym = coin.symbol;
  return (
    <Panel title={t('stats.title')}>
      <dl className="px-4 py-1" data-testid="coin-stats">
        <Stat label={t('stats.marketCap')}>{formatCompact(coin.market_cap, '$')}</Stat>
        <Stat label={t('stats.volume24h')}>{formatCompact(coin.volume24h, '$')}</Stat>
        <Stat label={t('stats.fdv')}>{formatCompact(coin.fdv, '$')}</Stat>
        <Stat label={t('stats.volumeMarketCap')}>{coin.volume_market_cap_ratio == null ? '—' : `${(coin.volume_market_cap_ratio * 100).toFixed(2)}%`}</Stat>
        <Stat label={t('stats.circulatingSupply')}>{coin.circulating_supply == null ? '—' : `${formatNumber(coin.circulating_supply)} ${sym}`}</Stat>
        <Stat label={t('stats.totalSupply')}>{coin.total_supply == null ? '—' : `${formatNumber(coin.total_supply)} ${sym}`}</Stat>
        <Stat label={t('stats.maxSupply')}>{coin.max_supply != null ? `${formatNumber(coin.max_supply)} ${sym}` : coin.supply_as_of ? t('stats.unlimited') : '—'}</Stat>
      </dl>
      {/* a coin outside the supply snapshot (live mode lists every pair of the exchange): say why the figures are missing */}
      {!coin.supply_as_of && coin.symbol !== 'USDT' && (
        <p className="px-4 pb-2 text-[12px] text-muted" data-testid="coin-supply-missing">
          {t('stats.supplyMissing')}
        </p>
      )}
      <p className="border-t border-border px-4 py-2 text-[11px] text-muted" data-testid="coin-credits">
        {[asOf, ...credits].filter(Boolean).join(' · ')}
      </p>
    </Panel>
  );
}

function ContractsPanel({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation('coin');
  return (
    <Panel title={t('contracts.title')}>
      {coin.contracts.length === 0 ? (
        <p className="px-4 py-3 text-[13px] text-muted">{t('contracts.none')}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="coin-contracts">
          {coin.contracts.map((c) => (
            <li key={`${c.chain}:${c.address}`} className="flex items-center gap-2 px-4 py-2 text-[12px]">
              <span className="w-24 shrink-0 truncate font-medium">{c.chain}</span>
              <code className="min-w-0 flex-1 truncate font-mono text-muted" title={c.address}>
                {shortAddress(c.address)}
              </code>
              <CopyButton text={c.address} label={t('contracts.copy')} />
              {c.explorer && (
                <a
                  href={c.explorer}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="shrink-0 text-primary-600 hover:underline dark:text-primary-400"
                  aria-label={t('contracts.explorer')}
                  title={t('contracts.explorer')}
                >
                  ↗
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AboutPanel({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation('coin');
  const coinName = useCoinName();
  const description = coin.cryptocurrency_contents.description;
  return (
    <Panel title={t('about.title', { name: coinName(coin) })}>
      <div className="space-y-2 px-4 py-3 text-[13px] leading-relaxed">
        {description ? (
          <p className="whitespace-pre-line text-fg" lang={coin.cryptocurrency_contents.lang}>
            {description}
          </p>
        ) : (
          <p className="whitespace-pre-line text-fg">{t('about.noDescription')}</p>
        )}
        {coin.website && (
          <p>
            <span className="text-muted">{t('about.website')}: </span>
            <a href={coin.website} target="_blank" rel="noopener noreferrer" className="break-all text-primary-600 hover:underline dark:text-primary-400">
              {coin.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          </p>
        )}
      </div>
    </Panel>
  );
}

/** Space of a panel below the chart until it mounts (AfterPaint): about the height of its own loading state. */
function SectionSkeleton() {
  return <Skeleton className="h-72 w-full rounded-lg" />;
}

function CoinSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" data-testid="coin-loading">
      <Skeleton className="h-24 w-full" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Skeleton className="h-[460px] w-full" />
        <Skeleton className="h-[460px] w-full" />
      </div>
    </div>
  );
}

/** Coin detail `/:lang/crypto/:id` (`id` = slug or numeric id). */
export default function CoinPage() {
  const { id, lang } = useParams();
  const { t } = useTranslation('coin');
  const q = useCoinDetail(id);
  const coinName = useCoinName();
  // Rendered as a transition when the coin arrives: React builds the page in short slices instead
  // of one long task (the answer's render is otherwise synchronous), so input and paint go on.
  const coin = useDeferredValue(q.data);
  // The page's one coin reference (CoinRef, canonical form: the slug) for every call below.
  const ref = coin?.slug ?? '';
  usePageTitle(coin ? t('common:titles.coin', { name: `${coinName(coin)} (${coin.symbol})` }) : q.isError ? t('notFound.heading') : t('common:titles.coinFallback'));

  // One timeframe for the chart and the analysis panel: the panel lists the levels the chart draws.
  const [chosenTf, setChosenTf] = useState<{ coin: string; tf: Timeframe } | null>(null);
  const timeframe: Timeframe = coin && chosenTf?.coin === coin.slug ? chosenTf.tf : coin ? defaultChartTimeframe(coin) : '1h';
  const setTimeframe = (tf: Timeframe) => coin && setChosenTf({ coin: coin.slug, tf });
  const taTimeframe: TaTimeframe = isTaTimeframe(timeframe) ? timeframe : '1h';

  const notFound = q.error instanceof ApiError && (q.error.code === 'COIN_NOT_FOUND' || q.error.status === 404 || q.error.status === 400);
  const failed = q.isError && !isCancelled(q.error);

  return (
    <Container className="space-y-4 py-4 sm:py-5">
      {notFound ? (
        <Panel>
          <EmptyState title={t('notFound.heading')} body={t('notFound.body', { id })} testId="coin-not-found">
            <Link to={`/${lang}/home`} className="mt-2 rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
              {t('common:notFound.backHome')}
            </Link>
          </EmptyState>
        </Panel>
      ) : failed ? (
        <Panel>
          <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
        </Panel>
      ) : !coin ? (
        <CoinSkeleton />
      ) : (
        <>
          <CoinHeader coin={coin} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
            <div className="flex min-w-0 flex-col gap-4">
              <CoinChart coin={coin} coinRef={ref} timeframe={timeframe} onTimeframe={setTimeframe} />
              {/* no candles, no analysis: a coin without market data makes no request that must fail */}
              {/* Below the chart on a phone: mounted one painted frame after another, so that their
                  first render, commit and requests run in tasks of their own (AfterPaint). */}
              {hasMarketData(coin) && (
                <AfterPaint stage={2} fallback={<SectionSkeleton />}>
                  <CoinTechnicalAnalysis coin={coin} timeframe={taTimeframe} onTimeframe={setTimeframe} />
                </AfterPaint>
              )}
              {hasMarketData(coin) && (
                <AfterPaint stage={3} fallback={<SectionSkeleton />}>
                  <CoinAiPanel coinId={ref} symbol={coin.symbol} />
                </AfterPaint>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-4">
              <StatsPanel coin={coin} />
              <ContractsPanel coin={coin} />
              <ChatPanel coinId={ref} symbol={coin.symbol} />
              <AfterPaint stage={4} fallback={<SectionSkeleton />}>
                <CoinNews coinRef={ref} symbol={coin.symbol} />
              </AfterPaint>
            </div>
          </div>
          <AboutPanel coin={coin} />
          <DataCredits />
        </>
      )}
    </Container>
  );
}

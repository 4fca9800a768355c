import { memo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Coin } from '@coinlens/contracts';
import { useFearGreed, useMarketCap } from '../../lib/market-queries';
import { errorKey, isCancelled } from '../../lib/api';
import { formatCompact, formatDateUtc, formatPercent, formatUsd } from '../../lib/format';
import { Change, CoinLogo, ErrorState, Skeleton } from '../../components/ui';
import { Sparkline } from '../../components/charts/Sparkline';
import { FearGreedGauge } from './FearGreedGauge';
import { useLiveCoins } from './useLiveCoins';

function Card({ title, children, footer, testId, className = '' }: { title: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`flex min-w-0 flex-col rounded-lg border border-border bg-surface px-3 py-2.5 sm:min-h-[132px] sm:px-4 sm:py-3 ${className}`} data-testid={testId}>
      <h2 className="mb-1 truncate text-[11px] font-medium tracking-wide text-muted uppercase sm:mb-1.5 sm:text-[12px]">{title}</h2>
      <div className="flex min-w-0 flex-1 flex-col justify-center">{children}</div>
      {footer && <div className="mt-1 truncate text-[11px] text-muted sm:mt-1.5">{footer}</div>}
    </section>
  );
}

/**
 * Loading state of a card's value: as tall as the loaded value and its change line (43 px), or as
 * the Fear & Greed gauge (`tall`, 64 px), so the cards keep their height on phones (no layout shift).
 */
function CardSkeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div className={`space-y-1 ${tall ? 'flex h-16 flex-col justify-center' : ''}`}>
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-[15px] w-20" />
    </div>
  );
}

/** A card's value from `q`: its error state (with retry), a skeleton while loading, else `children(data)`. */
function QueryValue<T>({ q, tall = false, children }: { q: UseQueryResult<T>; tall?: boolean; children: (data: NonNullable<T>) => ReactNode }) {
  if (q.isError && !isCancelled(q.error)) return <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />;
  if (q.data == null) return <CardSkeleton tall={tall} />;
  return <>{children(q.data)}</>;
}

/** Footer line kept while loading (a non-breaking space), so the card's height does not change. */
const FOOTER_PLACEHOLDER = '\u00a0';

const MarketCapCard = memo(function MarketCapCard() {
  const { t, i18n } = useTranslation('home');
  const q = useMarketCap();
  const d = q.data;
  return (
    <Card title={t('overview.totalMarketCap')} testId="card-market-cap" footer={d ? t('overview.asOf', { date: formatDateUtc(d.date, i18n.language) }) : FOOTER_PLACEHOLDER}>
      <QueryValue q={q}>
        {(d) => (
          <div className="flex items-end justify-between gap-2">
            <div className="min-w-0">
              <p className="num text-[19px] leading-tight font-semibold sm:text-[22px]">{formatCompact(d.total_market_cap, '$')}</p>
              <p className="mt-0.5 text-[12px]">
                <Change value={d.total_market_cap_change_24h_pct} /> <span className="text-muted">{t('overview.change24h')}</span>
              </p>
            </div>
            <Sparkline values={d.history.slice(-30).map((h) => h.total_market_cap)} width={96} height={36} className="hidden sm:block" />
          </div>
        )}
      </QueryValue>
    </Card>
  );
});

const DominanceCard = memo(function DominanceCard() {
  const { t, i18n } = useTranslation('home');
  const q = useMarketCap();
  const d = q.data;
  const hist = d?.history.slice(-30).map((h) => h.btc_dominance) ?? [];
  const prev = hist.length > 1 ? hist[hist.length - 2] : null;
  return (
    <Card title={t('overview.btcDominance')} testId="card-btc-dominance" footer={d ? t('overview.asOf', { date: formatDateUtc(d.date, i18n.language) }) : FOOTER_PLACEHOLDER}>
      <QueryValue q={q}>
        {(d) => (
          <div className="flex items-end justify-between gap-2">
            <div className="min-w-0">
              <p className="num text-[19px] leading-tight font-semibold sm:text-[22px]">{d.btc_dominance.toFixed(2)}%</p>
              {prev != null && (
                <p className="num mt-0.5 text-[12px] text-muted">
                  {formatPercent(d.btc_dominance - prev)} {t('overview.change24h')}
                </p>
              )}
            </div>
            <div className="hidden h-2 w-24 overflow-hidden rounded-full bg-surface-2 sm:block" aria-hidden="true">
              <div className="h-full rounded-full bg-amber-500" style={{ width: `${Math.min(100, d.btc_dominance)}%` }} />
            </div>
          </div>
        )}
      </QueryValue>
    </Card>
  );
});

const FearGreedCard = memo(function FearGreedCard() {
  const { t, i18n } = useTranslation('home');
  const q = useFearGreed();
  const d = q.data;
  const cls = d ? t(`classification.${d.classification}`, { defaultValue: d.classification }) : '';
  const tone = d ? (d.value < 25 ? 'text-down' : d.value < 45 ? 'text-orange-500' : d.value <= 55 ? 'text-amber-500' : 'text-up') : '';
  return (
    <Card title={t('overview.fearGreed')} testId="card-fear-greed"
      // the day the value is of, always: in live mode the shipped index can end months before today
      footer={d ? t('overview.fearGreedFooter', { date: formatDateUtc(d.date, i18n.language) }) : t('overview.fearGreedCredit')} className="col-span-2 sm:col-span-1">
      <QueryValue q={q} tall>
        {(d) => (
          <div className="flex items-center justify-between gap-2">
            <div>
              <p className="num text-[19px] leading-tight font-semibold sm:text-[22px]">{d.value}</p>
              <p className={`text-[13px] font-medium ${tone}`}>{cls}</p>
            </div>
            <FearGreedGauge value={d.value} label={t('overview.fearGreedValue', { value: d.value })} />
          </div>
        )}
      </QueryValue>
    </Card>
  );
});

/** The three biggest movers of the last 24 h at the live prices: the one card that follows every tick. */
function TrendingCard({ coins: listed, loading }: { coins: Coin[]; loading: boolean }) {
  const { t } = useTranslation('home');
  const { lang } = useParams();
  const coins = useLiveCoins(listed);
  const movers = coins
    .filter((c) => c.priceChangePercent != null && c.lastPrice != null)
    .sort((a, b) => Math.abs(b.priceChangePercent!) - Math.abs(a.priceChangePercent!))
    .slice(0, 3);
  return (
    <Card title={t('overview.trending')} testId="card-trending" className="col-span-2 sm:col-span-1" footer={t('overview.trendingBasis')}>
      {loading ? (
        // Three rows shaped like the loaded list, so the card keeps its height (no layout shift).
        <ol className="space-y-1" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-2 px-1 py-0.5 text-[13px]">
              <Skeleton className="h-[18px] w-full" />
              <span className="invisible">0</span>
            </li>
          ))}
        </ol>
      ) : movers.length === 0 ? (
        <p className="text-[13px] text-muted">{t('overview.noMovers')}</p>
      ) : (
        <ol className="space-y-1">
          {movers.map((c, i) => (
            <li key={c.id}>
              <Link to={`/${lang}/crypto/${c.slug}`} className="flex items-center gap-2 rounded px-1 py-0.5 text-[13px] hover:bg-surface-2">
                <span className="num w-3 text-muted">{i + 1}</span>
                <CoinLogo src={c.logo} symbol={c.symbol} size={18} />
                <span className="font-medium">{c.symbol}</span>
                <span className="num ml-auto text-muted">{formatUsd(c.lastPrice)}</span>
                <Change value={c.priceChangePercent} className="w-[72px] text-right" />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * Four overview cards: total market cap, BTC dominance, Fear & Greed, the 24 h movers (largest
 * absolute 24 h price change of the covered coins). The first three are memoised (no props): the
 * movers card's ticks do not render them again.
 */
export function MarketOverview({ coins, coinsLoading }: { coins: Coin[]; coinsLoading: boolean }) {
  const { t } = useTranslation('home');
  return (
    <section aria-label={t('overview.label')} className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
      <MarketCapCard />
      <DominanceCard />
      <FearGreedCard />
      <TrendingCard coins={coins} loading={coinsLoading} />
    </section>
  );
}

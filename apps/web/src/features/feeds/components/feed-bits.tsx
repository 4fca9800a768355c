import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Feed, FeedImportance, FeedTrend, RelatedCryptocurrency } from '@coinlens/contracts';
import { CoinLogo } from '../../../components/ui';
import { useClock } from '../../../lib/clock';
import { formatTimeAgo } from '../../../lib/relative-time';
import { useCoinName } from '../../../lib/coin-name';

const TREND_STYLE: Record<FeedTrend, string> = {
  bullish: 'bg-up-soft text-up',
  bearish: 'bg-down-soft text-down',
  neutral: 'bg-surface-2 text-muted',
};
const TREND_ARROW: Record<FeedTrend, string> = { bullish: '▲', bearish: '▼', neutral: '•' };

/** A coin chip with its bullish/bearish mark; links to the coin page. */
export function CoinTrendChip({ coin }: { coin: RelatedCryptocurrency }) {
  const { t } = useTranslation('feeds');
  const coinName = useCoinName();
  const { lang } = useParams();
  return (
    <Link
      to={`/${lang}/crypto/${coin.slug}`}
      className={`inline-flex items-center gap-1 rounded-full py-0.5 pl-0.5 pr-2 text-[12px] font-medium ${TREND_STYLE[coin.trend]}`}
      data-testid="coin-trend"
      data-trend={coin.trend}
      title={`${coinName(coin)}: ${t(`trend.${coin.trend}`)}`}
    >
      <CoinLogo src={coin.logo} symbol={coin.symbol} size={16} />
      <span>{coin.symbol}</span>
      <span aria-hidden="true">{TREND_ARROW[coin.trend]}</span>
      <span className="sr-only">{t(`trend.${coin.trend}`)}</span>
    </Link>
  );
}

const IMP_STYLE: Record<FeedImportance, string> = {
  most_important: 'bg-primary-600 text-white',
  important: 'bg-primary-100 text-primary-700 dark:bg-primary-900 dark:text-primary-200',
  less_important: 'bg-surface-2 text-fg',
  general: 'bg-surface-2 text-muted',
};

/** Importance badge (most important, important, less important, general). */
export function ImportanceBadge({ importance }: { importance: FeedImportance }) {
  const { t } = useTranslation('feeds');
  return (
    <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-[11px] font-semibold ${IMP_STYLE[importance]}`} data-importance={importance}>
      {t(`importance.${importance}`)}
    </span>
  );
}

/** Heat 0..100 as a small flame with the number. */
export function HeatBadge({ heat }: { heat: number }) {
  const { t } = useTranslation('feeds');
  const hot = heat >= 50;
  return (
    <span className={`num inline-flex items-center gap-0.5 whitespace-nowrap text-[11px] ${hot ? 'font-semibold text-orange-600 dark:text-orange-400' : 'text-muted'}`} title={t('heat', { value: heat })}>
      <svg viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor" aria-hidden="true">
        <path d="M12 2s5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 1-3.5S9 11 11 11c0-4 1-9 1-9z" />
      </svg>
      {heat}
    </span>
  );
}

/** "N sources confirm" or "Single source". */
export function ClusterBadge({ cluster }: { cluster: Feed['cluster'] }) {
  const { t } = useTranslation('feeds');
  const n = cluster.sources.length;
  return (
    <span className={`whitespace-nowrap text-[11px] ${n > 1 ? 'font-medium text-primary-600 dark:text-primary-400' : 'text-muted'}`} data-testid="cluster-badge" title={cluster.sources.join(', ')}>
      {n > 1 ? t('cluster.confirmed', { count: n }) : t('cluster.single')}
    </span>
  );
}

/** Time since `iso` on the market clock ("5 minutes ago"), in the page language. */
export function TimeAgo({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('feeds');
  const { now } = useClock();
  const then = Date.parse(iso);
  const ref = now || Date.now();
  const s = Math.round((ref - then) / 1000);
  let text: string;
  if (s < 60) text = t('time.justNow');
  else {
    if (s < 3600) text = formatTimeAgo(Math.floor(s / 60), 'minute', i18n.language);
    else if (s < 86_400) text = formatTimeAgo(Math.floor(s / 3600), 'hour', i18n.language);
    else text = formatTimeAgo(Math.floor(s / 86_400), 'day', i18n.language);
  }
  return (
    <time dateTime={iso} className="num whitespace-nowrap text-[11px] text-muted" title={new Date(then).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'}>
      {text}
    </time>
  );
}

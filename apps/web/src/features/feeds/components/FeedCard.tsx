import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Feed } from '@coinlens/contracts';
import { Skeleton } from '../../../components/ui';
import { ClusterBadge, CoinTrendChip, HeatBadge, ImportanceBadge, TimeAgo } from './feed-bits';

/**
 * The analyst's line of a card in the reader's language, from structured fields only: direction per
 * coin, importance and event type ("BTC 看涨、ETH 看跌 · 重要 · ETF／资金流向").
 */
export function AnalystLine({ feed }: { feed: Feed }) {
  const { t, i18n } = useTranslation('feeds');
  const zh = i18n.language.startsWith('zh');
  const coins = feed.related_cryptocurrencies.length
    ? feed.related_cryptocurrencies.map((c) => `${c.symbol} ${t(`trend.${c.trend}`)}`).join(zh ? '、' : ', ')
    : t('card.marketWide');
  return (
    <p className="mt-1 text-[13px] leading-relaxed text-muted" data-testid="feed-analyst-line">
      <span className="font-medium text-fg">{t('card.analyst')}</span>
      {zh ? '：' : ': '}
      {t('card.line', { coins, importance: t(`importance.${feed.importance}`), type: t(`eventType.${feed.event_type ?? 'other'}`) })}
    </p>
  );
}

const TAG_BASE = 'mr-1.5 inline-block rounded border px-1 align-[1px] text-[11px] font-medium';
const TAG = `${TAG_BASE} border-border text-muted`;

/** The tag naming a headline's language ("English" / "英文"), with its long form as a tooltip. */
export function LangTag({ lang }: { lang: Feed['lang'] }) {
  const { t } = useTranslation('feeds');
  return (
    <span className={TAG} title={t('card.langTitle', { language: t(`card.langTag.${lang}`) })} data-testid="feed-title-lang" data-lang={lang}>
      {t(`card.langTag.${lang}`)}
    </span>
  );
}

/** The tag of a machine-translated headline ("机器翻译"), with who translated it as a tooltip. */
export function MachineTranslatedTag({ feed }: { feed: Feed }) {
  const { t } = useTranslation('feeds');
  return (
    <span className={`${TAG_BASE} border-amber-400 text-amber-700 dark:border-amber-700 dark:text-amber-300`} title={t('card.machineTranslatedTitle', { language: t(`card.langTag.${feed.lang}`) })} data-testid="feed-title-mt">
      {t('card.machineTranslated')}
    </span>
  );
}

/**
 * One news row: importance, source, time, headline, lead, coins with their marks, coverage, heat.
 * In zh-CN every card reads the same way whatever the headline's language: the original headline
 * with a tag naming its language, then the analyst's Chinese line (AnalystLine) instead of the lead.
 * When the model translated the headline (`translated_title`), the Chinese title comes first, tagged
 * as machine-translated, and the original headline follows in a smaller line with its language tag.
 */
export function FeedCard({ feed, compact = false }: { feed: Feed; compact?: boolean }) {
  const { lang } = useParams();
  const zhReader = lang === 'zh-CN';
  const translated = zhReader ? feed.translated_title : null;
  return (
    <article className="border-b border-border px-3 py-3 last:border-b-0 sm:px-4" data-testid="feed-card" data-feed-id={feed.id}>
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <ImportanceBadge importance={feed.importance} />
        <span className="truncate text-[12px] font-medium text-fg">{feed.source}</span>
        <TimeAgo iso={feed.published_at} />
        <span className="ml-auto">
          <HeatBadge heat={feed.heat} />
        </span>
      </div>
      <h3 className={`${compact ? 'text-[13px]' : 'text-[14px]'} font-semibold leading-snug text-fg`}>
        {zhReader && (translated ? <MachineTranslatedTag feed={feed} /> : <LangTag lang={feed.lang} />)}
        <Link to={`/${lang}/feeds/${encodeURIComponent(feed.id)}`} className="hover:text-primary-600 dark:hover:text-primary-400" data-testid="feed-title" lang={translated ? 'zh' : feed.lang}>
          {translated ? translated.text : feed.title}
        </Link>
      </h3>
      {translated && (
        <p className="mt-0.5 text-[12px] leading-snug text-muted" data-testid="feed-original-title">
          <LangTag lang={feed.lang} />
          <span lang={feed.lang}>{feed.title}</span>
        </p>
      )}
      {zhReader ? <AnalystLine feed={feed} /> : !compact && feed.content && <p className="mt-1 line-clamp-2 text-[13px] leading-relaxed text-muted">{feed.content}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        {feed.related_cryptocurrencies.map((c) => (
          <CoinTrendChip key={c.cryptocurrency_id} coin={c} />
        ))}
        <span className="ml-auto">
          <ClusterBadge cluster={feed.cluster} />
        </span>
      </div>
    </article>
  );
}

/** Loading placeholder of `n` feed rows. */
export function FeedCardSkeleton({ n = 4 }: { n?: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="space-y-2 border-b border-border px-3 py-3 last:border-b-0 sm:px-4">
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}

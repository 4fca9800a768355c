import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Feed } from '@coinlens/contracts';
import { Container } from '../../components/layout/PageShell';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { ApiError, errorKey, isCancelled } from '../../lib/api';
import { formatPercent } from '../../lib/format';
import { useFeed } from './feeds-api';
import { ClusterBadge, CoinTrendChip, HeatBadge, ImportanceBadge, TimeAgo } from './components/feed-bits';
import { LangTag, MachineTranslatedTag } from './components/FeedCard';
import { ShareMenu, feedUrl } from './components/ShareMenu';

const HORIZON_LABEL: Record<string, string> = { '5m': '5m', '1h': '1h', '24h': '24h' };

function ImpactTable({ feed }: { feed: Feed }) {
  const { t } = useTranslation('feeds');
  if (!feed.impact.length) return <p className="px-4 py-4 text-[13px] text-muted">{t('impact.none')}</p>;
  const pct = (v: number | null) =>
    v == null ? (
      <span className="text-muted">{t('impact.pending')}</span>
    ) : (
      <span className={`num ${v > 0 ? 'text-up' : v < 0 ? 'text-down' : 'text-muted'}`}>{formatPercent(v)}</span>
    );
  return (
    <div className="px-3 py-3 sm:px-4" data-testid="impact">
      <p className="mb-2 text-[12px] text-muted">{t('impact.intro')}</p>
      <table className="w-full text-[13px]">
        <thead>
          <tr className="text-left text-[12px] text-muted">
            <th className="py-1 font-medium">{t('impact.coin')}</th>
            {['5m', '1h', '24h'].map((h) => (
              <th key={h} className="py-1 text-right font-medium">
                {t('impact.after', { horizon: HORIZON_LABEL[h] })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {feed.impact.map((c) => (
            <tr key={c.symbol} className="border-t border-border">
              <td className="py-1.5 font-medium">{c.symbol}</td>
              {c.moves.map((m) => (
                <td key={m.horizon} className="py-1.5 text-right" data-horizon={m.horizon}>
                  {pct(m.change_pct)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 space-y-1 text-[12px] text-muted" data-testid="impact-similar">
        {feed.impact.flatMap((c) =>
          c.moves
            .filter((m) => m.similar)
            .map((m) => (
              <li key={`${c.symbol}-${m.horizon}`} data-event-type={m.similar!.event_type ?? undefined}>
                {m.similar!.event_type
                  ? m.similar!.ci95
                    ? t('impact.eventStudy', {
                        type: t(`eventType.${m.similar!.event_type}`),
                        symbol: c.symbol,
                        avg: formatPercent(m.similar!.avg_change_pct),
                        horizon: HORIZON_LABEL[m.horizon],
                        lo: formatPercent(m.similar!.ci95[0]),
                        hi: formatPercent(m.similar!.ci95[1]),
                        n: m.similar!.n,
                      })
                    : t('impact.eventStudyOne', { type: t(`eventType.${m.similar!.event_type}`), symbol: c.symbol, avg: formatPercent(m.similar!.avg_change_pct), horizon: HORIZON_LABEL[m.horizon] })
                  : t('impact.similar', { symbol: c.symbol, avg: formatPercent(m.similar!.avg_change_pct), horizon: HORIZON_LABEL[m.horizon], n: m.similar!.n })}
              </li>
            )),
        )}
        {feed.impact.every((c) => c.moves.every((m) => !m.similar)) && <li>{t('impact.similarNone')}</li>}
      </ul>
    </div>
  );
}

/** Feed detail (route `feeds/:id`): source and link, coins with marks, importance, impact, coverage, interpretation; share. */
export default function FeedDetailPage() {
  const { t, i18n } = useTranslation('feeds');
  const { lang = 'en-US', id } = useParams();
  const q = useFeed(id, lang);
  const card = useRef<HTMLElement>(null);
  const back = (
    <Link to={`/${lang}/feeds`} className="text-[13px] text-primary-600 hover:underline dark:text-primary-400" data-testid="feed-back">
      ← {t('detail.back')}
    </Link>
  );
  if (q.isError && !isCancelled(q.error)) {
    // 404: no such item (or not released yet); 400: the id cannot name any item (bad shape). Both
    // are "not found" to the reader; anything else is a failed load with a retry.
    const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <Container className="space-y-4 py-4 sm:py-5">
        {back}
        <Panel>
          {notFound ? (
            <EmptyState title={t('detail.notFoundTitle')} body={t('detail.notFound')} testId="feed-not-found">
              <Link to={`/${lang}/feeds`} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
                {t('detail.browse')}
              </Link>
            </EmptyState>
          ) : (
            <div data-testid="feed-load-error">
              <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
            </div>
          )}
        </Panel>
      </Container>
    );
  }
  const f = q.data;
  return (
    <Container className="space-y-4 py-4 sm:py-5">
      {back}
      {!f ? (
        <Panel className="space-y-3 p-4">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </Panel>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
          <article ref={card} className="min-w-0 rounded-lg border border-border bg-surface p-4 sm:p-5" data-testid="feed-detail">
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <ImportanceBadge importance={f.importance} />
              <HeatBadge heat={f.heat} />
              <ClusterBadge cluster={f.cluster} />
              <span className="ml-auto">
                <ShareMenu url={feedUrl(lang, f.id)} fileName={`coinlens-${f.id.replace(':', '-')}`} target={card} />
              </span>
            </div>
            <h1 className="text-lg font-semibold leading-snug sm:text-xl" data-testid="feed-detail-title" lang={f.translated_title ? 'zh' : f.lang}>
              {f.translated_title ? (
                <>
                  <MachineTranslatedTag feed={f} />
                  {f.translated_title.text}
                </>
              ) : (
                f.title
              )}
            </h1>
            {f.translated_title && (
              <p className="mt-1 text-[13px] leading-snug text-muted" data-testid="feed-original-title">
                <LangTag lang={f.lang} />
                <span lang={f.lang}>{f.title}</span>
              </p>
            )}
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-[12px] text-muted">
              <span>
                {t('detail.source')}: <span className="font-medium text-fg" data-testid="feed-source">{f.source}</span>
              </span>
              <span>·</span>
              <span>{t('detail.published', { date: new Date(f.published_at).toLocaleString(i18n.language, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC' })}</span>
              <TimeAgo iso={f.published_at} />
            </p>
            <section className="mt-4">
              <h2 className="mb-1 text-[12px] font-semibold uppercase tracking-wide text-muted">{t('detail.summary')}</h2>
              {f.translated_content ? (
                <>
                  <p className="text-[14px] leading-relaxed" lang="zh" data-testid="feed-lead-translated">
                    <MachineTranslatedTag feed={f} />
                    {f.translated_content.text}
                  </p>
                  <p className="mt-1 text-[13px] leading-relaxed text-muted" data-testid="feed-lead-original">
                    <LangTag lang={f.lang} />
                    <span lang={f.lang}>{f.content}</span>
                  </p>
                </>
              ) : (
                <p className="text-[14px] leading-relaxed" lang={f.content ? f.lang : undefined}>{f.content ? f.content : t('detail.noSummary')}</p>
              )}
            </section>
            <section className="mt-4 rounded-md border border-primary-200 bg-primary-50 p-3 dark:border-primary-900 dark:bg-primary-950" data-testid="interpretation">
              <div className="mb-1 flex items-center gap-2">
                <h2 className="text-[13px] font-semibold">{t('detail.interpretation')}</h2>
                {f.interpretation && (
                  <span className="rounded bg-primary-600 px-1.5 py-0.5 text-[11px] font-semibold text-white" data-testid="interpretation-by">
                    {f.interpretation.by === 'llm' ? t('detail.byLlm') : t('detail.byBuiltin')}
                  </span>
                )}
              </div>
              <p className="text-[14px] leading-relaxed">{f.interpretation?.text ?? t('detail.pending')}</p>
              {f.interpretation?.by === 'builtin' && <p className="mt-1 text-[11px] text-muted">{t('detail.builtinNote')}</p>}
            </section>
            <section className="mt-4">
              <h2 className="mb-2 text-[12px] font-semibold uppercase tracking-wide text-muted">{t('detail.related')}</h2>
              {f.related_cryptocurrencies.length ? (
                <div className="flex flex-wrap gap-1.5">
                  {f.related_cryptocurrencies.map((c) => (
                    <CoinTrendChip key={c.cryptocurrency_id} coin={c} />
                  ))}
                </div>
              ) : (
                <p className="text-[13px] text-muted">{t('detail.noCoins')}</p>
              )}
            </section>
            {f.topics.length > 0 && (
              <p className="mt-3 text-[12px] text-muted">
                {t('detail.topics')}: {f.topics.join(', ')}
              </p>
            )}
            <a href={f.link} target="_blank" rel="noopener noreferrer" className="mt-4 inline-block text-[13px] font-medium text-primary-600 hover:underline dark:text-primary-400" data-testid="feed-link">
              {t('detail.readOriginal', { source: f.source })} ↗
            </a>
          </article>
          <div className="flex min-w-0 flex-col gap-4">
            <Panel title={t('impact.title')} labelledBy="impact-title">
              <ImpactTable feed={f} />
            </Panel>
            <Panel title={t('cluster.sources')} labelledBy="cluster-title">
              <ul className="px-4 py-3 text-[13px]" data-testid="cluster-sources">
                {f.cluster.sources.map((s) => (
                  <li key={s} className="py-0.5">
                    {s}
                  </li>
                ))}
              </ul>
            </Panel>
          </div>
        </div>
      )}
    </Container>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Panel, Skeleton } from '../../../components/ui';
import { isCancelled } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { streamStoryRefresh, useStoryOfTheDay } from '../feeds-api';
import { ClusterBadge, CoinTrendChip, ImportanceBadge } from './feed-bits';
import { ShareMenu, feedUrl } from './ShareMenu';

/**
 * Story of the day: the day's biggest event, written up. On mount an automatic refresh
 * runs when the story is stale (`/feeds/sotd/refresh?auto=true`, `{isRefreshing}`); the Refresh
 * button streams the write-up and shows the thinking text, then reloads the story forcibly.
 */
export function StoryOfTheDay() {
  const { t, i18n } = useTranslation('feeds');
  const { lang = 'en-US' } = useParams();
  const qc = useQueryClient();
  const q = useStoryOfTheDay(lang);
  const [thinking, setThinking] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const closer = useRef<(() => void) | null>(null);

  useEffect(() => {
    let alive = true;
    api('refreshSotd', { query: { lang, auto: 'true' } })
      .then((r) => {
        if (alive && r.isRefreshing) setTimeout(() => alive && void qc.invalidateQueries({ queryKey: ['feeds', 'sotd', lang] }), 1500);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      closer.current?.();
    };
  }, [lang, qc]);

  const refresh = () => {
    setFailed(false);
    setThinking([]);
    closer.current = streamStoryRefresh(lang, false, {
      onThinking: (line) => setThinking((l) => [...(l ?? []), line]),
      onDone: () => {
        // Forced reload of the stored story; the thinking text stays a moment so it can be read.
        void qc.refetchQueries({ queryKey: ['feeds', 'sotd', lang] }).finally(() => setTimeout(() => setThinking(null), 2000));
      },
      onError: () => {
        setThinking(null);
        setFailed(true);
      },
    });
  };

  const s = q.data;
  const busy = thinking !== null;
  return (
    <Panel
      title={t('sotd.title')}
      labelledBy="sotd-title"
      actions={
        <div className="flex items-center gap-2">
          {s && <ShareMenu url={feedUrl(lang, s.feed.id)} fileName={`coinlens-story-${s.day}`} target={card} />}
          <button
            type="button"
            onClick={refresh}
            disabled={busy}
            className="rounded-md border border-border px-2 py-1 text-[12px] font-medium text-fg hover:bg-surface-2 disabled:opacity-60"
            data-testid="sotd-refresh"
          >
            {busy ? t('sotd.refreshing') : t('sotd.refresh')}
          </button>
        </div>
      }
    >
      <div ref={card} className="bg-surface px-3 py-3 sm:px-4" data-testid="sotd">
        {busy && (
          <div className="mb-3 rounded-md border border-dashed border-primary-300 bg-primary-50 p-2 text-[12px] text-primary-800 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-200" data-testid="sotd-thinking" aria-live="polite">
            <p className="mb-1 font-semibold">{t('sotd.thinking')}</p>
            {thinking.map((l, i) => (
              <p key={i} className="leading-snug">
                {l}
              </p>
            ))}
          </div>
        )}
        {failed && <p role="alert" className="mb-2 text-[13px] text-down">{t('sotd.error')}</p>}
        {q.isError && !isCancelled(q.error) && !s ? (
          <p role="alert" className="text-[13px] text-down">{t('sotd.error')}</p>
        ) : q.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        ) : !s ? (
          <p className="py-4 text-center text-[13px] text-muted" data-testid="sotd-empty">{t('sotd.empty')}</p>
        ) : (
          <article>
            <div className="mb-1 flex flex-wrap items-center gap-2">
              <ImportanceBadge importance={s.feed.importance} />
              <ClusterBadge cluster={s.feed.cluster} />
            </div>
            <h3 className="text-[15px] font-semibold leading-snug text-fg" data-testid="sotd-title">
              {s.story.title}
            </h3>
            <div className="mt-2 space-y-2 text-[13px] leading-relaxed text-fg/90">
              {s.story.content.split('\n\n').map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
            {s.feed.related_cryptocurrencies.length > 0 && (
              <div className="mt-2 flex flex-wrap gap-1.5">
                {s.feed.related_cryptocurrencies.map((c) => (
                  <CoinTrendChip key={c.cryptocurrency_id} coin={c} />
                ))}
              </div>
            )}
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-[11px] text-muted">
              <span data-testid="sotd-by">
                {t('sotd.by', {
                  who: s.story.by === 'llm' ? t('detail.byLlm') : t('detail.byBuiltin'),
                  time: new Date(s.story.generated_at).toLocaleString(i18n.language, { timeZone: 'UTC', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' UTC',
                })}
              </span>
              <Link to={`/${lang}/feeds/${encodeURIComponent(s.feed.id)}`} className="font-medium text-primary-600 hover:underline dark:text-primary-400">
                {t('sotd.readMore')}
              </Link>
            </div>
          </article>
        )}
      </div>
    </Panel>
  );
}

import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { FeedFilter, FeedHeat } from '@coinlens/contracts';
import { EmptyState } from '../../../components/ui';
import { isCancelled } from '../../../lib/api';
import { useAllCoins } from '../../../lib/market-queries';
import { useLatestFeeds, type FeedListFilters } from '../feeds-api';
import { FeedCard, FeedCardSkeleton } from './FeedCard';
import { useCoinName } from '../../../lib/coin-name';

const FILTERS: FeedFilter[] = ['all', 'important', 'bullish', 'bearish'];
const HEATS: FeedHeat[] = ['all', 'hot'];

function Seg<T extends string>({ value, options, label, onChange, labelOf, testId }: { value: T; options: T[]; label: string; onChange: (v: T) => void; labelOf: (v: T) => string; testId: string }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-md border border-border bg-surface-2 p-0.5" data-testid={testId}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={value === o}
          data-value={o}
          onClick={() => onChange(o)}
          className={`rounded px-2 py-1 text-[12px] font-medium transition-colors ${value === o ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg'}`}
        >
          {labelOf(o)}
        </button>
      ))}
    </div>
  );
}

/** Filter controls of a feed list: sentiment/importance, heat and currency. */
export function FeedFilters({ value, onChange, show = { filter: true, heat: true, coin: true } }: { value: FeedListFilters; onChange: (v: FeedListFilters) => void; show?: { filter?: boolean; heat?: boolean; coin?: boolean } }) {
  const { t } = useTranslation('feeds');
  const coinName = useCoinName();
  const coins = useAllCoins();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {show.filter && <Seg testId="feed-filter" label={t('filters.label')} value={value.filter} options={FILTERS} onChange={(filter) => onChange({ ...value, filter })} labelOf={(o) => t(`filters.${o}`)} />}
      {show.heat && <Seg testId="feed-heat" label={t('filters.heat')} value={value.heat} options={HEATS} onChange={(heat) => onChange({ ...value, heat })} labelOf={(o) => (o === 'all' ? t('filters.heatAll') : t('filters.hot'))} />}
      {show.coin && (
        <label className="inline-flex items-center">
          <span className="sr-only">{t('filters.coin')}</span>
          <select
            data-testid="feed-coin"
            value={value.coin ?? ''}
            onChange={(e) => onChange({ ...value, coin: e.target.value || null })}
            className="rounded-md border border-border bg-surface px-2 py-1 text-[12px] text-fg"
          >
            <option value="">{t('filters.allCoins')}</option>
            {(coins.data ?? []).map((c) => (
              <option key={c.id} value={c.slug}>
                {c.symbol} · {coinName(c)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/**
 * The paged news list (10 per page): loads the next page when its end scrolls into view (200 ms
 * debounce), shows skeletons, an empty state, "no more" at the end and the translated error
 * text with a retry. A filter change is a new query: the list restarts at offset 0.
 */
export function FeedList({ filters, compact = false, testId = 'feed-list', empty }: { filters: FeedListFilters; compact?: boolean; testId?: string; empty?: { title: string; body: string } }) {
  const { t } = useTranslation('feeds');
  const { lang = 'en-US' } = useParams();
  const q = useLatestFeeds(lang, filters);
  // A page that arrives is rendered as a transition (in slices), not in the answer's task.
  const data = useDeferredValue(q.data);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  // The rendered pages are the fetched ones: while a page is still being rendered, the sentinel sits
  // where the last rendered page ends, in view, and observing it there would fetch one page more.
  const settled = data === q.data;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || !settled || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const io = new IntersectionObserver((entries) => {
      if (timer) clearTimeout(timer);
      timer = null;
      // the end must still be in view when the 200 ms are over
      if (!entries.at(-1)?.isIntersecting) return;
      timer = setTimeout(() => void fetchNextPage(), 200);
    });
    io.observe(el);
    return () => {
      io.disconnect();
      if (timer) clearTimeout(timer);
    };
    // `data`: the sentinel is rendered with the deferred page, after hasNextPage has changed
  }, [data, settled, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isError && !isCancelled(q.error) && !items.length) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center" data-testid="feed-list-error">
        <p className="text-[13px] text-fg">{t('list.error')}</p>
        <button type="button" onClick={() => void q.refetch()} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (!data) return <FeedCardSkeleton n={compact ? 4 : 6} />;
  if (!items.length) return <EmptyState title={empty?.title ?? t('list.empty')} body={empty?.body ?? t('list.emptyBody')} testId="feed-list-empty" />;
  return (
    <div data-testid={testId} aria-busy={q.isFetching}>
      {items.map((f) => (
        <FeedCard key={f.id} feed={f} compact={compact} />
      ))}
      <div ref={sentinel} className="px-4 py-3 text-center text-[12px] text-muted">
        {isFetchingNextPage ? (
          t('list.loading')
        ) : hasNextPage ? (
          <button type="button" onClick={() => void fetchNextPage()} className="text-primary-600 hover:underline dark:text-primary-400" data-testid="feed-load-more">
            {t('list.loadMore')}
          </button>
        ) : (
          <span data-testid="feed-no-more">{t('list.noMore')}</span>
        )}
      </div>
    </div>
  );
}

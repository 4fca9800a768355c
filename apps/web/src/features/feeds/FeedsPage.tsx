import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Container } from '../../components/layout/PageShell';
import { Panel } from '../../components/ui';
import { ReplayBadge } from '../../components/ReplayBadge';
import { isCancelled } from '../../lib/api';
import { FeedFilters, FeedList } from './components/FeedList';
import { FeedCard, FeedCardSkeleton } from './components/FeedCard';
import { useFeedsStream, useHotTop5, type FeedListFilters } from './feeds-api';
import { feedsPageState } from './feeds-page-store';
import { PersonalFilter } from './components/PersonalFilter';
import { SourceDelays } from './components/SourceDelays';
import { SentimentAccuracy } from './components/SentimentAccuracy';

/** Trending Feed (route `feeds`, tab feeds): the news list with filters and the hottest five. */
export default function FeedsPage() {
  const { t } = useTranslation('feeds');
  const { lang = 'en-US' } = useParams();
  const [filters, setFiltersState] = useState<FeedListFilters>(feedsPageState.filters);
  const setFilters = (f: FeedListFilters) => {
    feedsPageState.filters = f;
    feedsPageState.scrollY = 0;
    setFiltersState(f);
  };
  const top = useHotTop5(lang);
  useFeedsStream();

  // Keep-alive: restore the scroll position when coming back, remember it when leaving.
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!restored.current && feedsPageState.scrollY > 0) {
      restored.current = true;
      const y = feedsPageState.scrollY;
      requestAnimationFrame(() => window.scrollTo(0, y));
      setTimeout(() => window.scrollTo(0, y), 550);
    }
  }, []);
  useEffect(() => {
    const onScroll = () => {
      feedsPageState.scrollY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <Container className="space-y-4 py-4 sm:py-5">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold sm:text-xl">{t('title')}</h1>
          <ReplayBadge />
        </div>
        <p className="mt-0.5 text-[13px] text-muted">{t('intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Panel className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-3 py-2 sm:px-4">
            <FeedFilters value={filters} onChange={setFilters} />
            <PersonalFilter value={!!filters.personal} onChange={(personal) => setFilters({ ...filters, personal })} />
          </div>
          <FeedList filters={filters} />
        </Panel>
        <div className="space-y-4">
          <Panel title={t('hotTop5')} labelledBy="hot-top5-title" className="h-fit overflow-hidden">
            {top.isError && !isCancelled(top.error) ? (
              <p role="alert" className="px-4 py-6 text-center text-[13px] text-fg" data-testid="top5-error">
                {t('list.errorTop5')}
              </p>
            ) : !top.data ? (
              <FeedCardSkeleton n={3} />
            ) : top.data.length === 0 ? (
              <p className="px-4 py-6 text-center text-[13px] text-muted">{t('list.empty')}</p>
            ) : (
              <div data-testid="hot-top5">
                {top.data.map((f) => (
                  <FeedCard key={f.id} feed={f} compact />
                ))}
              </div>
            )}
          </Panel>
          <SourceDelays />
          <SentimentAccuracy />
        </div>
      </div>
    </Container>
  );
}

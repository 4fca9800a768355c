import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui';
import { FeedFilters, FeedList, useFeedsStream, type FeedListFilters } from '../../feeds';

/**
 * Home's real-time news: currency and heat filters, 10 per page with load-on-scroll;
 * changing a filter restarts at offset 0; new releases reload the first page live.
 */
export function HomeNews() {
  const { t } = useTranslation('feeds');
  const [filters, setFilters] = useState<FeedListFilters>({ filter: 'all', heat: 'all', coin: null });
  useFeedsStream();
  return (
    <Panel title={t('latest')} labelledBy="home-news-title" className="overflow-hidden">
      <div className="border-b border-border px-3 py-2 sm:px-4">
        <FeedFilters value={filters} onChange={setFilters} show={{ heat: true, coin: true }} />
      </div>
      <div className="relative max-h-[760px] overflow-y-auto" data-testid="home-news">
        <FeedList filters={filters} compact />
      </div>
    </Panel>
  );
}

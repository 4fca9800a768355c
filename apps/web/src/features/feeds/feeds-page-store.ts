import type { FeedListFilters } from './feeds-api';

/**
 * State of the Feeds page kept across navigation (the feed list is kept alive): the
 * filters and the scroll position live here, the loaded pages in the react-query cache.
 */
export const feedsPageState: { filters: FeedListFilters; scrollY: number } = {
  filters: { filter: 'all', heat: 'all', coin: null },
  scrollY: 0,
};

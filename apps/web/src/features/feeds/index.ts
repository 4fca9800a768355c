// News feeds: the feed list and its filters, the story of the day, feed queries and streams. Other features import from this file only, never from the feature's modules.
export { FeedFilters, FeedList } from './components/FeedList';
export { StoryOfTheDay } from './components/StoryOfTheDay';
export { useFeedsStream } from './feeds-api';
export type { FeedListFilters } from './feeds-api';

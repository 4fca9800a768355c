/** Feeds (news) contracts: the feed item and the feeds endpoints. */
export { Feed, FeedCoinImpact, FeedContent, FeedEventType, FeedImpactHorizon, FeedImportance, FeedTrend, RelatedCryptocurrency } from './feed';
export { FeedFilter, FeedHeat, GetLatestFeedsQuery, GetLatestFeedsResponse, HOT_HEAT, LatestFeeds } from './get-latest-feeds';
export { FeedIdParams, FeedLangQuery, GetFeedQuery, GetFeedResponse, GetHotTop5Query, GetHotTop5Response } from './get-feed';
export {
  FeedsStreamEvent, GetSotdQuery, GetSotdResponse, RefreshSotdQuery, RefreshSotdResponse, SOTD_STREAM, SotdStreamError, SotdStreamQuery, StoryOfTheDay,
} from './story-of-the-day';
export { GetNewsFilterResponse, NewsFilter, PutNewsFilterBody, PutNewsFilterResponse } from './news-filter';
export { GetSourceDelaysResponse, SourceDelay, SourceDelays, WebSubParams, WebSubVerifyQuery } from './source-delays';
export { GetSentimentAccuracyResponse, SentimentAccuracy, SentimentAccuracySet } from './sentiment-accuracy';

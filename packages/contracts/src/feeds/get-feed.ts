import { z } from 'zod';
import { LangParam, resultOf } from '../common/envelope';
import { Feed } from './feed';

/** Feed ids: `<origin>:<16 hex>` (see data/news/SOURCE.md). */
export const FeedIdParams = z.object({ id: z.string().trim().min(3).max(80).regex(/^[a-z0-9]+:[A-Za-z0-9_-]+$/, 'invalid feed id') });
export const FeedLangQuery = z.object({ lang: LangParam.default('en-US') });

// GET /api/feeds/{id}?lang — 404 FEED_NOT_FOUND when unknown or not yet released by the clock.
export const GetFeedQuery = FeedLangQuery;
export const GetFeedResponse = resultOf(Feed);
export type GetFeedResponse = z.infer<typeof GetFeedResponse>;

// GET /api/feeds/hot_top5?lang — the five hottest events of the last 24 h (one item per cluster).
export const GetHotTop5Query = FeedLangQuery;
export const GetHotTop5Response = resultOf(z.array(Feed));
export type GetHotTop5Response = z.infer<typeof GetHotTop5Response>;

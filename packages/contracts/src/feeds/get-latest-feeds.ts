import { z } from 'zod';
import { LangParam, MAX_PAGE_OFFSET, resultOf } from '../common/envelope';
import { Feed } from './feed';
import { CoinRef } from '../market/coin';

/**
 * `filter` of the feed list: `all`; `important` (importance most_important or important); `bullish`
 * / `bearish` (the item's sentiment). `heat`: `all`, or `hot` (heat ≥ 50 at the clock's now).
 */
export const FeedFilter = z.enum(['all', 'important', 'bullish', 'bearish']);
export type FeedFilter = z.infer<typeof FeedFilter>;
export const FeedHeat = z.enum(['all', 'hot']);
export type FeedHeat = z.infer<typeof FeedHeat>;

/** Heat from which an item is `hot`. */
export const HOT_HEAT = 50;

// GET /api/feeds/latest?limit&offset&filter&heat&lang[&cryptocurrency_id]
/**
 * Newest released news first, one item per event cluster (its latest report). Page size 10 by
 * default; `cryptocurrency_id` is a CoinRef (slug, id or symbol) to keep news of that coin.
 */
export const GetLatestFeedsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(MAX_PAGE_OFFSET).default(0),
  filter: FeedFilter.default('all'),
  heat: FeedHeat.default('all'),
  lang: LangParam.default('en-US'),
  cryptocurrency_id: CoinRef.optional(),
  /** `true` applies the signed-in Pro user's saved news filter. */
  personal: z.enum(['true', 'false']).optional(),
});
export type GetLatestFeedsQuery = z.infer<typeof GetLatestFeedsQuery>;

/** `hasNext` is true when a full page came back and more items exist. */
export const LatestFeeds = z.object({ list: z.array(Feed), hasNext: z.boolean(), offset: z.number().int(), limit: z.number().int() });
export type LatestFeeds = z.infer<typeof LatestFeeds>;
export const GetLatestFeedsResponse = resultOf(LatestFeeds);
export type GetLatestFeedsResponse = z.infer<typeof GetLatestFeedsResponse>;

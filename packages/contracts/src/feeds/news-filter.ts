import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { FeedImportance, FeedTrend } from './feed';

/**
 * A Pro user's saved news filter (personalised news filtering). Empty lists mean "any".
 * `followed_coins`: include news of the user's watchlist; `coins`: chosen coin symbols;
 * `min_importance`: lowest level shown; `sentiments`; `sources` (publisher names); `languages` of
 * the items (en, zh).
 */
export const NewsFilter = z.object({
  followed_coins: z.boolean().default(false),
  coins: z.array(z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,20}$/)).max(50).default([]),
  min_importance: FeedImportance.default('general'),
  sentiments: z.array(FeedTrend).max(3).default([]),
  sources: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  languages: z.array(z.enum(['en', 'zh'])).max(2).default([]),
});
export type NewsFilter = z.infer<typeof NewsFilter>;

// GET /api/feeds/filter (Pro) → the saved filter or null; PUT /api/feeds/filter (Pro) with a NewsFilter.
export const GetNewsFilterResponse = resultOf(NewsFilter.nullable());
export const PutNewsFilterBody = NewsFilter;
export const PutNewsFilterResponse = resultOf(NewsFilter);

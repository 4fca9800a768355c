import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { FeedTrend } from './feed';

/**
 * How often the built-in headline classifier labels a headline's sentiment as an evaluation set's
 * reference labels do (who made them differs per set: the SOURCE.md of each set under data/training), measured
 * once per shipped model (`npm run -s sentiment:eval -- write=1`) on evaluation sets it never trained
 * on. `later_en`: English headlines of January 2026, a period after every training row; `native_zh`:
 * headlines written in Chinese 快讯 style; `dev_en` / `dev_zh`: English headlines of the training months
 * (and their Chinese renderings), which overstate what a reader gets; `tfns`: financial tweets.
 * `n` headlines scored, `correct` of them labelled alike; `accuracy` and `ci95` (Wilson) are fractions;
 * `majority`: the set's most frequent label and its share, what always answering it would score.
 */
export const SentimentAccuracySet = z.object({
  id: z.enum(['later_en', 'native_zh', 'dev_en', 'dev_zh', 'tfns']),
  n: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
  macro_f1: z.number(),
  majority: z.object({ label: FeedTrend, share: z.number() }),
});
export type SentimentAccuracySet = z.infer<typeof SentimentAccuracySet>;

/** The measured figures of the classifier that labels the feed: `by` is always the built-in model (no LLM). */
export const SentimentAccuracy = z.object({
  by: z.literal('builtin'),
  /** First 12 hex digits of the model file's sha256. */
  model: z.string(),
  sets: z.array(SentimentAccuracySet),
});
export type SentimentAccuracy = z.infer<typeof SentimentAccuracy>;

// GET /api/feeds/sentiment-accuracy
export const GetSentimentAccuracyResponse = resultOf(SentimentAccuracy);
export type GetSentimentAccuracyResponse = z.infer<typeof GetSentimentAccuracyResponse>;

import { z } from 'zod';
import { resultOf } from '../common/envelope';

/**
 * The measured delay of one live news source over the window: how long after an item's published
 * time we first saw it (`seen_*`: first read by a poll or received by a push, minus the item's
 * own `pubDate`/`published`, floored at 0), and how long after that it was interpreted and
 * clustered (`processed_*`). Seconds, rounded to whole seconds. `n`: items measured (interpreted
 * items first seen within the window, not counting those already listed when a feed was first
 * read after a start, which were published before we watched).
 */
export const SourceDelay = z.object({
  source: z.string(),
  n: z.number().int(),
  seen_p50_s: z.number(),
  seen_p95_s: z.number(),
  processed_p50_s: z.number(),
  processed_p95_s: z.number(),
});
export type SourceDelay = z.infer<typeof SourceDelay>;

/** The per-source delays of the live news providers over the last `window_hours` (wall time); empty without live sources (replay). */
export const SourceDelays = z.object({
  window_hours: z.number().int(),
  /** ISO time the figures were computed. */
  measured_at: z.string(),
  sources: z.array(SourceDelay),
});
export type SourceDelays = z.infer<typeof SourceDelays>;

export const GetSourceDelaysResponse = resultOf(SourceDelays);
export type GetSourceDelaysResponse = z.infer<typeof GetSourceDelaysResponse>;

/** Path parameter of the WebSub callback: the topic's key (16 hex). */
export const WebSubParams = z.object({ key: z.string().regex(/^[0-9a-f]{16}$/, 'invalid key') });
/** A hub's verification request (W3C WebSub §5.3). */
export const WebSubVerifyQuery = z.object({
  'hub.mode': z.string().max(20),
  'hub.topic': z.string().max(2000),
  'hub.challenge': z.string().max(1000).optional(),
  'hub.lease_seconds': z.string().max(20).optional(),
  'hub.reason': z.string().max(1000).optional(),
});

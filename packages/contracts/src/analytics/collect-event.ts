import { z } from 'zod';
import { resultOf } from '../common/envelope';

/** utm_* parameters of the landing URL (sent, then removed from the address bar). */
export const Utm = z
  .object({ source: z.string().max(200), medium: z.string().max(200), campaign: z.string().max(200), term: z.string().max(200), content: z.string().max(200) })
  .partial();

/**
 * Bounds of an event's `props` (page views send `user_id`, `user_name`, `lang`, `record_id`): at most
 * `maxKeys` keys, each 1..`maxKeyLength` characters of `[A-Za-z0-9_.:-]`, each value a scalar
 * (string of at most `maxValueLength` characters, finite number, boolean or null; no nesting).
 * The route also caps the whole body at `maxBodyBytes`.
 */
export const EVENT_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 500, maxBodyBytes: 8 * 1024 } as const;

/** An event's custom properties, bounded by {@link EVENT_LIMITS}. */
export const EventProps = z
  .record(
    z.string().min(1).max(EVENT_LIMITS.maxKeyLength).regex(/^[\w.:-]+$/, 'must be letters, digits, _ . : or -'),
    z.union([z.string().max(EVENT_LIMITS.maxValueLength), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((o) => Object.keys(o).length <= EVENT_LIMITS.maxKeys, { message: `at most ${EVENT_LIMITS.maxKeys} keys` });

/**
 * POST /collect_event — one page view or custom event. Props for page views:
 * `user_id` (or "Guest"), `user_name`, `lang`, `record_id` (e.g. the coin or feed id).
 * Stored only when analytics is on (`ANALYTICS_HOST`) and `url` is on that host; otherwise
 * accepted and dropped (the answer is the same).
 */
export const CollectEventBody = z.object({
  type: z.enum(['pageview', 'event']),
  name: z.string().max(100).optional(),
  url: z.string().url().max(2000),
  title: z.string().max(300).optional(),
  referrer: z.string().max(2000).optional(),
  route: z.string().max(60).optional(),
  props: EventProps.default({}),
  utm: Utm.default({}),
});
export type CollectEventBody = z.infer<typeof CollectEventBody>;
export const CollectEventResponse = resultOf(z.object({ ok: z.literal(true) }));

/** GET /api/config — public runtime configuration the web app needs. */
export const PublicConfig = z.object({
  support_email: z.string(),
  /** Analytics is sent only when the page runs on this host (null: never). */
  analytics_host: z.string().nullable(),
  market_source: z.string(),
  /** Which writer produces AI text: `builtin` (the built-in analyst) or the model name. */
  ai_writer: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
export const GetConfigResponse = resultOf(PublicConfig);

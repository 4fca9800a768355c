import { z } from 'zod';
import { LangParam, resultOf } from '../common/envelope';
import { Feed } from './feed';

const Flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Story of the day: the biggest event cluster of the clock's UTC day (most distinct sources, then
 * most reports, then heat), written up. `story.by` names the writer (built-in analyst or model).
 * `result` is null when no news was released yet that day.
 */
export const StoryOfTheDay = z.object({
  day: z.string(),
  feed: Feed,
  story: z.object({ title: z.string(), content: z.string(), by: z.enum(['builtin', 'llm']), generated_at: z.string() }),
  isRefreshing: z.boolean(),
});
export type StoryOfTheDay = z.infer<typeof StoryOfTheDay>;

// GET /api/feeds/sotd?lang&force_update
export const GetSotdQuery = z.object({ lang: LangParam.default('en-US'), force_update: Flag.default(false) });
export const GetSotdResponse = resultOf(StoryOfTheDay.nullable());
export type GetSotdResponse = z.infer<typeof GetSotdResponse>;

// GET /api/feeds/sotd/refresh?lang&auto — starts a refresh in the background.
/** `auto=true`: refresh only when the story is missing or the day's biggest event changed. */
export const RefreshSotdQuery = z.object({ lang: LangParam.default('en-US'), auto: Flag.default(false) });
export const RefreshSotdResponse = resultOf(z.object({ isRefreshing: z.boolean() }));
export type RefreshSotdResponse = z.infer<typeof RefreshSotdResponse>;

/**
 * GET /api/feeds/stream/sotd/refresh?auto&lang — server-sent events, one `data:` line per chunk:
 *
 * ```
 * data: <think>
 * data: Reading 342 reports released on 2025-05-16 up to 12:00 UTC…
 * data: …more thinking lines…
 * data: </think>
 * data: [DONE]
 * ```
 *
 * Lines between `<think>` and `</think>` are the writer's progress (plain text, one line each, in
 * the requested language). `[DONE]` ends the stream: the story is stored; reload it with
 * `GET /api/feeds/sotd?force_update=false`. On failure an `event: error` with
 * `data: {"code": AppErrorCode, "message": string}` is sent and the stream closes without `[DONE]`.
 * `event: keepalive` may appear at any time. The server does not expect reconnects.
 */
export { SOTD_STREAM } from './sotd-stream';
export const SotdStreamQuery = RefreshSotdQuery;
export const SotdStreamError = z.object({ code: z.string(), message: z.string() });

/**
 * GET /api/stream/feeds — server-sent events: `event: feeds` with `data: {"type":"feeds","ids":[…],
 * "newest": ISO time}` whenever the clock releases new items (after analysis); clients reload their
 * first page. `event: keepalive` every 15 s.
 */
export const FeedsStreamEvent = z.object({ type: z.literal('feeds'), ids: z.array(z.string()), newest: z.string() });
export type FeedsStreamEvent = z.infer<typeof FeedsStreamEvent>;

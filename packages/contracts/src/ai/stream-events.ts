import { z } from 'zod';

/**
 * The server-sent event union of every AI stream (assistant chat, strategy generation, story of
 * the day), whatever writes it — the built-in analyst or an OpenAI-compatible model.
 * Each SSE message is `event: <type>` with `data: <json of the object>`.
 * - `delta`: the next piece of answer text (markdown).
 * - `thinking`: the next piece of the model's visible reasoning (shown between markers, not part of the answer).
 * - `done`: the answer is complete; `based_on` names the data it rests on.
 * - `error`: the stream failed; `code` is from the AppErrorCode catalogue.
 * - `keepalive`: sent every 15 s while idle.
 */
export const AiStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('thinking'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    message_id: z.string().optional(),
    /** Which writer answered: `builtin` (the built-in analyst, no model) or the model name. */
    by: z.string(),
    based_on: z
      .object({
        as_of: z.number().describe('clock time (ms) of the data'),
        candles: z.array(z.object({ symbol: z.string(), timeframe: z.string(), open_time: z.number() })).optional(),
        news_ids: z.array(z.string()).optional(),
        signal_ids: z.array(z.string()).optional(),
      })
      .optional(),
    /** Today's quota after this answer (assistant chat), when metered. */
    usage: z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int(), reset_at: z.string() }).optional(),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('keepalive'), now: z.number() }),
]);
export type AiStreamEvent = z.infer<typeof AiStreamEvent>;

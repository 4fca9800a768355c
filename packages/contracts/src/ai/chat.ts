import { z } from 'zod';
import { LangParam, resultOf } from '../common/envelope';
import { Usage } from '../billing/plans';
import { AiBasedOn } from './aggregate';
import { CoinRef } from '../market/coin';

// POST /api/chat/{coin}/messages {content, lang} → text/event-stream of AiStreamEvent
export const ChatParams = z.object({ coin: CoinRef });
export const PostChatMessageBody = z.object({
  content: z.string().trim().min(1).max(1000),
  lang: LangParam.default('en-US'),
});
export type PostChatMessageBody = z.infer<typeof PostChatMessageBody>;

/**
 * A stored chat message. `status`: `complete`, `stopped` (the user aborted; the partial text is
 * kept) or `error`. `by` and `based_on` are set on assistant messages.
 */
export const ChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  lang: z.enum(['en-US', 'zh-CN']),
  status: z.enum(['complete', 'stopped', 'error']),
  by: z.string().nullable(),
  based_on: AiBasedOn.nullable(),
  created_at: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

// GET /api/chat/{coin}/messages
export const ChatHistory = z.object({
  coin: z.object({ id: z.number().int(), symbol: z.string(), name: z.string() }),
  messages: z.array(ChatMessage),
  usage: Usage,
  /** `builtin` or the model name: who answers new questions. */
  writer: z.string(),
});
export type ChatHistory = z.infer<typeof ChatHistory>;
export const GetChatHistoryResponse = resultOf(ChatHistory);

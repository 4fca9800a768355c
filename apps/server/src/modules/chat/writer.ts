import type { Lang } from '@coinlens/contracts';
import type { CoinFacts } from '../ai/facts';

/** A piece of a streamed answer: answer text (markdown) or visible reasoning. */
export type WriterChunk = { type: 'delta'; text: string } | { type: 'thinking'; text: string };

/** One assistant turn to write. `history`: earlier turns of the conversation, oldest first. */
export interface ChatTurn {
  facts: CoinFacts;
  question: string;
  lang: Lang;
  history: { role: 'user' | 'assistant'; content: string }[];
  signal?: AbortSignal;
}

/**
 * Writes assistant answers. Two implementations: `BuiltinChatWriter` (templates over facts, no
 * model, `by = 'builtin'`) and `LlmChatWriter` (any OpenAI-compatible model, `by` = model name).
 */
export interface ChatWriter {
  readonly by: string;
  answer(turn: ChatTurn): AsyncIterable<WriterChunk>;
}

import type { Lang } from '@coinlens/contracts';
import type { AssistantFacts } from './assistant-facts';
import type { QuestionReading } from './intents';

/** A piece of a streamed answer: answer text (markdown) or visible reasoning. */
export type WriterChunk = { type: 'delta'; text: string } | { type: 'thinking'; text: string };

/**
 * One assistant turn to write: the facts of the question's subject coin (with the compared coin and
 * the horizon's base rates when asked), how the question was read, the language to answer in (the
 * question's). `history`: earlier turns of the conversation, oldest first.
 */
export interface ChatTurn {
  facts: AssistantFacts;
  reading: QuestionReading;
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

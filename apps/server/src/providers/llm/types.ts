/**
 * Language-model access. The OpenAI-compatible client is the only model provider;
 * features that write text (news interpretation, story of the day, strategies, assistant) each
 * have a built-in writer (templates over structured facts, no model) and a model writer that uses
 * this client, chosen by `llmConfigured(env)`.
 */

/** One chat message in OpenAI Chat Completions format. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A piece of a streamed completion: answer text or visible reasoning (`reasoning_content`). */
export type LlmChunk = { type: 'delta'; text: string } | { type: 'thinking'; text: string };

export interface CompletionOptions {
  temperature?: number;
  /** Upper bound of generated tokens. */
  maxTokens?: number;
  /** Ask for a JSON object (`response_format: {type: 'json_object'}`), where the server supports it. */
  json?: boolean;
  signal?: AbortSignal;
}

/** A chat-completions client. Errors: `LlmError` with the HTTP status or a network cause. */
export interface LlmClient {
  /** Model name, e.g. `gpt-4o-mini`, `deepseek-chat`, `qwen2.5:7b`. */
  readonly model: string;
  stream(messages: ChatMessage[], opts?: CompletionOptions): AsyncIterable<LlmChunk>;
  complete(messages: ChatMessage[], opts?: CompletionOptions): Promise<string>;
}

/** A failed model call; `status` is the HTTP status when the server answered. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

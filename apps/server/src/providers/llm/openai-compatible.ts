import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LlmError, type ChatMessage, type CompletionOptions, type LlmChunk, type LlmClient } from './types';

/**
 * Client of any OpenAI-compatible Chat Completions server (OpenAI, DeepSeek, Ollama, vLLM,
 * llama.cpp): `POST {baseUrl}/chat/completions` with `stream: true`, reading the server-sent
 * `data: {choices:[{delta:{content, reasoning_content}}]}` chunks until `data: [DONE]`.
 * `baseUrl` includes the version path, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`.
 */
export class OpenAiCompatibleClient implements LlmClient {
  constructor(private readonly cfg: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number }) {}

  get model(): string {
    return this.cfg.model;
  }

  private async post(messages: ChatMessage[], opts: CompletionOptions, stream: boolean): Promise<Response> {
    const signals = [AbortSignal.timeout(this.cfg.timeoutMs ?? 120_000), ...(opts.signal ? [opts.signal] : [])];
    let res: Response;
    try {
      res = await fetch(`${this.cfg.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.cfg.apiKey ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}) },
        body: JSON.stringify({
          model: this.cfg.model,
          messages,
          stream,
          ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
          ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}),
          ...(opts.json ? { response_format: { type: 'json_object' } } : {}),
        }),
        signal: AbortSignal.any(signals),
      });
    } catch (e) {
      if ((e as Error).name === 'AbortError' && opts.signal?.aborted) throw e;
      throw new LlmError(`model server unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      throw new LlmError(`model server answered ${res.status}: ${body.slice(0, 200)}`, res.status);
    }
    return res;
  }

  async *stream(messages: ChatMessage[], opts: CompletionOptions = {}): AsyncIterable<LlmChunk> {
    const res = await this.post(messages, opts, true);
    if (!res.body) throw new LlmError('model server sent no body');
    const queue: LlmChunk[] = [];
    let done = false;
    let failure: Error | null = null;
    const parser = createParser({
      onEvent(ev: EventSourceMessage) {
        if (ev.data === '[DONE]') {
          done = true;
          return;
        }
        let j: any;
        try {
          j = JSON.parse(ev.data);
        } catch {
          return;
        }
        if (j.error) {
          failure = new LlmError(`model error: ${j.error.message ?? JSON.stringify(j.error)}`);
          return;
        }
        const d = j.choices?.[0]?.delta ?? {};
        if (typeof d.reasoning_content === 'string' && d.reasoning_content) queue.push({ type: 'thinking', text: d.reasoning_content });
        if (typeof d.content === 'string' && d.content) queue.push({ type: 'delta', text: d.content });
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      while (queue.length) yield queue.shift()!;
      if (failure) throw failure;
      if (done) return;
    }
    while (queue.length) yield queue.shift()!;
    if (failure) throw failure;
  }

  async complete(messages: ChatMessage[], opts: CompletionOptions = {}): Promise<string> {
    let text = '';
    for await (const c of this.stream(messages, opts)) if (c.type === 'delta') text += c.text;
    return text;
  }
}

/**
 * Parses a model's JSON answer (tolerating a ```json fence); returns null and warns on malformed
 * output ("A JSON parse failure of model output returns null with a console warning").
 */
export function parseModelJson<T = unknown>(text: string, warn: (m: string) => void = (m) => console.warn(m)): T | null {
  const m = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (m ? m[1] : text).trim();
  try {
    return JSON.parse(body) as T;
  } catch (e) {
    warn(`model output is not valid JSON (${(e as Error).message}); ignored`);
    return null;
  }
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenAiCompatibleClient, parseModelJson } from './openai-compatible';
import { LlmError } from './types';
import { startOpenAiStub } from '../../../test/openai-stub';

let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
beforeAll(async () => {
  stub = await startOpenAiStub((body) => {
    const last = body.messages.at(-1).content as string;
    if (last === 'fail') return { content: '', status: 500 };
    return { content: `Support is at 101,383 USDT (candle 2025-05-16T11:00Z). You said: ${last}`, reasoning: last === 'think' ? 'Looking at the levels first.' : undefined };
  });
});
afterAll(() => stub.close());

describe('OpenAI-compatible client', () => {
  it('streams deltas in order and sends model, messages and the bearer key', async () => {
    const c = new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'test-model', apiKey: 'sk-test' });
    const parts: string[] = [];
    for await (const ch of c.stream([{ role: 'user', content: 'hello' }], { temperature: 0.2 })) if (ch.type === 'delta') parts.push(ch.text);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe('Support is at 101,383 USDT (candle 2025-05-16T11:00Z). You said: hello');
    const req = stub.requests.at(-1);
    expect(req.body).toMatchObject({ model: 'test-model', stream: true, temperature: 0.2, messages: [{ role: 'user', content: 'hello' }] });
    expect(req.headers.authorization).toBe('Bearer sk-test');
  });
  it('passes reasoning_content as thinking chunks', async () => {
    const c = new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'r1' });
    const thinking: string[] = [];
    for await (const ch of c.stream([{ role: 'user', content: 'think' }])) if (ch.type === 'thinking') thinking.push(ch.text);
    expect(thinking.join('')).toBe('Looking at the levels first.');
  });
  it('raises LlmError with the status when the server fails', async () => {
    const c = new OpenAiCompatibleClient({ baseUrl: stub.url, model: 'm' });
    await expect(c.complete([{ role: 'user', content: 'fail' }])).rejects.toMatchObject({ status: 500 });
    await expect(new OpenAiCompatibleClient({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }).complete([{ role: 'user', content: 'x' }])).rejects.toBeInstanceOf(LlmError);
  });
});

describe('parseModelJson', () => {
  it('reads plain and fenced JSON and returns null with a warning otherwise', () => {
    expect(parseModelJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseModelJson('Here:\n```json\n{"b":2}\n```')).toEqual({ b: 2 });
    const warn = vi.fn();
    expect(parseModelJson('{"a":', warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});

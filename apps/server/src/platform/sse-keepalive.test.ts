import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { openSse } from './sse';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** Reads the stream at `url` until `until` matches the text received (or 5 s pass); returns the text. */
async function readUntil(url: string, until: RegExp): Promise<string> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 5_000);
  let text = '';
  try {
    const res = await fetch(url, { signal: ac.signal });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    while (!until.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value, { stream: true });
    }
  } catch {}
  clearTimeout(timer);
  ac.abort();
  return text;
}

describe('server-sent events keepalive', () => {
  it("carries the given clock's now (the market stream passes the market clock: a replay client anchors its clock on it)", async () => {
    app = Fastify();
    const marketNow = Date.UTC(2025, 4, 16, 0, 5);
    app.get('/s', async (req, reply) => {
      openSse(req, reply, { keepaliveMs: 30, now: () => marketNow });
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const text = await readUntil(`${url}/s`, /event: keepalive\ndata: .*\n\n/);
    const data = /event: keepalive\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(data!)).toEqual({ now: marketNow });
  });

  it('uses the wall clock when none is given', async () => {
    app = Fastify();
    app.get('/s', async (req, reply) => {
      openSse(req, reply, { keepaliveMs: 30 });
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const before = Date.now();
    const text = await readUntil(`${url}/s`, /event: keepalive\ndata: .*\n\n/);
    const now = JSON.parse(/event: keepalive\ndata: (.*)\n/.exec(text)![1]).now as number;
    expect(now).toBeGreaterThanOrEqual(before);
  });
});

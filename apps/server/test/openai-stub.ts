import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for tests, speaking the real Chat Completions wire format:
 * `POST /v1/chat/completions`; with `stream: true` it answers `text/event-stream` chunks
 * `data: {"id","object":"chat.completion.chunk","choices":[{"index":0,"delta":{…}}]}` and
 * `data: [DONE]`; otherwise one `chat.completion` object. `reply(body)` decides the answer
 * (`chunkDelayMs`: pause between streamed chunks, to watch streaming in a browser; `finishDelayMs`:
 * pause before the closing chunk, so a browser test sees the answer still streaming however late it looks).
 */
export async function startOpenAiStub(reply: (body: any) => { content: string; reasoning?: string; status?: number; chunkDelayMs?: number; finishDelayMs?: number }, opts: { port?: number; host?: string } = {}) {
  const requests: any[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    }
    const body = JSON.parse(raw);
    requests.push({ body, headers: req.headers });
    const r = reply(body);
    if (r.status && r.status !== 200) {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'stub failure', type: 'server_error' } }));
    }
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: r.content }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    for (const piece of (r.reasoning ?? '').match(/.{1,12}/gs) ?? []) chunk({ reasoning_content: piece });
    for (const piece of r.content.match(/.{1,7}/gs) ?? []) {
      chunk({ content: piece });
      if (r.chunkDelayMs) await new Promise((d) => setTimeout(d, r.chunkDelayMs));
    }
    if (r.finishDelayMs) await new Promise((d) => setTimeout(d, r.finishDelayMs));
    chunk({}, 'stop');
    res.end('data: [DONE]\n\n');
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((r) => server.listen(opts.port ?? 0, host, r));
  const url = `http://${host}:${(server.address() as AddressInfo).port}/v1`;
  // close drops the connections still open (a keep-alive or an unfinished stream would hold it)
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url, requests, close };
}

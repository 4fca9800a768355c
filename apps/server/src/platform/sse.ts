import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open server-sent-events response. */
export interface SseStream {
  /** Sends one event: `event: <name>` + `data: <json>`. No-op once closed. */
  send(event: string, data: unknown): void;
  /** Writes a raw `data:` line (for text protocols such as the story-of-the-day end marker). */
  sendRaw(line: string): void;
  /** Writes an event already formatted by `formatSseEvent` (one serialisation shared by many clients). */
  sendFrame(frame: string): void;
  close(): void;
  readonly closed: boolean;
  /** Runs `cb` once when the client goes away or `close()` is called (at once when already closed). */
  onClose(cb: () => void): void;
}

/** One server-sent event as written on the wire: `event: <name>\ndata: <json>\n\n`. */
export function formatSseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Takes over the response for server-sent events (Fastify needs `reply.hijack()` for streaming).
 * Sends a `keepalive` event every `keepaliveMs` (default 15 s) so proxies keep the connection; its
 * `now` (ms) is `opts.now()` — pass the market clock where clients read it as market time (the
 * market stream: its clients anchor the replay clock on it) — else the wall clock.
 */
export function openSse(req: FastifyRequest, reply: FastifyReply, opts: { keepaliveMs?: number; now?: () => number } = {}): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // the headers set on the reply before it was hijacked (security headers, rate-limit headers)
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
  let closed = false;
  const closers: (() => void)[] = [];
  const now = opts.now ?? Date.now;
  const keepalive = setInterval(() => stream.send('keepalive', { now: now() }), opts.keepaliveMs ?? 15_000);
  keepalive.unref();
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepalive);
    for (const c of closers) {
      try {
        c();
      } catch {}
    }
    if (!res.writableEnded) res.end();
  };
  req.raw.on('close', finish);
  const stream: SseStream = {
    send(event, data) {
      if (closed) return;
      res.write(formatSseEvent(event, data));
    },
    sendFrame(frame) {
      if (closed) return;
      res.write(frame);
    },
    sendRaw(line) {
      if (closed) return;
      res.write(`data: ${line}\n\n`);
    },
    close: finish,
    get closed() {
      return closed;
    },
    onClose(cb) {
      if (closed) cb();
      else closers.push(cb);
    },
  };
  return stream;
}

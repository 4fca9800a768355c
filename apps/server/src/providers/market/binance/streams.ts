import WebSocket from 'ws';

/** Streams per WebSocket connection: Binance allows 1024; 200 keeps each connection's subscribe messages and reconnects small. */
export const STREAMS_PER_CONNECTION = 200;

/** Splits stream names into groups of at most `size` (order kept). */
export function chunkStreams(streams: readonly string[], size = STREAMS_PER_CONNECTION): string[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const out: string[][] = [];
  for (let i = 0; i < streams.length; i += size) out.push(streams.slice(i, i + size));
  return out;
}

/**
 * Where each stream goes when the wanted set changes: streams to unsubscribe per connection
 * (index), streams to subscribe to connections with room (filling them up to `size`), and the
 * rest in new connections of at most `size` streams. `current[i]` = streams of connection i.
 */
export function planStreams(current: readonly (readonly string[])[], wanted: readonly string[], size = STREAMS_PER_CONNECTION): { unsubscribe: Map<number, string[]>; subscribe: Map<number, string[]>; open: string[][] } {
  const want = new Set(wanted);
  const held = new Set<string>();
  const unsubscribe = new Map<number, string[]>();
  const room: number[] = [];
  current.forEach((streams, i) => {
    const gone = streams.filter((s) => !want.has(s));
    if (gone.length) unsubscribe.set(i, gone);
    for (const s of streams) if (want.has(s)) held.add(s);
    room.push(size - (streams.length - gone.length));
  });
  const missing = wanted.filter((s) => !held.has(s));
  const subscribe = new Map<number, string[]>();
  let k = 0;
  for (let i = 0; i < room.length && k < missing.length; i++) {
    if (room[i] <= 0) continue;
    const take = missing.slice(k, k + room[i]);
    k += take.length;
    subscribe.set(i, take);
  }
  return { unsubscribe, subscribe, open: chunkStreams(missing.slice(k), size) };
}

/** One WebSocket connection of a {@link StreamPool} and the streams it carries. */
interface Conn {
  streams: string[];
  ws: WebSocket | null;
  delay: number;
  closed: boolean;
}

/**
 * Binance combined streams over as many WebSocket connections as needed (`/stream?streams=a/b/…`,
 * at most `size` streams each). `set(wanted)` moves to a new set of streams with `SUBSCRIBE` /
 * `UNSUBSCRIBE` requests on the open connections (`{"method":"SUBSCRIBE","params":[…],"id":n}`)
 * and new connections for the overflow; a dropped connection reconnects with its current streams
 * after a doubling delay (1 s … 60 s). Messages (`{stream, data}`) go to `onMessage`.
 */
export class StreamPool {
  private conns: Conn[] = [];
  private nextId = 1;
  private stopped = false;

  constructor(
    private readonly opts: { wsUrl: string; onMessage: (msg: { stream?: string; data?: unknown; result?: unknown; id?: number }) => void; log?: (m: string) => void; size?: number },
  ) {}

  /** Streams per connection, for tests and the health of the feed. */
  get layout(): string[][] {
    return this.conns.map((c) => [...c.streams]);
  }

  /** Follows exactly `wanted` from now on. */
  set(wanted: readonly string[]): void {
    if (this.stopped) return;
    const size = this.opts.size ?? STREAMS_PER_CONNECTION;
    const plan = planStreams(this.conns.map((c) => c.streams), wanted, size);
    for (const [i, gone] of plan.unsubscribe) {
      const c = this.conns[i];
      c.streams = c.streams.filter((s) => !gone.includes(s));
      this.request(c, 'UNSUBSCRIBE', gone);
    }
    for (const [i, more] of plan.subscribe) {
      const c = this.conns[i];
      c.streams.push(...more);
      this.request(c, 'SUBSCRIBE', more);
    }
    for (const streams of plan.open) {
      const c: Conn = { streams: [...streams], ws: null, delay: 1000, closed: false };
      this.conns.push(c);
      this.connect(c);
    }
    // connections left without streams are closed
    for (const c of this.conns.filter((x) => x.streams.length === 0)) {
      c.closed = true;
      c.ws?.close();
    }
    this.conns = this.conns.filter((c) => c.streams.length > 0);
  }

  private request(c: Conn, method: 'SUBSCRIBE' | 'UNSUBSCRIBE', params: string[]) {
    // A connection still opening subscribes to its whole list when it opens (see connect).
    if (c.ws?.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify({ method, params, id: this.nextId++ }));
  }

  private connect(c: Conn) {
    if (this.stopped || c.closed) return;
    const first = c.streams.slice();
    const ws = new WebSocket(`${this.opts.wsUrl.replace(/\/$/, '')}/stream?streams=${first.join('/')}`);
    c.ws = ws;
    ws.on('open', () => {
      c.delay = 1000;
      // streams added or removed while the connection was opening
      const added = c.streams.filter((s) => !first.includes(s));
      const gone = first.filter((s) => !c.streams.includes(s));
      if (added.length) this.request(c, 'SUBSCRIBE', added);
      if (gone.length) this.request(c, 'UNSUBSCRIBE', gone);
    });
    ws.on('message', (raw) => {
      try {
        this.opts.onMessage(JSON.parse(raw.toString()));
      } catch (e) {
        this.opts.log?.(`binance ws: bad message (${(e as Error).message})`);
      }
    });
    ws.on('error', (e) => this.opts.log?.(`binance ws: ${e.message}`));
    ws.on('close', () => {
      if (this.stopped || c.closed || c.ws !== ws) return;
      const d = c.delay;
      c.delay = Math.min(60_000, d * 2);
      setTimeout(() => this.connect(c), d).unref();
    });
  }

  /** Closes every connection. */
  stop(): void {
    this.stopped = true;
    for (const c of this.conns) {
      c.closed = true;
      c.ws?.close();
    }
    this.conns = [];
  }
}

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local stand-in for Binance's public spot API, speaking its wire format, for running and
 * measuring live mode without the exchange:
 *
 * - REST: `GET /api/v3/exchangeInfo` (status TRADING / BREAK per pair), `/api/v3/klines`
 *   (12-field rows; `symbol`, `interval`, `limit` ≤ 1000, `startTime`, `endTime`),
 *   `/api/v3/ticker/24hr` (all pairs, `symbol=` or `symbols=[…]`), `/api/v3/time`; request weight
 *   counted per minute (`X-MBX-USED-WEIGHT-1M`) with 429 + `Retry-After` past the limit, and 429 or
 *   418 answers on request (`failNext`); errors as `{code, msg}`.
 * - WebSocket: combined streams `/stream?streams=a/b/…` (at most 1024 per connection), `SUBSCRIBE`
 *   / `UNSUBSCRIBE` requests answered `{result: null, id}`, `<pair>@kline_<tf>` events (`x` true on
 *   the close) and `!miniTicker@arr`.
 * - Its own controls: `POST /stand-in/list?symbol=X` (a new listing, or a delisted pair back) and
 *   `POST /stand-in/delist?symbol=X` (status BREAK: the app drops it at its next listing read).
 *
 * Its N pairs are made from the shipped real 5m series (data/candles/*-5m.csv.gz): pair i plays
 * base series i mod B, shifted by whole days and with its prices scaled, forwards then backwards
 * (so any time has a candle and no price jumps); 15m, 1h and 1d candles are aggregated from them.
 * The clock runs `speed` times real time from the start (0: it moves only by `advanceTo`).
 */
export interface StandInOptions {
  /** Number of pairs (default 400). */
  symbols?: number;
  /** Shipped data folder (default: the repository's data/). */
  dataDir?: string;
  /** Clock speed: 1 = real time, 60 = a minute per second, 0 = manual (`advanceTo`). */
  speed?: number;
  /** Start of the stand-in clock (ms; default now). */
  start?: number;
  /** Wall ms between publications of prices and forming candles (default 1000; 0 = only on `advanceTo`). */
  publishMs?: number;
  /** Publish forming (not closed) kline updates (default true). */
  forming?: boolean;
  /** Request weight per minute before 429 (default 6000, Binance's). */
  weightLimit?: number;
}

const TF_MS: Record<string, number> = { '1m': 60_000, '5m': 300_000, '15m': 900_000, '1h': 3_600_000, '4h': 14_400_000, '1d': 86_400_000 };
const FIVE = 300_000;
const DAY = 86_400_000;
const WEIGHTS: Record<string, number> = { '/api/v3/exchangeInfo': 20, '/api/v3/klines': 2, '/api/v3/time': 1 };

/** One base series: 5m columns. */
interface Base {
  symbol: string;
  n: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** One stand-in pair. */
interface Pair {
  symbol: string;
  pair: string;
  base: Base;
  /** Shift in 5m candles. */
  shift: number;
  scale: number;
  trading: boolean;
}

type Ohlcv = [number, number, number, number, number];

function readBase(file: string, symbol: string): Base {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trim().split('\n').slice(1);
  const n = lines.length;
  const b: Base = { symbol, n, open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  lines.forEach((l, i) => {
    const f = l.split(',');
    b.open[i] = +f[1];
    b.high[i] = +f[2];
    b.low[i] = +f[3];
    b.close[i] = +f[4];
    b.volume[i] = +f[5];
  });
  return b;
}

/** Deterministic 32-bit hash of a string (FNV-1a). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The stand-in's pair symbols: the shipped coins, then the live metadata snapshot's, then synthetic `XT###` ones (no metadata). */
function symbolsFor(n: number, dataDir: string): string[] {
  const shipped = (JSON.parse(fs.readFileSync(path.join(dataDir, 'coins', 'coins.json'), 'utf8')) as { symbol: string }[]).map((c) => c.symbol).filter((s) => s !== 'USDT');
  let meta: string[] = [];
  try {
    meta = (JSON.parse(fs.readFileSync(path.join(dataDir, 'coins', 'live-metadata.json'), 'utf8')) as { coins: { symbol: string }[] }).coins.map((c) => c.symbol);
  } catch {
    // no snapshot: synthetic names only
  }
  const synthetic = Math.ceil(n / 20);
  const out = [...new Set([...shipped, ...meta.filter((s) => s !== 'USDT')])].slice(0, Math.max(0, n - synthetic));
  for (let i = 1; out.length < n; i++) out.push(`XT${String(i).padStart(3, '0')}`);
  return out;
}

/** The local Binance stand-in (see the file comment). `listen` starts it; `close` stops it. */
export class BinanceStandIn {
  readonly pairs: Pair[];
  private readonly byPair = new Map<string, Pair>();
  private readonly speed: number;
  private readonly startMs: number;
  /** Wall time (ms) of the clock's start: taken with `startMs`, after the series are read. */
  private readonly wall0: number;
  private manualNow: number;
  private server: http.Server | null = null;
  private wss: WebSocketServer | null = null;
  private readonly subs = new Map<WebSocket, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  /** Clock time of the last publication (the candles that closed since are published next). */
  private published: number;
  private weight = { minute: 0, used: 0 };
  private failures: { status: 429 | 418; retryAfter: number | null }[] = [];
  /** Counters: requests by path, 429/418 sent, WS messages sent, connections; when (performance.now) the last 5m closes were published, and their open time. */
  readonly stats = { requests: new Map<string, number>(), throttled: 0, messages: 0, connections: 0, maxStreamsPerConnection: 0, lastClose: { at: 0, open: 0, tf: '' } };

  constructor(private readonly opts: StandInOptions = {}) {
    const dataDir = opts.dataDir ?? path.resolve(import.meta.dirname, '..', '..', 'data');
    const dir = path.join(dataDir, 'candles');
    const bases = fs
      .readdirSync(dir)
      .filter((f) => /^[A-Z0-9]+USDT-5m\.csv\.gz$/.test(f))
      .sort()
      .map((f) => readBase(path.join(dir, f), f.replace(/USDT-5m\.csv\.gz$/, '')));
    if (!bases.length) throw new Error(`no 5m series in ${dir}`);
    this.pairs = symbolsFor(opts.symbols ?? 400, dataDir).map((symbol, i) => {
      const own = bases.find((b) => b.symbol === symbol);
      const base = own ?? bases[i % bases.length];
      const h = hash(symbol);
      // a pair on its own shipped series keeps it as it is; the others are shifted and rescaled
      const shift = own ? 0 : ((h % 140) + 1) * (DAY / FIVE);
      const scale = own ? 1 : 10 ** ((h >>> 8) % 7 - 3) * (0.5 + ((h >>> 16) % 1000) / 1000) / base.close[0];
      return { symbol, pair: `${symbol}USDT`, base, shift, scale, trading: true };
    });
    for (const p of this.pairs) this.byPair.set(p.pair, p);
    this.speed = opts.speed ?? 1;
    this.wall0 = Date.now();
    this.startMs = opts.start ?? this.wall0;
    this.manualNow = this.startMs;
    this.published = this.startMs;
  }

  /** The stand-in's clock (ms). */
  now(): number {
    return this.speed > 0 ? this.startMs + (Date.now() - this.wall0) * this.speed : this.manualNow;
  }

  /** Manual clock: moves to `t` and publishes what closed on the way (and the prices). */
  advanceTo(t: number): void {
    this.manualNow = Math.max(this.manualNow, t);
    this.publish();
  }

  /** Lists a pair (new or again) as TRADING, or adds a new one named `symbol` on a shipped series. */
  list(symbol: string): void {
    const p = this.byPair.get(`${symbol}USDT`);
    if (p) p.trading = true;
    else {
      const base = this.pairs[hash(symbol) % this.pairs.length].base;
      const np: Pair = { symbol, pair: `${symbol}USDT`, base, shift: (hash(symbol) % 100) * (DAY / FIVE), scale: 1 / base.close[0], trading: true };
      this.pairs.push(np);
      this.byPair.set(np.pair, np);
    }
  }

  /** Takes a pair off trading (exchangeInfo status BREAK; klines still answer, streams stop). */
  delist(symbol: string): void {
    const p = this.byPair.get(`${symbol}USDT`);
    if (p) p.trading = false;
  }

  /** The next REST answers are these errors (429 or 418, with `Retry-After` seconds when given). */
  failNext(status: 429 | 418, retryAfter: number | null = 1, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, retryAfter });
  }

  /** 5m candle of pair p with open time t (ms, on the 5m grid). */
  private five(p: Pair, t: number): Ohlcv {
    const k = Math.floor(t / FIVE) + p.shift;
    const n = p.base.n;
    const m = ((k % (2 * n)) + 2 * n) % (2 * n);
    const b = p.base;
    const s = p.scale;
    if (m < n) return [b.open[m] * s, b.high[m] * s, b.low[m] * s, b.close[m] * s, b.volume[m] / s];
    const j = 2 * n - 1 - m; // played backwards: open and close swap
    return [b.close[j] * s, b.high[j] * s, b.low[j] * s, b.open[j] * s, b.volume[j] / s];
  }

  /** Candle of pair p, timeframe tf, open time t, from the 5m candles up to `until` (exclusive; the forming candle stops there). */
  private candle(p: Pair, tfMs: number, t: number, until = Infinity): Ohlcv {
    let o = 0, h = -Infinity, l = Infinity, c = 0, v = 0;
    const end = Math.min(t + tfMs, Math.max(t + FIVE, Math.ceil(until / FIVE) * FIVE));
    for (let x = t; x < end; x += FIVE) {
      const f = this.five(p, x);
      if (x === t) o = f[0];
      h = Math.max(h, f[1]);
      l = Math.min(l, f[2]);
      c = f[3];
      v += f[4];
    }
    return [o, h, l, c, v];
  }

  private fmt(x: number): string {
    return x.toFixed(8);
  }

  private klineRow(p: Pair, tf: string, t: number, now: number) {
    const tfMs = TF_MS[tf];
    const [o, h, l, c, v] = this.candle(p, tfMs, t, now);
    const q = v * c;
    return [t, this.fmt(o), this.fmt(h), this.fmt(l), this.fmt(c), this.fmt(v), t + tfMs - 1, this.fmt(q), Math.round(v) + 1, this.fmt(v / 2), this.fmt(q / 2), '0'];
  }

  private ticker24(p: Pair, now: number) {
    const from = Math.floor((now - DAY) / FIVE) * FIVE;
    const last = Math.floor(now / FIVE) * FIVE;
    const [o] = this.five(p, from);
    let h = -Infinity, l = Infinity, v = 0, q = 0, c = o;
    for (let x = from; x <= last; x += FIVE) {
      const f = this.five(p, x);
      h = Math.max(h, f[1]);
      l = Math.min(l, f[2]);
      v += f[4];
      q += f[4] * f[3];
      c = f[3];
    }
    return { o, h, l, c, v, q, from };
  }

  private send(res: http.ServerResponse, status: number, body: unknown) {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json;charset=UTF-8');
    res.setHeader('x-mbx-used-weight-1m', String(this.weight.used));
    res.end(JSON.stringify(body));
  }

  private rest(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    // the stand-in's own controls (not Binance's): list or delist a pair while it runs
    if (req.method === 'POST' && (u.pathname === '/stand-in/list' || u.pathname === '/stand-in/delist')) {
      const symbol = (u.searchParams.get('symbol') ?? '').toUpperCase();
      if (!/^[A-Z0-9]{1,20}$/.test(symbol)) return this.send(res, 400, { code: -1100, msg: 'symbol: capitals and digits' });
      if (u.pathname === '/stand-in/list') this.list(symbol);
      else this.delist(symbol);
      return this.send(res, 200, { symbol, trading: this.byPair.get(`${symbol}USDT`)?.trading ?? false });
    }
    this.stats.requests.set(u.pathname, (this.stats.requests.get(u.pathname) ?? 0) + 1);
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== this.weight.minute) this.weight = { minute, used: 0 };
    const failure = this.failures.shift();
    if (failure) {
      this.stats.throttled++;
      if (failure.retryAfter !== null) res.setHeader('retry-after', String(failure.retryAfter));
      return this.send(res, failure.status, { code: failure.status === 418 ? -1003 : -1003, msg: failure.status === 418 ? 'Way too many requests; IP banned.' : 'Too many requests; please use the websocket for live updates.' });
    }
    const now = this.now();
    let weight = WEIGHTS[u.pathname] ?? 1;
    if (u.pathname === '/api/v3/ticker/24hr') weight = u.searchParams.has('symbol') ? 2 : u.searchParams.has('symbols') ? 40 : 80;
    this.weight.used += weight;
    if (this.weight.used > (this.opts.weightLimit ?? 6000)) {
      this.stats.throttled++;
      res.setHeader('retry-after', String(60 - Math.floor((Date.now() % 60_000) / 1000)));
      return this.send(res, 429, { code: -1003, msg: 'Too much request weight used; current limit is 6000 request weight per 1 MINUTE.' });
    }
    if (u.pathname === '/api/v3/time') return this.send(res, 200, { serverTime: now });
    if (u.pathname === '/api/v3/exchangeInfo') {
      return this.send(res, 200, {
        timezone: 'UTC',
        serverTime: now,
        rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: this.opts.weightLimit ?? 6000 }],
        exchangeFilters: [],
        symbols: this.pairs.map((p) => ({
          symbol: p.pair, status: p.trading ? 'TRADING' : 'BREAK', baseAsset: p.symbol, baseAssetPrecision: 8, quoteAsset: 'USDT', quotePrecision: 8, quoteAssetPrecision: 8,
          orderTypes: ['LIMIT', 'MARKET'], icebergAllowed: true, ocoAllowed: true, isSpotTradingAllowed: true, isMarginTradingAllowed: false, filters: [], permissions: [], permissionSets: [['SPOT']],
        })),
      });
    }
    if (u.pathname === '/api/v3/klines') {
      const p = this.byPair.get(u.searchParams.get('symbol') ?? '');
      if (!p) return this.send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
      const tf = u.searchParams.get('interval') ?? '';
      const tfMs = TF_MS[tf];
      if (!tfMs) return this.send(res, 400, { code: -1120, msg: 'Invalid interval.' });
      const limit = Math.min(1000, Math.max(1, Number(u.searchParams.get('limit') ?? 500) || 500));
      const lastOpen = Math.floor(Math.min(now, Number(u.searchParams.get('endTime') ?? Infinity)) / tfMs) * tfMs;
      const start = u.searchParams.get('startTime');
      const first = start !== null ? Math.ceil(Number(start) / tfMs) * tfMs : lastOpen - (limit - 1) * tfMs;
      const rows = [];
      for (let t = first; t <= lastOpen && rows.length < limit; t += tfMs) rows.push(this.klineRow(p, tf, t, now));
      return this.send(res, 200, rows);
    }
    if (u.pathname === '/api/v3/ticker/24hr') {
      const one = u.searchParams.get('symbol');
      const many = u.searchParams.get('symbols');
      const wanted = one ? [one] : many ? (JSON.parse(many) as string[]) : this.pairs.filter((p) => p.trading).map((p) => p.pair);
      const out = [];
      for (const s of wanted) {
        const p = this.byPair.get(s);
        if (!p) return this.send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
        const t = this.ticker24(p, now);
        out.push({
          symbol: p.pair, priceChange: this.fmt(t.c - t.o), priceChangePercent: ((t.c / t.o - 1) * 100).toFixed(3), weightedAvgPrice: this.fmt(t.q / t.v), prevClosePrice: this.fmt(t.o),
          lastPrice: this.fmt(t.c), lastQty: '1', bidPrice: this.fmt(t.c), bidQty: '1', askPrice: this.fmt(t.c), askQty: '1', openPrice: this.fmt(t.o), highPrice: this.fmt(t.h),
          lowPrice: this.fmt(t.l), volume: this.fmt(t.v), quoteVolume: this.fmt(t.q), openTime: t.from, closeTime: now, firstId: 1, lastId: 2, count: 2,
        });
      }
      return this.send(res, 200, one ? out[0] : out);
    }
    return this.send(res, 404, { code: -1000, msg: 'Unknown endpoint.' });
  }

  private onConnection(ws: WebSocket, req: http.IncomingMessage) {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname !== '/stream') return ws.close(1008, 'combined streams only: /stream?streams=…');
    const streams = new Set((u.searchParams.get('streams') ?? '').split('/').filter(Boolean));
    if (streams.size > 1024) return ws.close(1008, 'too many streams');
    this.stats.connections++;
    this.subs.set(ws, streams);
    this.stats.maxStreamsPerConnection = Math.max(this.stats.maxStreamsPerConnection, streams.size);
    ws.on('message', (raw) => {
      let m: { method?: string; params?: string[]; id?: number };
      try {
        m = JSON.parse(raw.toString());
      } catch {
        return ws.send(JSON.stringify({ error: { code: 2, msg: 'Invalid JSON' } }));
      }
      if (m.method === 'SUBSCRIBE') for (const s of m.params ?? []) streams.add(s);
      else if (m.method === 'UNSUBSCRIBE') for (const s of m.params ?? []) streams.delete(s);
      else if (m.method === 'LIST_SUBSCRIPTIONS') return ws.send(JSON.stringify({ result: [...streams], id: m.id }));
      if (streams.size > 1024) return ws.close(1008, 'too many streams');
      this.stats.maxStreamsPerConnection = Math.max(this.stats.maxStreamsPerConnection, streams.size);
      ws.send(JSON.stringify({ result: null, id: m.id ?? null }));
    });
    ws.on('close', () => this.subs.delete(ws));
  }

  /** Sends the `{stream, data}` message to every connection following `stream`. */
  private emit(stream: string, data: unknown) {
    let frame: string | null = null;
    for (const [ws, streams] of this.subs) {
      if (!streams.has(stream) || ws.readyState !== ws.OPEN) continue;
      frame ??= JSON.stringify({ stream, data });
      ws.send(frame);
      this.stats.messages++;
    }
  }

  /** Every stream some connection follows. */
  followed(): Set<string> {
    const all = new Set<string>();
    for (const s of this.subs.values()) for (const x of s) all.add(x);
    return all;
  }

  /** Publishes the closes since the last publication, the forming candles and the prices. */
  publish(): void {
    const now = this.now();
    const followed = this.followed();
    for (const p of this.pairs) {
      if (!p.trading) continue;
      const lower = p.pair.toLowerCase();
      for (const tf of ['5m', '15m', '1h', '1d']) {
        const stream = `${lower}@kline_${tf}`;
        if (!followed.has(stream)) continue;
        const tfMs = TF_MS[tf];
        const open = Math.floor(now / tfMs) * tfMs;
        const prev = Math.floor(this.published / tfMs) * tfMs;
        const event = (t: number, closed: boolean) => {
          const [o, h, l, c, v] = this.candle(p, tfMs, t, closed ? Infinity : now);
          return { e: 'kline', E: now, s: p.pair, k: { t, T: t + tfMs - 1, s: p.pair, i: tf, f: 1, L: 2, o: this.fmt(o), c: this.fmt(c), h: this.fmt(h), l: this.fmt(l), v: this.fmt(v), n: 2, x: closed, q: this.fmt(v * c), V: this.fmt(v / 2), Q: this.fmt((v * c) / 2), B: '0' } };
        };
        // every candle that closed since the last publication (the last three at most)
        if (prev < open) {
          for (let t = Math.max(prev, open - 3 * tfMs); t < open; t += tfMs) this.emit(stream, event(t, true));
          if (tf === '5m') this.stats.lastClose = { at: performance.now(), open: open - tfMs, tf };
        }
        if (this.opts.forming !== false) this.emit(stream, event(open, false));
      }
    }
    this.published = now;
    if (followed.has('!miniTicker@arr')) {
      const arr = this.pairs.filter((p) => p.trading).map((p) => {
        const t = this.ticker24(p, now);
        return { e: '24hrMiniTicker', E: now, s: p.pair, c: this.fmt(t.c), o: this.fmt(t.o), h: this.fmt(t.h), l: this.fmt(t.l), v: this.fmt(t.v), q: this.fmt(t.q) };
      });
      this.emit('!miniTicker@arr', arr);
    }
  }

  /** Starts listening on 127.0.0.1:`port` (0 = any free port); returns the REST and WS base URLs. */
  async listen(port = 0): Promise<{ rest: string; ws: string; port: number }> {
    this.server = http.createServer((req, res) => this.rest(req, res));
    this.wss = new WebSocketServer({ server: this.server });
    this.wss.on('connection', (ws, req) => this.onConnection(ws, req));
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    const p = (this.server.address() as AddressInfo).port;
    const every = this.opts.publishMs ?? 1000;
    if (every > 0) {
      this.timer = setInterval(() => this.publish(), every);
      this.timer.unref();
    }
    return { rest: `http://127.0.0.1:${p}`, ws: `ws://127.0.0.1:${p}`, port: p };
  }

  /** Stops publishing, closes every connection and the server. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const ws of this.subs.keys()) ws.terminate();
    this.wss?.close();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

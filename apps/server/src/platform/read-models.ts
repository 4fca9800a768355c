import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PubSub } from './pubsub';

/**
 * Topics of read models: what a read endpoint returns is versioned by the generation of the topics
 * it rests on. A write that changes a topic's inputs calls `invalidate(topic)`:
 *  - `signals`: TA snapshots, logged signals and their outcomes (candle close, scoring, backfill);
 *  - `news`: analysed / released news items and their impact rows;
 *  - `ai`: the coin pages' AI content (stored once per basis candle; moved on at process start only).
 */
export type ReadModelTopic = 'signals' | 'news' | 'ai';
const TOPICS: readonly ReadModelTopic[] = ['signals', 'news', 'ai'];

/** Pub/sub channel on which generations of the topics are announced to every process. */
export const READ_MODELS_CHANNEL = 'readmodels:generation';

/** Entries kept in process (least recently used dropped first). */
export const READ_MODEL_MAX_ENTRIES = 2_000;
/** Seconds an entry shared through Redis lives (a version is also replaced by a newer one long before). */
export const READ_MODEL_REDIS_TTL_S = 15 * 60;
/** Milliseconds between reloads of the topics' generations from Redis (in case a pub/sub message was missed). */
export const GENERATION_REFRESH_MS = 10_000;

/** Content type of the pre-serialized JSON bodies. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

interface Entry<T> {
  version: string;
  value: Promise<T>;
  /** Set once `value` resolved and the entry was kept: what {@link ReadModels.peek} answers. */
  settled?: boolean;
  result?: T;
  /** Read since the eviction sweep last passed (second chance: a hit costs a flag, not a reinsertion). */
  used?: boolean;
  /**
   * The value of the version this entry replaced, kept while this one is computed (then dropped):
   * what {@link ReadModels.peek} answers with `stale` to readers that arrive during the computation.
   */
  previous?: { result: unknown };
}

/** Options of {@link ReadModels.peek} / {@link ReadModels.getNow}. */
export interface PeekOptions {
  /**
   * While another reader's computation of `version` runs, answer the value of the version it
   * replaces (when this process held one) instead of waiting for it (decision 092). The reader
   * that starts a computation always waits for it, so a write followed by a read sees the write.
   */
  stale?: boolean;
}

/**
 * Read models: values of read endpoints stored by key and version and computed once per version
 * (concurrent readers of a missing version share one computation). In process by default; with
 * Redis (`REDIS_URL`) values marked `shared` are also stored in Redis, so N web processes serve the
 * result computed by the first of them. Versions are built by the caller from the topics'
 * generations (`generation(topic)`) and, for time-dependent values, from a bucket of the market
 * clock (e.g. the 5-minute candle grid). Generations are counters in Redis (INCR) announced on
 * {@link READ_MODELS_CHANNEL}; without Redis they are counters of this process.
 */
export class ReadModels {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly gens = new Map<ReadModelTopic, number>(TOPICS.map((t) => [t, 0]));
  private unsubscribe: (() => Promise<void>) | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  /** Computations run (diagnostics and tests). */
  computed = 0;
  /** Runs each computation (a cache miss); the app sets its read gate here, so misses are capped and shed like any expensive read. */
  private gate: <T>(job: () => Promise<T>) => Promise<T> = (job) => job();

  /** Routes every computation through `gate` (e.g. `(job) => readGate.run(job)`); hits never wait. */
  setComputeGate(gate: <T>(job: () => Promise<T>) => Promise<T>): void {
    this.gate = gate;
  }

  private constructor(
    private readonly pubsub: PubSub | null,
    private readonly redis: import('ioredis').Redis | null,
    private readonly prefix: string,
    private readonly maxEntries: number,
  ) {}

  /**
   * Creates the store. `redisUrl`: share values and generations through Redis; `pubsub` announces
   * generations to the other processes; `prefix` namespaces Redis keys (tests use a random one).
   */
  static async create(opts: { pubsub?: PubSub; redisUrl?: string; prefix?: string; maxEntries?: number } = {}): Promise<ReadModels> {
    let redis: import('ioredis').Redis | null = null;
    if (opts.redisUrl) {
      const { Redis } = await import('ioredis');
      redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, connectTimeout: 2000 });
      await redis.connect();
    }
    const rm = new ReadModels(opts.pubsub ?? null, redis, opts.prefix ?? 'coinlens:rm:', opts.maxEntries ?? READ_MODEL_MAX_ENTRIES);
    if (opts.pubsub && redis) {
      rm.unsubscribe = await opts.pubsub.subscribe(READ_MODELS_CHANNEL, (m: { topic?: string; generation?: number }) => {
        if (typeof m?.topic === 'string' && typeof m.generation === 'number') rm.raise(m.topic as ReadModelTopic, m.generation);
      });
    }
    if (redis) {
      // A starting process moves every generation on (and says so): values stored by earlier
      // processes, perhaps over another database (a restore), are never read again.
      for (const t of TOPICS) await rm.invalidate(t);
      rm.refreshTimer = setInterval(() => void rm.loadGenerations().catch(() => undefined), GENERATION_REFRESH_MS);
      rm.refreshTimer.unref();
    }
    return rm;
  }

  /** A store of this process only (no Redis): for services built without the shared one (tests, scripts). */
  static local(maxEntries = READ_MODEL_MAX_ENTRIES): ReadModels {
    return new ReadModels(null, null, 'coinlens:rm:', maxEntries);
  }

  /** True when values and generations are shared through Redis. */
  get isShared(): boolean {
    return this.redis !== null;
  }

  private async loadGenerations(): Promise<void> {
    if (!this.redis) return;
    const values = await this.redis.mget(...TOPICS.map((t) => `${this.prefix}gen:${t}`));
    TOPICS.forEach((t, i) => this.raise(t, Number(values[i] ?? 0)));
  }

  private raise(topic: ReadModelTopic, generation: number): void {
    if (!this.gens.has(topic) || !Number.isFinite(generation)) return;
    if (generation > this.gens.get(topic)!) this.gens.set(topic, generation);
  }

  /** Current generation of `topic` in this process (0 at start without Redis). */
  generation(topic: ReadModelTopic): number {
    return this.gens.get(topic) ?? 0;
  }

  /**
   * Marks every read model resting on `topic` stale, in every process: increments the generation
   * (in Redis when shared) and announces it on {@link READ_MODELS_CHANNEL}. Call after the write.
   */
  async invalidate(topic: ReadModelTopic): Promise<void> {
    if (!this.redis) {
      this.gens.set(topic, this.generation(topic) + 1);
      return;
    }
    const g = await this.redis.incr(`${this.prefix}gen:${topic}`);
    this.raise(topic, g);
    await this.pubsub?.publish(READ_MODELS_CHANNEL, { topic, generation: g });
  }

  /**
   * The value of `key` at `version`: from this process, else (when `shared` and Redis is set) from
   * Redis, else computed once by `compute` and stored. Shared values must survive JSON. A failed
   * computation is not stored (the next reader retries), nor a value for which `keep` says false
   * (its concurrent readers still share it). Keep the version string short and exact.
   */
  get<T>(key: string, version: string, compute: () => Promise<T>, opts: { shared?: boolean; keep?: (value: T) => boolean } = {}): Promise<T> {
    return this.lookup(key, version, compute, opts, true);
  }

  /**
   * {@link get} of a JSON text, answered as its UTF-8 bytes: the text is stored (and shared through
   * Redis when `shared`) as by `get`, and its bytes are kept in this process beside it, encoded once
   * per version, so a request writes a stored Buffer (no per-request string copy and encoding:
   * ~10–20 % of a small answer's cost). Bytes are dropped with their text when `keep` says false.
   */
  getBytes(key: string, version: string, compute: () => Promise<string>, opts: { shared?: boolean; keep?: (value: string) => boolean } = {}): Promise<Buffer> {
    return this.lookup(`${key}#bytes`, version, async () => Buffer.from(await this.get(key, version, compute, opts), 'utf8'), { keep: () => this.entries.get(key)?.version === version }, false);
  }

  /**
   * The value of `key` at `version` when this process holds it computed, else undefined (absent,
   * another version, or still being computed: then call {@link get}). Synchronous and without I/O,
   * so a read endpoint answers a hit within the request's own tick (no promise, no microtask: ~10 %
   * of a small answer's cost). Counts as a use for the eviction order. With `stale`, a version
   * being computed by another reader is answered with the value it replaces, when held.
   */
  peek<T>(key: string, version: string, opts?: PeekOptions): T | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit.version !== version) return undefined;
    if (hit.settled === true) {
      hit.used = true;
      return hit.result as T;
    }
    if (opts?.stale !== true || hit.previous === undefined) return undefined;
    hit.used = true;
    this.staleServed++;
    return hit.previous.result as T;
  }

  /** Values answered from the previous version while the current one was computed (diagnostics and tests). */
  staleServed = 0;

  /** {@link peek} when held, else {@link get}: the value now, or the promise of it. */
  getNow<T>(key: string, version: string, compute: () => Promise<T>, opts: { shared?: boolean; keep?: (value: T) => boolean } & PeekOptions = {}): T | Promise<T> {
    const held = this.peek<T>(key, version, opts);
    return held !== undefined ? held : this.get(key, version, compute, opts);
  }

  /** {@link peek} of the bytes {@link getBytes} keeps for `key` at `version`. */
  peekBytes(key: string, version: string, opts?: PeekOptions): Buffer | undefined {
    return this.peek<Buffer>(`${key}#bytes`, version, opts);
  }

  /** `get`; `primary` false for values derived from another entry (not counted, not gated: the entry they read is). */
  private lookup<T>(key: string, version: string, compute: () => Promise<T>, opts: { shared?: boolean; keep?: (value: T) => boolean }, primary: boolean): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      hit.used = true;
      return hit.value as Promise<T>;
    }
    const shared = opts.shared === true && this.redis !== null;
    const entry = { version } as Entry<unknown>;
    // the replaced version's value stays readable (peek with `stale`) until this one is computed
    if (hit !== undefined) entry.previous = hit.settled === true ? { result: hit.result } : hit.previous;
    const value = (async () => {
      if (shared) {
        const raw = await this.redis!.get(this.redisKey(key, version)).catch(() => null);
        if (raw !== null) return JSON.parse(raw) as T;
      }
      if (!primary) {
        const v = await compute();
        if (opts.keep && !opts.keep(v) && this.entries.get(key) === entry) this.entries.delete(key);
        return v;
      }
      this.computed++;
      const v = await this.gate(compute);
      if (opts.keep && !opts.keep(v)) {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        return v;
      }
      if (shared) await this.redis!.set(this.redisKey(key, version), JSON.stringify(v), 'EX', READ_MODEL_REDIS_TTL_S).catch(() => undefined);
      return v;
    })();
    entry.value = value;
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.previous = undefined;
        if (this.entries.get(key) !== entry) return;
        entry.result = v;
        entry.settled = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict();
    return value;
  }

  /**
   * Drops entries beyond `maxEntries`, least recently used first, by the second-chance rule (the
   * CLOCK approximation of LRU): the oldest entry in insertion order goes unless it was read since
   * the sweep last passed it; then it is moved to the end with its flag cleared. Each pass clears
   * flags, so a sweep ends within two rounds of the map.
   */
  private evict(): void {
    while (this.entries.size > this.maxEntries) {
      const [k, e] = this.entries.entries().next().value!;
      this.entries.delete(k);
      if (e.used) {
        e.used = false;
        this.entries.set(k, e);
      }
    }
  }

  private redisKey(key: string, version: string): string {
    return `${this.prefix}v:${key}@${version}`;
  }

  /** Number of entries held in this process. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every entry of this process (tests). */
  clearLocal(): void {
    this.entries.clear();
  }

  async close(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.unsubscribe?.().catch(() => undefined);
    this.redis?.disconnect();
  }
}

/**
 * JSON text of `value` exactly as the route's response serializer writes it
 * (fastify-type-provider-zod: `JSON.stringify(z.encode(schema, value))`). Throws when the value
 * does not match the schema (a bug: the route answers 500 as before).
 */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return JSON.stringify(z.encode(schema, value as never));
}

/**
 * Numbers written in place of per-request fields (the clock's now and values derived from it) in
 * stored JSON texts; {@link fillTemplate} puts the real values there. Integers above any real
 * time in ms, so schemas accept them.
 */
export const NOW_SLOT = 9_007_199_254_740_991;
export const SINCE_SLOT = 9_007_199_254_740_989;

/** A stored JSON text split at its slots: parts[0] slot parts[1] slot … (slots in `slots` order). */
export interface JsonTemplate {
  parts: string[];
  slots: number[];
}

/** Splits `json` at every value equal to one of the given slot numbers. */
export function toTemplate(json: string, slotValues: number[]): JsonTemplate {
  // a slot is a whole JSON value: after ':', '[' or ',' and before ',', '}' or ']'
  const re = new RegExp(`(?<=[:\\[,])(${slotValues.map(String).join('|')})(?=[,}\\]])`, 'g');
  const parts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const m of json.matchAll(re)) {
    parts.push(json.slice(last, m.index));
    slots.push(Number(m[1]));
    last = m.index! + m[0].length;
  }
  parts.push(json.slice(last));
  return { parts, slots };
}

/** Writes the template with each slot replaced by `values[slot]` (as JSON numbers). */
export function fillTemplate(t: JsonTemplate, values: Record<number, number>): string {
  if (t.slots.length === 0) return t.parts[0];
  let out = t.parts[0];
  for (let i = 0; i < t.slots.length; i++) out += JSON.stringify(values[t.slots[i]]) + t.parts[i + 1];
  return out;
}

/**
 * Where {@link fillTemplateBody} keeps, on the template object itself (a symbol key: not part of its
 * JSON, read as a plain property), its parts encoded once and the last body filled with its slot values.
 */
const ENCODED = Symbol('encoded template parts');
interface EncodedTemplate {
  parts: Buffer[];
  lastValues: number[];
  last: Buffer | null;
}

/**
 * {@link fillTemplate} as UTF-8 bytes: the template's parts are encoded once per template object
 * (the read model stores one per version), so a request only joins them with its slot values
 * instead of concatenating and encoding the whole text again (a 40 KB text with CJK names costs
 * ~60 µs to encode). Without slots the one stored Buffer is returned as is. The last body is kept
 * per template and returned again while the slot values are the same (requests within the same
 * millisecond of the clock: most of them under load). Callers must not modify the returned Buffer.
 */
export function fillTemplateBody(t: JsonTemplate, values: Record<number, number>): Buffer {
  let enc = (t as JsonTemplate & { [ENCODED]?: EncodedTemplate })[ENCODED];
  if (enc === undefined) {
    enc = { parts: t.parts.map((p) => Buffer.from(p, 'utf8')), lastValues: [], last: null };
    Object.defineProperty(t, ENCODED, { value: enc });
  }
  const { parts, lastValues } = enc;
  const n = t.slots.length;
  if (n === 0) return parts[0];
  let same = enc.last !== null;
  for (let i = 0; i < n && same; i++) same = values[t.slots[i]] === lastValues[i];
  if (same) return enc.last!;
  const chunks: Buffer[] = [parts[0]];
  for (let i = 0; i < n; i++) {
    const v = values[t.slots[i]];
    lastValues[i] = v;
    chunks.push(Buffer.from(JSON.stringify(v), 'latin1'), parts[i + 1]);
  }
  enc.last = Buffer.concat(chunks);
  return enc.last;
}

/**
 * Sends a JSON text produced by {@link encodeJson} as is (Fastify skips serialization for a string
 * or a Buffer with a JSON content type). A Buffer (stored once per read model version) is written
 * without encoding it again per request.
 */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}

/** `f(value)` now when the value is at hand, else when its promise resolves (for {@link ReadModels.getNow} results). */
export function thenNow<T, U>(value: T | Promise<T>, f: (v: T) => U): U | Promise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * {@link sendJson} of a body that is at hand (a read-model hit: sent within the handler's own call,
 * so the handler need not be `async`) or still to come (a promise: sent when it resolves; its
 * rejection is the route's error, as from an async handler). Returns nothing (the reply is sent)
 * or the promise of the send, which is what a Fastify handler returns.
 */
export function sendJsonNow(reply: FastifyReply, body: string | Buffer | Promise<string | Buffer>): void | Promise<void> {
  if (body instanceof Promise) {
    return body.then((b) => {
      sendJson(reply, b);
    });
  }
  sendJson(reply, body);
}

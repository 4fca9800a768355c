import Bottleneck from 'bottleneck';

/**
 * Request weights of the Binance spot REST endpoints this client calls (Binance's documented
 * `REQUEST_WEIGHT` costs): `exchangeInfo` 20, `klines` 2, `ticker/24hr` 80 for the whole market.
 */
export const BINANCE_WEIGHT = { exchangeInfo: 20, klines: 2, ticker24hAll: 80, time: 1 } as const;

/** Binance's request-weight limit per minute and IP (the `REQUEST_WEIGHT` rate limit of `exchangeInfo`). */
export const BINANCE_WEIGHT_LIMIT_PER_MINUTE = 6000;

/** Priority of a request: `now` for a reader waiting on it (a coin page opened), `background` for the warm-up of every pair. */
export type RequestPriority = 'now' | 'background';

/** An error answer of Binance (`{code, msg}` body), with the HTTP status. */
export class BinanceHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: string,
  ) {
    super(`Binance ${path} answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/** Options of {@link BinanceRest}. */
export interface BinanceRestOptions {
  /** REST base URL, e.g. `https://api.binance.com`. */
  baseUrl: string;
  /** Weight this process may spend per minute (default half of {@link BINANCE_WEIGHT_LIMIT_PER_MINUTE}, leaving room for other clients on the IP). */
  weightPerMinute?: number;
  /** Requests in flight at once (default 4). */
  maxConcurrent?: number;
  /** Wait (ms) after a 429 or 418 without a `Retry-After` header (default 60 s; doubled per consecutive 418). */
  defaultBackoffMs?: number;
  /** Attempts per request when answered 429/418 or when the network fails (default 3). */
  attempts?: number;
  /** Request timeout (ms, default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Wall clock (ms) and sleep, replaced by tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: (msg: string) => void;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Binance spot REST client that keeps within the exchange's limits: every request is scheduled on
 * a `bottleneck` limiter whose reservoir is the weight budget per minute (each request costs its
 * documented weight), readers waiting on a page go before the background warm-up, and the used
 * weight Binance reports (`X-MBX-USED-WEIGHT-1M`) holds further requests until the next minute
 * when it nears the limit. A 429 (too many requests) or 418 (IP banned for ignoring 429s) stops
 * every request of this client until `Retry-After` seconds have passed (or an exponential
 * default), then retries. Errors: {@link BinanceHttpError} for other statuses, or after the
 * attempts; network errors as thrown by fetch.
 */
export class BinanceRest {
  private readonly limiter: Bottleneck;
  private readonly inFlight: Bottleneck;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** No request leaves before this wall time (ms): set by 429/418 answers and by the reported weight. */
  private blockedUntil = 0;
  private bans = 0;
  /** Requests sent, and the 429/418 answers seen (for tests and logs). */
  readonly stats = { requests: 0, weight: 0, throttled: 0, banned: 0 };

  constructor(private readonly opts: BinanceRestOptions) {
    const budget = opts.weightPerMinute ?? BINANCE_WEIGHT_LIMIT_PER_MINUTE / 2;
    // bottleneck counts a job's weight against maxConcurrent too: the weight budget and the number
    // of requests in flight are two limiters, one after the other
    this.limiter = new Bottleneck({ reservoir: budget, reservoirRefreshAmount: budget, reservoirRefreshInterval: 60_000 });
    this.inFlight = new Bottleneck({ maxConcurrent: opts.maxConcurrent ?? 4 });
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? realSleep;
  }

  /** The wall time (ms) before which no request is sent (0 when not held). */
  get heldUntil(): number {
    return this.blockedUntil;
  }

  /**
   * GETs `path` (with its query) and parses the JSON answer, spending `weight` of the budget.
   * Throws BinanceHttpError on an error status (after retrying 429/418 past their wait).
   */
  get<T>(path: string, weight: number, priority: RequestPriority = 'now'): Promise<T> {
    const p = priority === 'now' ? 1 : 7;
    return this.limiter.schedule({ weight, priority: p }, () => this.inFlight.schedule({ priority: p }, () => this.send<T>(path, weight)));
  }

  private async send<T>(path: string, weight: number): Promise<T> {
    const attempts = this.opts.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      const wait = this.blockedUntil - this.now();
      if (wait > 0) await this.sleep(wait);
      this.stats.requests++;
      this.stats.weight += weight;
      let res: Response;
      try {
        res = await (this.opts.fetch ?? fetch)(this.opts.baseUrl.replace(/\/$/, '') + path, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
      } catch (e) {
        if (attempt >= attempts) throw e;
        await this.sleep(500 * attempt);
        continue;
      }
      this.noteUsedWeight(res.headers.get('x-mbx-used-weight-1m'));
      if (res.status === 429 || res.status === 418) {
        const body = await res.text().catch(() => '');
        this.hold(res.status, res.headers.get('retry-after'));
        if (attempt >= attempts) throw new BinanceHttpError(res.status, path.split('?')[0], body);
        continue;
      }
      if (!res.ok) throw new BinanceHttpError(res.status, path.split('?')[0], await res.text().catch(() => ''));
      this.bans = 0;
      return (await res.json()) as T;
    }
  }

  /** Holds every request after a 429 or 418 answer, for `Retry-After` seconds or the default back-off. */
  private hold(status: 429 | 418, retryAfter: string | null) {
    const base = this.opts.defaultBackoffMs ?? 60_000;
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    let ms: number;
    if (status === 418) {
      this.stats.banned++;
      this.bans++;
      ms = seconds !== null ? seconds * 1000 : base * 2 ** Math.min(6, this.bans);
    } else {
      this.stats.throttled++;
      ms = seconds !== null ? seconds * 1000 : base;
    }
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
    this.opts.log?.(`binance: answered ${status}, holding requests for ${Math.round(ms / 1000)} s`);
  }

  /** When Binance reports more than 90 % of its per-minute limit used, holds requests until the next minute. */
  private noteUsedWeight(header: string | null) {
    const used = header === null ? NaN : Number(header);
    if (!Number.isFinite(used) || used < BINANCE_WEIGHT_LIMIT_PER_MINUTE * 0.9) return;
    const t = this.now();
    this.blockedUntil = Math.max(this.blockedUntil, Math.ceil((t + 1) / 60_000) * 60_000);
  }

  /** Drops queued requests (they reject) and stops the limiter's timers. */
  async close(): Promise<void> {
    await Promise.all([this.limiter, this.inFlight].map((l) => l.stop({ dropWaitingJobs: true }).catch(() => undefined)));
  }
}

import Bottleneck from 'bottleneck';
import type { MarketSource } from '../../providers/market/types';
import type { SignalsPipeline } from './signals.pipeline';
import { isTaTimeframe, type TaTimeframe } from '@coinlens/contracts';

/** Delay before the jobs' first run (start-up backfill), so that the process serves HTTP first. */
export const START_DELAY_MS = 5_000;

/**
 * Queue priority of a close by timeframe (Bottleneck: 0 first, 9 last). At the hour every pair's
 * 5m and 1h candles close at once (at midnight UTC the 1d ones too); the 5m analyses, the ones a
 * 5m trader waits for and the shortest, go first.
 */
const CLOSE_PRIORITY: Record<TaTimeframe, number> = { '5m': 3, '1h': 5, '1d': 6 };

/**
 * The clock-driven signals jobs of a worker process: under the `signals` advisory lock (one of N
 * processes computes; the others retry on each candle close), the start-up backfill, then every
 * closed 5m/1h/1d candle through the {@link SignalsPipeline}: up to `concurrency` closes (and
 * backfill steps) at once, so that many pairs closing together use every analysis thread while
 * others wait on the database; the closes of one series one after another (a close arriving while
 * the series' previous one still waits is folded into it in live mode), and none before the backfill is done. Constructed only in processes
 * with the worker role (`ROLES=web` never builds it).
 */
export class SignalsJobs {
  private chain: Promise<unknown> = Promise.resolve();
  private starting: Promise<void> = Promise.resolve();
  private cancelStart: () => void = () => undefined;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private leader = false;
  private readonly log: (msg: string) => void;
  private readonly closes: Bottleneck;
  /** The last close job of each `symbol:tf` (the next one of the series waits for it). */
  private readonly series = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<unknown>>();
  /** Series with a close job queued and not started. */
  private readonly queued = new Set<string>();

  /**
   * `concurrency`: closes, and backfill steps, handled at once (default 1: one after another).
   * `foldQueuedCloses`: a close of a series whose previous close still waits is folded into it (live
   * mode, where hundreds of pairs close at once; default off: every close is its own job).
   */
  constructor(private readonly deps: { pipeline: SignalsPipeline; source: MarketSource; log?: (msg: string) => void; concurrency?: number; foldQueuedCloses?: boolean }) {
    this.log = deps.log ?? (() => undefined);
    this.closes = new Bottleneck({ maxConcurrent: Math.max(1, deps.concurrency ?? 1) });
  }


  private enqueue<T>(fn: () => Promise<T>): Promise<T | undefined> {
    const next = this.chain.then(() => (this.stopped ? undefined : fn()));
    this.chain = next.catch((e) => this.log(`signals job failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
    return next;
  }

  /** Resolves when every queued job has run. */
  async idle(): Promise<void> {
    await this.starting;
    await this.chain;
    while (this.running.size) await Promise.allSettled([...this.running]);
    await this.chain;
  }

  /**
   * Start-up backfill state of this process: `idle` (jobs not started), `waiting` (start delay),
   * `running`, `done`, or `follower` (another process holds the lock and computes).
   */
  backfillState: 'idle' | 'waiting' | 'running' | 'done' | 'follower' = 'idle';

  /** True while this process holds the signals lock. */
  get isLeader(): boolean {
    return this.leader;
  }

  /**
   * Starts the signals jobs in this process: takes the `signals` advisory lock (only one of N
   * processes computes; the others retry on each candle close), backfills, then handles every
   * closed 5m/1h/1d candle. Call only in processes with the worker role.
   */
  async start(lockKey: number, tryLock: (key: number) => Promise<boolean>, opts: { delayMs?: number } = {}): Promise<void> {
    this.stopped = false;
    this.backfillState = 'waiting';
    const acquire = async () => {
      if (this.leader) return true;
      this.leader = await tryLock(lockKey);
      if (this.leader) {
        this.backfillState = 'running';
        const r = await this.deps.pipeline.backfillAll(() => this.stopped, this.deps.concurrency ?? 1);
        this.backfillState = 'done';
        this.log(`signals backfill: ${r.candles} candles computed, ${r.inserted} signals stored, ${r.scored} scored in ${r.ms} ms`);
      } else this.backfillState = 'follower';
      return this.leader;
    };
    // Begin once the process has finished starting (HTTP listening); the backfill yields between steps.
    this.starting = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        void this.enqueue(acquire);
        resolve();
      }, opts.delayMs ?? START_DELAY_MS);
      this.cancelStart = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.unsubscribe = this.deps.source.onCandleClosed((e) => {
      if (!isTaTimeframe(e.timeframe)) return;
      const tf = e.timeframe;
      const key = `${e.symbol}:${tf}`;
      // a close of a series whose previous close is still queued adds nothing: that job reads the
      // latest candles when it starts and logs every candle closed since the last one it processed
      if (this.deps.foldQueuedCloses && this.queued.has(key)) return;
      this.queued.add(key);
      const job = async () => {
        this.queued.delete(key);
        // the lock (and the backfill that follows taking it) in the one serial chain
        if (!(await this.enqueue(acquire)) || this.stopped) return;
        await this.deps.pipeline.onCandleClosed(e.symbol, tf);
      };
      const prev = this.series.get(key) ?? Promise.resolve();
      const next = prev
        .then(() => this.closes.schedule({ priority: CLOSE_PRIORITY[tf] }, job))
        .catch((err) => this.log(`signals job failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
      this.series.set(key, next);
      this.running.add(next);
      void next.finally(() => {
        this.running.delete(next);
        if (this.series.get(key) === next) this.series.delete(key);
      });
    });
  }

  /** Stops the jobs and waits for the running one (a backfill ends after its current step). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelStart();
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.idle();
  }
}

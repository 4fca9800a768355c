import type { Clock } from '../../platform/clock';
import { checkLink, firstDifference, GENESIS_HASH, RECORD_KINDS, type ChainEntry, type RecordKind } from './record-chain';
import { APPEND_BATCH, type RecordRepository } from './record.repository';

/** How far before the last chained row an append looks for rows not chained yet (ids; ms for news marks). */
export const APPEND_LOOKBACK_IDS = 5000;
export const APPEND_LOOKBACK_MS = 2 * 24 * 3_600_000;

/**
 * Least time (ms, wall clock) from the start of one append pass to the start of the next one that
 * folded requests asked for. Every stored analysis asks for a pass: in live mode 400 pairs close at
 * once, and back-to-back passes (each searching the last 5,000 ids of every kind) took most of the
 * database's CPU during the close.
 */
export const APPEND_MIN_GAP_MS = 2000;

/** Entries read per page when verifying. */
const VERIFY_PAGE = 2000;

/** The first entry that does not verify, and why. */
export interface RecordMismatch {
  seq: number;
  kind: string;
  ref: string;
  /**
   * `seq_gap`: the entry is not the one after the previous (an entry removed or inserted);
   * `prev_hash`: it does not link to the previous entry's hash; `hash`: its hash is not the SHA-256
   * of its prev_hash and body (the entry was edited); `row_changed`: the source row's stated
   * fields differ from the body chained (the row was edited); `row_missing`: the source row is gone.
   */
  reason: 'seq_gap' | 'prev_hash' | 'hash' | 'row_changed' | 'row_missing';
  /** For `row_changed`: the first field that differs, with its chained and current values (JSON). */
  field?: string;
  chained?: string;
  current?: string;
}

/** The root of one UTC day: entries appended that day, the seq and hash of its last entry. */
export interface DayRoot {
  day: string;
  entries: number;
  last_seq: number;
  root: string;
  last_appended_at: number;
}

/** Result of {@link RecordService.verify}. */
export interface RecordVerification {
  ok: boolean;
  /** Entries checked (all of them when ok). */
  entries: number;
  /** Hash of the last entry (the genesis hash when empty). */
  head: string;
  /** The first entry that differs; null when ok. */
  mismatch: RecordMismatch | null;
  /** Statements stored but not chained yet (appended by the next pass; not a failure). */
  unchained: Record<RecordKind, number>;
}

/**
 * The tamper-evident record (write and read side): appends the statements stored by the signals,
 * calibration, strategy and news modules to the hash chain of `record_entries`, serves the daily
 * roots and the entries, and verifies the chain against the source rows.
 */
export class RecordService {
  private running: Promise<unknown> | null = null;
  private again = false;
  private full = false;

  /**
   * `batchSize`: entries per append transaction (default 2,000); `minGapMs`: least time between the
   * starts of two passes of {@link RecordService.requestAppend} (default {@link APPEND_MIN_GAP_MS}).
   */
  constructor(private readonly d: { repo: RecordRepository; clock: Clock; log?: (msg: string) => void; batchSize?: number; minGapMs?: number }) {}

  /**
   * Appends every stored statement not in the chain yet, in batches (see RecordRepository.appendBatch);
   * `full` searches every source row instead of those after the last chained one. Safe to call
   * from N processes at once (the append lock keeps the chain linear). Resolves to the counts.
   */
  async appendPending(opts: { full?: boolean } = {}): Promise<Record<RecordKind, number>> {
    const since = { signal: 0, probability: 0, strategy: 0, news_mark: 0 };
    if (!opts.full) for (const kind of RECORD_KINDS) since[kind] = await this.d.repo.searchStart(kind, kind === 'news_mark' ? APPEND_LOOKBACK_MS : APPEND_LOOKBACK_IDS);
    const total: Record<RecordKind, number> = { signal: 0, probability: 0, strategy: 0, news_mark: 0 };
    // Batches in transactions of their own; each next batch searches from where the last one ended.
    // A batch that was not full appended everything stored when it read: statements stored after
    // it come with requests of their own (requestAppend), so the pass ends there instead of
    // searching again while a close of every pair keeps storing.
    let cursor = since;
    const budget = this.d.batchSize ?? APPEND_BATCH;
    for (;;) {
      const { counts, next } = await this.d.repo.appendBatch(this.d.clock.now(), cursor, budget);
      let n = 0;
      for (const kind of RECORD_KINDS) {
        total[kind] += counts[kind];
        n += counts[kind];
      }
      if (n < budget) return total;
      cursor = next;
    }
  }

  /**
   * Asks for an append pass without waiting for it: passes asked while one runs are folded into one
   * more pass after it, started at least `minGapMs` after the one before. Failures are logged. Used by the event reactions (after each stored analysis,
   * each news release, each stored strategy). `full`: the pass searches every source row (the
   * catch-up of a worker's start, for statements stored by a process that stopped before appending).
   */
  requestAppend(full = false): void {
    if (full) this.full = true;
    if (this.running) {
      this.again = true;
      return;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        const full = this.full;
        this.full = false;
        const started = Date.now();
        try {
          await this.appendPending({ full });
        } catch (e) {
          this.d.log?.(`record: append failed: ${e instanceof Error ? e.message : String(e)}`);
        }
        // requests that came meanwhile are served by one more pass, not sooner than the gap
        const wait = started + (this.d.minGapMs ?? APPEND_MIN_GAP_MS) - Date.now();
        if (this.again && wait > 0) await new Promise((r) => setTimeout(r, wait));
      } while (this.again);
    };
    this.running = run().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no requested append pass is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Daily roots, newest day first, with the head of the chain. The days are kept per process and
   * extended with the entries appended since (the chain only grows); a head below the kept one
   * (a chain cut by hand) recomputes them all.
   */
  async roots(): Promise<{ head: ChainEntry | null; days: DayRoot[] }> {
    const head = await this.d.repo.head();
    const seq = head?.seq ?? 0;
    let kept = this.days;
    if (!kept || seq < kept.seq) kept = { seq: 0, days: new Map() };
    if (seq > kept.seq) {
      const days = new Map(kept.days);
      for (const d of await this.d.repo.dailyRoots(kept.seq)) {
        const before = days.get(d.day);
        days.set(d.day, { ...d, entries: d.entries + (before?.entries ?? 0) });
      }
      kept = { seq: Math.max(seq, ...[...days.values()].map((d) => d.last_seq)), days };
    }
    this.days = kept;
    return { head, days: [...kept.days.values()].filter((d) => d.last_seq <= seq).sort((a, b) => (a.day < b.day ? 1 : -1)) };
  }

  private days: { seq: number; days: Map<string, DayRoot> } | null = null;

  /** Entries after `afterSeq`, at most `limit`, and whether more follow. */
  async entries(afterSeq: number, limit: number): Promise<{ entries: ChainEntry[]; has_next: boolean }> {
    const list = await this.d.repo.entries(afterSeq, limit + 1);
    return { entries: list.slice(0, limit), has_next: list.length > limit };
  }

  /**
   * Recomputes the chain from the database: every entry's link and hash in seq order, and its body
   * against the stated fields of its source row as stored now. Stops at the first entry that
   * differs. `onProgress` is told the entries checked after each page.
   */
  async verify(onProgress?: (checked: number) => void): Promise<RecordVerification> {
    let prev: { seq: number; hash: string } | null = null;
    let checked = 0;
    let mismatch: RecordMismatch | null = null;
    for (;;) {
      const page = await this.d.repo.entries(prev?.seq ?? 0, VERIFY_PAGE);
      if (!page.length) break;
      const current = new Map<string, Map<string, string>>();
      for (const kind of RECORD_KINDS) {
        const refs = page.filter((e) => e.kind === kind).map((e) => e.ref);
        current.set(kind, await this.d.repo.currentBodies(kind, refs));
      }
      for (const e of page) {
        const link = checkLink(e, prev);
        if (link) {
          mismatch = { seq: e.seq, kind: e.kind, ref: e.ref, reason: link };
          break;
        }
        const now = current.get(e.kind)?.get(e.ref);
        if (now === undefined) {
          mismatch = { seq: e.seq, kind: e.kind, ref: e.ref, reason: 'row_missing' };
          break;
        }
        const diff = firstDifference(e.body, now);
        if (diff) {
          mismatch = { seq: e.seq, kind: e.kind, ref: e.ref, reason: 'row_changed', ...diff };
          break;
        }
        prev = { seq: e.seq, hash: e.hash };
        checked++;
      }
      onProgress?.(checked);
      if (mismatch || page.length < VERIFY_PAGE) break;
    }
    return { ok: !mismatch, entries: checked, head: prev?.hash ?? GENESIS_HASH, mismatch, unchained: await this.d.repo.unchainedCounts() };
  }
}

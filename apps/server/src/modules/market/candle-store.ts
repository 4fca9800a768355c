import fs from 'node:fs';
import path from 'node:path';
import type { Timeframe } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import type { DatabaseHandle } from '@coinlens/db';
import type { SeriesColumns } from '../../providers/market/series';
import type { MarketRepository } from './market.repository';

/** Bytes per candle in a cache file: six float64 columns (open time ms, open, high, low, close, volume). */
const CANDLE_BYTES = 48;

/**
 * The stored candle series of the process, loaded once per (symbol, timeframe) and shared by the
 * market source and the signals job (one copy in memory, not one per consumer).
 *
 * With `cacheDir` and `immutable` (the replay source: candles only change by re-importing the
 * shipped files), each series is also kept as a column file
 * `cacheDir/<SYMBOL>-<tf>-<checksum>.f64` next to the database, keyed by the checksum of the
 * imported file (`data_imports`): a restart reads ~1 MB per series from disk instead of
 * re-reading and parsing every row through the database. A re-import changes the checksum, so a
 * stale file is never read; the database stays the source of truth. Cache failures (read-only
 * disk, corrupt file) fall back to the database.
 */
export class CandleStore {
  private readonly series = new Map<string, Promise<SeriesColumns>>();
  private checksums: Promise<Map<string, string>> | null = null;

  constructor(
    private readonly deps: { db: DatabaseHandle; repo: MarketRepository },
    private readonly opts: { cacheDir?: string; immutable: boolean },
  ) {}

  /**
   * The full stored series of (symbol, tf), oldest first. `fresh` re-reads the database (a live
   * source appends candles). Errors: the database's.
   */
  load(symbol: string, tf: Timeframe, fresh = false): Promise<SeriesColumns> {
    const key = `${symbol}:${tf}`;
    let p = this.series.get(key);
    if (!p || fresh) {
      p = fresh ? this.deps.repo.loadSeries(symbol, tf) : this.loadCached(symbol, tf);
      this.series.set(key, p);
      p.catch(() => this.series.delete(key));
    }
    return p;
  }

  /**
   * A live source stored `candles` (oldest first) of (symbol, tf): a loaded series gets the ones
   * after its last candle appended (its last one replaced when equal), without reading the database
   * again; candles older than its end make it reload on next use. Nothing when not loaded.
   */
  stored(symbol: string, tf: Timeframe, candles: readonly { time: number; open: number; high: number; low: number; close: number; volume: number }[]): void {
    const key = `${symbol}:${tf}`;
    const p = this.series.get(key);
    if (!p || !candles.length) return;
    const next = p.then((s) => {
      const n = s.openTime.length;
      const last = n ? s.openTime[n - 1] : -Infinity;
      if (candles[0].time < last) return null;
      const keep = candles[0].time === last ? n - 1 : n;
      const m = keep + candles.length;
      const col = (src: Float64Array, pick: (c: (typeof candles)[number]) => number) => {
        const out = new Float64Array(m);
        out.set(src.subarray(0, keep));
        candles.forEach((c, i) => (out[keep + i] = pick(c)));
        return out;
      };
      return { openTime: col(s.openTime, (c) => c.time), open: col(s.open, (c) => c.open), high: col(s.high, (c) => c.high), low: col(s.low, (c) => c.low), close: col(s.close, (c) => c.close), volume: col(s.volume, (c) => c.volume), tfMs: s.tfMs };
    });
    const settled = next.then((s) => s ?? this.deps.repo.loadSeries(symbol, tf));
    this.series.set(key, settled);
    settled.catch(() => this.series.delete(key));
  }

  private importChecksums(): Promise<Map<string, string>> {
    this.checksums ??= this.deps.repo.candleImportChecksums().catch(() => new Map<string, string>());
    return this.checksums;
  }

  private async loadCached(symbol: string, tf: Timeframe): Promise<SeriesColumns> {
    const dir = this.opts.cacheDir;
    if (!dir || !this.opts.immutable) return this.deps.repo.loadSeries(symbol, tf);
    const checksum = (await this.importChecksums()).get(`candles/${symbol}USDT-${tf}.csv.gz`);
    if (!checksum || !/^[\w-]+$/.test(checksum) || !/^[A-Z0-9]+$/.test(symbol)) return this.deps.repo.loadSeries(symbol, tf);
    const file = path.join(dir, `${symbol}-${tf}-${checksum}.f64`);
    try {
      const buf = await fs.promises.readFile(file);
      if (buf.length % CANDLE_BYTES === 0) return columnsOf(buf, tf);
    } catch {
      // not cached yet
    }
    const s = await this.deps.repo.loadSeries(symbol, tf);
    await writeColumns(dir, `${symbol}-${tf}-`, file, s).catch(() => undefined);
    return s;
  }
}

/** Series columns viewing one Float64Array laid out column after column (t, o, h, l, c, v). */
function columnsOf(buf: Buffer, tf: Timeframe): SeriesColumns {
  const n = buf.length / CANDLE_BYTES;
  const all = buf.byteOffset % 8 === 0 ? new Float64Array(buf.buffer, buf.byteOffset, n * 6) : new Float64Array(new Uint8Array(buf).buffer, 0, n * 6);
  const col = (k: number) => all.subarray(k * n, (k + 1) * n);
  return { openTime: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5), tfMs: TIMEFRAME_MS[tf] };
}

/** Writes the columns atomically (temp file + rename) and removes files of older checksums. */
async function writeColumns(dir: string, prefix: string, file: string, s: SeriesColumns): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const n = s.openTime.length;
  const all = new Float64Array(n * 6);
  [s.openTime, s.open, s.high, s.low, s.close, s.volume].forEach((c, k) => all.set(c, k * n));
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, new Uint8Array(all.buffer));
  await fs.promises.rename(tmp, file);
  for (const f of await fs.promises.readdir(dir)) if (f.startsWith(prefix) && path.join(dir, f) !== file && f.endsWith('.f64')) await fs.promises.rm(path.join(dir, f), { force: true });
}

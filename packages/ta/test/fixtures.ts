/**
 * Test fixtures: real Binance spot candles. Looks in `<repo>/data/candles/<NAME>.csv.gz` first
 * (the trimmed set shipped with the repository), then in `<repo>/../shared/data/binance-spot-klines/`.
 * Fails loudly when neither exists — tests never skip silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseCandlesCsv, sliceCandles, type Candles } from '../src/types';

/** Repository root (two levels above packages/ta). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Candle directories searched in order. */
export const CANDLE_DIRS = [resolve(REPO_ROOT, 'data/candles'), resolve(REPO_ROOT, '../shared/data/binance-spot-klines')];

/** Path of a candle file, e.g. `BTCUSDT-1h`; throws with every searched path when missing. */
export function candlePath(name: string): string {
  const tried: string[] = [];
  for (const dir of CANDLE_DIRS) {
    const p = resolve(dir, `${name}.csv.gz`);
    if (existsSync(p)) return p;
    tried.push(p);
  }
  throw new Error(`candle fixture ${name} not found; looked in:\n  ${tried.join('\n  ')}`);
}

/** Loads `name` (e.g. `BTCUSDT-1h`), keeping the last `rows` candles (all when omitted). */
export function loadCandles(name: string, rows?: number): Candles {
  const c = parseCandlesCsv(gunzipSync(readFileSync(candlePath(name))).toString('utf8'));
  const n = c.close.length;
  return rows === undefined || rows >= n ? c : sliceCandles(c, n - rows, n);
}

/** The node-talib oracle (CommonJS native addon); test-only. */
export const talib: {
  execute(p: Record<string, unknown>): { begIndex: number; nbElement: number; result: Record<string, number[]> };
  explain(name: string): unknown;
} = createRequire(import.meta.url)('talib');

/**
 * Runs a talib function over full arrays and returns each output expanded to the input length
 * (NaN before begIndex), so it can be compared index by index with ours.
 */
export function oracle(name: string, inputs: Record<string, ArrayLike<number>>, opts: Record<string, number> = {}): Record<string, Float64Array> {
  const n = Object.values(inputs)[0].length;
  const params: Record<string, unknown> = { name, startIdx: 0, endIdx: n - 1, ...opts };
  for (const [k, v] of Object.entries(inputs)) params[k] = Array.from(v);
  const r = talib.execute(params);
  if ((r as unknown as { error?: string }).error) throw new Error(`talib ${name}: ${(r as unknown as { error: string }).error}`);
  const out: Record<string, Float64Array> = {};
  for (const [k, arr] of Object.entries(r.result)) {
    const full = new Float64Array(n).fill(NaN);
    for (let j = 0; j < r.nbElement; j++) full[r.begIndex + j] = arr[j];
    out[k] = full;
  }
  return out;
}

/**
 * Compares two columns: same NaN positions, and |a − b| ≤ 1e-9 · max(|ref|, scale) elsewhere.
 * Returns a description of the first mismatch, or null.
 */
export function compareColumns(ours: Float64Array, ref: Float64Array, scale: number): string | null {
  if (ours.length !== ref.length) return `length ${ours.length} vs ${ref.length}`;
  for (let i = 0; i < ref.length; i++) {
    const a = ours[i];
    const b = ref[i];
    if (Number.isNaN(b) || Number.isNaN(a)) {
      if (Number.isNaN(a) !== Number.isNaN(b)) return `index ${i}: ours ${a} vs talib ${b} (NaN mismatch)`;
      continue;
    }
    if (Math.abs(a - b) > 1e-9 * Math.max(Math.abs(b), scale)) return `index ${i}: ours ${a} vs talib ${b}`;
  }
  return null;
}

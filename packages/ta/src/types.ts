/**
 * Candle columns, oldest first, all of equal length.
 * openTime: candle open time in ms since the Unix epoch (UTC); open/high/low/close: quote-asset
 * prices (USDT); volume: base-asset volume.
 */
export interface Candles {
  openTime: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** Signal / market direction. */
export type Direction = 'bullish' | 'bearish' | 'neutral';

/** Returns the number of candles; throws RangeError when the columns differ in length. */
export function candleCount(c: Candles): number {
  const n = c.close.length;
  for (const col of [c.openTime, c.open, c.high, c.low, c.volume]) {
    if (col.length !== n) throw new RangeError('candle columns differ in length');
  }
  return n;
}

/** Returns candles [from, to) as subarray views (no copy). */
export function sliceCandles(c: Candles, from: number, to: number): Candles {
  return {
    openTime: c.openTime.subarray(from, to),
    open: c.open.subarray(from, to),
    high: c.high.subarray(from, to),
    low: c.low.subarray(from, to),
    close: c.close.subarray(from, to),
    volume: c.volume.subarray(from, to),
  };
}

/**
 * Parses candle CSV text with header `open_time_ms,open,high,low,close,volume` (columns are
 * located by name, extra columns ignored; `\n` or `\r\n` line ends; blank lines skipped).
 * Returns {@link Candles}. Throws Error naming the line when a required column is missing or a
 * cell is not a finite number.
 */
export function parseCandlesCsv(text: string): Candles {
  const lines = text.split(/\r?\n/);
  const header = lines[0].trim().split(',');
  const names = ['open_time_ms', 'open', 'high', 'low', 'close', 'volume'] as const;
  const idx = names.map((nm) => {
    const k = header.indexOf(nm);
    if (k < 0) throw new Error(`candle CSV: missing column "${nm}" in header "${lines[0]}"`);
    return k;
  });
  let rows = 0;
  for (let l = 1; l < lines.length; l++) if (lines[l].trim() !== '') rows++;
  const cols = names.map(() => new Float64Array(rows));
  let r = 0;
  for (let l = 1; l < lines.length; l++) {
    const line = lines[l];
    if (line.trim() === '') continue;
    const cells = line.split(',');
    for (let k = 0; k < 6; k++) {
      const cell = cells[idx[k]];
      const v = cell === undefined || cell.trim() === '' ? NaN : Number(cell);
      if (!Number.isFinite(v)) throw new Error(`candle CSV line ${l + 1}: column "${names[k]}" is not a number: "${cell ?? ''}"`);
      cols[k][r] = v;
    }
    r++;
  }
  return { openTime: cols[0], open: cols[1], high: cols[2], low: cols[3], close: cols[4], volume: cols[5] };
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { computeCsv, readCandleFile } from '../scripts/ta-compute';
import { REPO_ROOT, candlePath, compareColumns, oracle } from '../test/fixtures';
import { TA_COLUMN_NAMES } from './columns';
import { meanAbs } from './indicators/oracle-cases';
import { parseCandlesCsv, sliceCandles } from './types';

// Real-candle oracle runs can take seconds on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const EXPECTED_HEADER =
  'open_time_ms,sma_20,ema_12,ema_20,ema_26,macd_12_26_9_macd,macd_12_26_9_signal,macd_12_26_9_hist,rsi_14,stoch_14_3_3_slowk,stoch_14_3_3_slowd,stochrsi_14_5_3_fastk,stochrsi_14_5_3_fastd,stochrsi_14_14_3_fastk,stochrsi_14_14_3_fastd,bbands_20_2_2_upper,bbands_20_2_2_middle,bbands_20_2_2_lower,atr_14,obv,adx_14,cci_20,mfi_14,willr_14,sar_0.02_0.2,cdlhammer,cdlengulfing,cdldoji,cdlshootingstar,cdlmorningstar,cdleveningstar';

/** talib call for each CLI column: [function, inputs kind, options, output name]. */
const REF: Record<string, [string, 'c' | 'cv' | 'hl' | 'hlc' | 'hlcv' | 'ohlc', Record<string, number>, string]> = {
  sma_20: ['SMA', 'c', { optInTimePeriod: 20 }, 'outReal'],
  ema_12: ['EMA', 'c', { optInTimePeriod: 12 }, 'outReal'],
  ema_20: ['EMA', 'c', { optInTimePeriod: 20 }, 'outReal'],
  ema_26: ['EMA', 'c', { optInTimePeriod: 26 }, 'outReal'],
  macd_12_26_9_macd: ['MACD', 'c', { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }, 'outMACD'],
  macd_12_26_9_signal: ['MACD', 'c', { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }, 'outMACDSignal'],
  macd_12_26_9_hist: ['MACD', 'c', { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }, 'outMACDHist'],
  rsi_14: ['RSI', 'c', { optInTimePeriod: 14 }, 'outReal'],
  stoch_14_3_3_slowk: ['STOCH', 'hlc', { optInFastK_Period: 14, optInSlowK_Period: 3, optInSlowK_MAType: 0, optInSlowD_Period: 3, optInSlowD_MAType: 0 }, 'outSlowK'],
  stoch_14_3_3_slowd: ['STOCH', 'hlc', { optInFastK_Period: 14, optInSlowK_Period: 3, optInSlowK_MAType: 0, optInSlowD_Period: 3, optInSlowD_MAType: 0 }, 'outSlowD'],
  stochrsi_14_5_3_fastk: ['STOCHRSI', 'c', { optInTimePeriod: 14, optInFastK_Period: 5, optInFastD_Period: 3, optInFastD_MAType: 0 }, 'outFastK'],
  stochrsi_14_5_3_fastd: ['STOCHRSI', 'c', { optInTimePeriod: 14, optInFastK_Period: 5, optInFastD_Period: 3, optInFastD_MAType: 0 }, 'outFastD'],
  stochrsi_14_14_3_fastk: ['STOCHRSI', 'c', { optInTimePeriod: 14, optInFastK_Period: 14, optInFastD_Period: 3, optInFastD_MAType: 0 }, 'outFastK'],
  stochrsi_14_14_3_fastd: ['STOCHRSI', 'c', { optInTimePeriod: 14, optInFastK_Period: 14, optInFastD_Period: 3, optInFastD_MAType: 0 }, 'outFastD'],
  bbands_20_2_2_upper: ['BBANDS', 'c', { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 }, 'outRealUpperBand'],
  bbands_20_2_2_middle: ['BBANDS', 'c', { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 }, 'outRealMiddleBand'],
  bbands_20_2_2_lower: ['BBANDS', 'c', { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 }, 'outRealLowerBand'],
  atr_14: ['ATR', 'hlc', { optInTimePeriod: 14 }, 'outReal'],
  obv: ['OBV', 'cv', {}, 'outReal'],
  adx_14: ['ADX', 'hlc', { optInTimePeriod: 14 }, 'outReal'],
  cci_20: ['CCI', 'hlc', { optInTimePeriod: 20 }, 'outReal'],
  mfi_14: ['MFI', 'hlcv', { optInTimePeriod: 14 }, 'outReal'],
  willr_14: ['WILLR', 'hlc', { optInTimePeriod: 14 }, 'outReal'],
  'sar_0.02_0.2': ['SAR', 'hl', { optInAcceleration: 0.02, optInMaximum: 0.2 }, 'outReal'],
  cdlhammer: ['CDLHAMMER', 'ohlc', {}, 'outInteger'],
  cdlengulfing: ['CDLENGULFING', 'ohlc', {}, 'outInteger'],
  cdldoji: ['CDLDOJI', 'ohlc', {}, 'outInteger'],
  cdlshootingstar: ['CDLSHOOTINGSTAR', 'ohlc', {}, 'outInteger'],
  cdlmorningstar: ['CDLMORNINGSTAR', 'ohlc', { optInPenetration: 0.3 }, 'outInteger'],
  cdleveningstar: ['CDLEVENINGSTAR', 'ohlc', { optInPenetration: 0.3 }, 'outInteger'],
};

function parseOutput(text: string): { header: string; rows: string[][] } {
  const lines = text.trimEnd().split('\n');
  return { header: lines[0], rows: lines.slice(1).map((l) => l.split(',')) };
}

describe('ta:compute CLI', () => {
  for (const name of ['BTCUSDT-1h', 'DOGEUSDT-1d']) {
    it(`${name}: every output column equals talib (header, row count, empty cells, values)`, () => {
      const full = parseCandlesCsv(readCandleFile(candlePath(name)));
      const n = full.close.length;
      const c = sliceCandles(full, Math.max(0, n - 2000), n);
      const csvIn = 'open_time_ms,open,high,low,close,volume\n' + Array.from(c.close, (_, i) => [c.openTime[i], c.open[i], c.high[i], c.low[i], c.close[i], c.volume[i]].join(',')).join('\n') + '\n';
      const out = parseOutput(computeCsv(csvIn));
      expect(out.header).toBe(EXPECTED_HEADER);
      expect(out.rows.length).toBe(c.close.length);
      const inputs = {
        c: { inReal: c.close }, cv: { inReal: c.close, volume: c.volume }, hl: { high: c.high, low: c.low },
        hlc: { high: c.high, low: c.low, close: c.close }, hlcv: { high: c.high, low: c.low, close: c.close, volume: c.volume },
        ohlc: { open: c.open, high: c.high, low: c.low, close: c.close },
      };
      TA_COLUMN_NAMES.forEach((col, k) => {
        const [fn, kind, opts, outName] = REF[col];
        const ref = oracle(fn, inputs[kind], opts)[outName];
        const cells = out.rows.map((r) => r[k + 1]);
        const parsed = Float64Array.from(cells, (s) => (s === '' ? NaN : Number(s)));
        cells.forEach((s, i) => {
          if (s !== '') expect(String(Number(s)), `${col} row ${i} round-trip`).toBe(s);
        });
        const scale = fn === 'OBV' ? meanAbs(c.volume) : ['SMA', 'EMA', 'MACD', 'BBANDS', 'ATR', 'SAR'].includes(fn) ? meanAbs(c.close) : 100;
        expect(compareColumns(parsed, ref, scale), col).toBeNull();
      });
      out.rows.forEach((r, i) => expect(Number(r[0])).toBe(c.openTime[i]));
    });
  }

  it('runs end to end through npm with a .csv.gz input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ta-compute-'));
    const outPath = join(dir, 'out.csv');
    execFileSync('npx', ['tsx', 'packages/ta/scripts/ta-compute.ts', candlePath('DOGEUSDT-1d'), outPath], { cwd: REPO_ROOT, stdio: 'pipe' });
    const out = parseOutput(readFileSync(outPath, 'utf8'));
    expect(out.header).toBe(EXPECTED_HEADER);
    expect(out.rows.length).toBe(parseCandlesCsv(readCandleFile(candlePath('DOGEUSDT-1d'))).close.length);
    expect(out.rows[0].slice(1).every((s, k) => s === '' || TA_COLUMN_NAMES[k] === 'obv')).toBe(true);
  }, 60_000);

  it('fails with a message on a bad input', () => {
    expect(() => execFileSync('npx', ['tsx', 'packages/ta/scripts/ta-compute.ts', '/nonexistent.csv', '/tmp/x.csv'], { cwd: REPO_ROOT, stdio: 'pipe' })).toThrow(/ta:compute/);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { Screen, SCREEN_PRESETS } from '@coinlens/contracts/screener/screen';
import { compileScreen, FIELD_INDEX, rowOf, runScreen, screenErrors } from './screen-eval';
import { H, T, ta } from './screener.test-helpers';

const coin = (id: number, symbol: string) => ({ id, slug: symbol.toLowerCase(), symbol, name: symbol });

describe('screen evaluation', () => {
  const rows = [
    rowOf(coin(1, 'AAA'), ta({ rsi: 25, change: -4, signals: [{ label: 'bullish_engulfing', direction: 'bullish', edge: true }] })),
    rowOf(coin(2, 'BBB'), ta({ rsi: 28, change: -2, signals: [{ label: 'hammer', direction: 'bullish', edge: false }] })),
    rowOf(coin(3, 'CCC'), ta({ rsi: 45, change: 3, trend: 'uptrend', support: 1.5, signals: [{ label: 'bullish_engulfing', direction: 'bullish', edge: true }] })),
    rowOf(coin(4, 'DDD'), ta({ rsi: null, change: 1, signals: [{ label: 'shooting_star', direction: 'bearish', edge: true }] })),
  ];
  const preset = Screen.parse(SCREEN_PRESETS.find((p) => p.key === 'oversold_edge')!.screen);

  it('finds 1h RSI below 30 with a bullish signal that has a measurable edge, with the figures that matched', () => {
    const r = runScreen(compileScreen(preset), rows);
    expect(r.total).toBe(1);
    expect(r.items[0]).toMatchObject({ coin: { symbol: 'AAA' }, figures: { rsi_14: 25, price: 100, change_pct: -4 }, held: [0, 1], signals: [{ label: 'bullish_engulfing', verdict: 'edge' }], candle_close_time: new Date(T + H).toISOString() });
  });

  it('combines with OR and groups, and reports which top-level conditions held', () => {
    const s = Screen.parse({ timeframe: '1h', match: 'any', conditions: [{ type: 'value', field: 'rsi_14', op: 'lt', value: 30 }, { type: 'group', match: 'all', conditions: [{ type: 'trend', trends: ['uptrend'] }, { type: 'value', field: 'support_dist_pct', op: 'lte', value: 2 }] }], sort: { field: 'rsi_14', order: 'asc' } });
    const r = runScreen(compileScreen(s), rows);
    expect(r.items.map((h) => [h.coin.symbol, h.held])).toEqual([['AAA', [0]], ['BBB', [0]], ['CCC', [1]]]);
    expect(r.items[2].figures.support_dist_pct).toBe(1.5);
  });

  it('never matches an undefined figure, sorts undefined figures last, and caps at the limit', () => {
    const s = Screen.parse({ timeframe: '1h', conditions: [{ type: 'value', field: 'rsi_14', op: 'gte', value: 0 }] });
    expect(runScreen(compileScreen(s), rows).total).toBe(3);
    const all = Screen.parse({ timeframe: '1h', conditions: [{ type: 'signal' }], sort: { field: 'rsi_14', order: 'desc' }, limit: 3 });
    const r = runScreen(compileScreen(all), rows);
    expect(r.total).toBe(4);
    expect(r.items.map((h) => h.coin.symbol)).toEqual(['CCC', 'BBB', 'AAA']);
    expect(runScreen(compileScreen({ ...all, limit: 4, sort: { field: 'rsi_14', order: 'asc' } }), rows).items.map((h) => h.coin.symbol)).toEqual(['AAA', 'BBB', 'CCC', 'DDD']);
  });

  it('compares two figures of a row and tests a range', () => {
    const r = [rowOf(coin(1, 'UP'), ta({ price: 110, ema50: 100 })), rowOf(coin(2, 'DN'), ta({ price: 90, ema50: 100 }))];
    expect(runScreen(compileScreen(Screen.parse({ timeframe: '1h', conditions: [{ type: 'compare', field: 'price', op: 'gt', other: 'ema_50' }] })), r).items.map((h) => h.coin.symbol)).toEqual(['UP']);
    expect(runScreen(compileScreen(Screen.parse({ timeframe: '1h', conditions: [{ type: 'between', field: 'bb_pct_b', min: 0.9, max: 1 }] })), r).total).toBe(0);
    expect(r[0].values[FIELD_INDEX.bb_pct_b]).toBeCloseTo(0.5);
    expect(r[0].values[FIELD_INDEX.atr_pct]).toBeCloseTo((2 / 110) * 100);
  });

  it('reads the volume figures and the previous close from the candles around the analysed one', () => {
    const n = 60;
    const openTime = Float64Array.from({ length: n }, (_, i) => T - (n - 1 - i) * H);
    const close = Float64Array.from({ length: n }, (_, i) => 100 + i);
    const volume = Float64Array.from({ length: n }, (_, i) => (i >= n - 24 ? 20 : 10));
    volume[n - 1] = 40;
    const s = { openTime, open: close, high: close, low: close, close, volume, tfMs: H };
    const row = rowOf(coin(1, 'V'), ta({ price: close[n - 1] }), s);
    expect(row.values[FIELD_INDEX.volume_change_pct]).toBeCloseTo(((23 * 20 + 40) / (24 * 10) - 1) * 100);
    expect(row.values[FIELD_INDEX.volume_ratio]).toBeCloseTo(40 / 20);
    expect(row.values[FIELD_INDEX.candle_change_pct]).toBeCloseTo((close[n - 1] / close[n - 2] - 1) * 100);
    // without the candle in the series, the figures are undefined
    expect(Number.isNaN(rowOf(coin(1, 'V'), ta({}), { ...s, openTime: openTime.map((x) => x - H) }).values[FIELD_INDEX.volume_ratio])).toBe(true);
  });
});

describe('screen validation', () => {
  it('refuses what the schema cannot accept, naming the field', () => {
    const bad = Screen.safeParse({ timeframe: '4h', conditions: [{ type: 'value', field: 'rsi', op: 'lt', value: 30 }, { type: 'between', field: 'rsi_14', min: 50, max: 10 }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['timeframe', 'conditions.0', 'conditions.1.max']);
    expect(Screen.safeParse({ timeframe: '1h', conditions: [] }).success).toBe(false);
    expect(Screen.safeParse({ timeframe: '1h', conditions: [{ type: 'group', match: 'all', conditions: [{ type: 'group', match: 'any', conditions: [] }] }] }).success).toBe(false);
  });

  it('names signal conditions with an unknown pattern, inside groups too', () => {
    const s = Screen.parse({ timeframe: '1h', conditions: [{ type: 'signal', pattern: 'nope' }, { type: 'group', match: 'any', conditions: [{ type: 'signal', pattern: 'hammer' }, { type: 'signal', pattern: 'zzz' }] }] });
    expect(screenErrors(s, new Set(['hammer']))).toEqual([
      { path: 'body.conditions.0.pattern', message: 'unknown pattern nope' },
      { path: 'body.conditions.1.conditions.1.pattern', message: 'unknown pattern zzz' },
    ]);
    expect(screenErrors(Screen.parse(SCREEN_PRESETS[0].screen), new Set())).toEqual([]);
  });

  it('every preset is a valid screen', () => {
    for (const p of SCREEN_PRESETS) expect(Screen.safeParse(p.screen).success).toBe(true);
  });
});

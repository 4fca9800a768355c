import { TIMEFRAME_MS, type FieldError, type TaResult, type TaTimeframe } from '@coinlens/contracts';
import { SCREEN_FIELDS, type Screen, type ScreenCondition, type ScreenField, type ScreenHit, type ScreenLeaf, type ScreenSignal, type ScreenTrend } from '@coinlens/contracts/screener/screen';
import { lastIndexAtOrBefore, type SeriesColumns } from '../../providers/market/series';

/**
 * The screener's evaluation, pure and in memory: one {@link ScreenRow} of figures per coin and
 * timeframe, built once per stored analysis ({@link rowOf}), and a screen compiled into a predicate
 * over rows ({@link compileScreen}) that a request runs over every row ({@link runScreen}).
 */

/** Index of each field in {@link ScreenRow.values}. */
export const FIELD_INDEX: Readonly<Record<ScreenField, number>> = Object.fromEntries(SCREEN_FIELDS.map((f, i) => [f, i])) as Record<ScreenField, number>;

/** The coin of a row as hits show it. */
export interface ScreenCoin {
  id: number;
  slug: string;
  symbol: string;
  name: string;
}

/**
 * One coin's figures on one timeframe at its analysed candle: `values[FIELD_INDEX[f]]` is field f
 * (NaN while undefined, served as null), the analysis' trend and direction verdict, and the signals
 * that fired on the candle with their edge verdict (`edge` = a measurable positive edge, the
 * signal cards' verdict). `candleOpenTime` ms since epoch (UTC).
 */
export interface ScreenRow {
  coin: ScreenCoin;
  timeframe: TaTimeframe;
  candleOpenTime: number;
  values: Float64Array;
  trend: ScreenTrend;
  direction: 'bullish' | 'bearish' | 'neutral';
  signals: ScreenSignal[];
}

/** Volumes of the series around the analysed candle (the row's volume figures); null when the candle is not in the series. */
function volumeFigures(s: SeriesColumns, candleOpenTime: number, window: number): { change: number; ratio: number } {
  const i = lastIndexAtOrBefore(s.openTime, candleOpenTime);
  if (i < 0 || s.openTime[i] !== candleOpenTime) return { change: NaN, ratio: NaN };
  const v = s.volume;
  const w = Math.max(1, window);
  let change = NaN;
  if (i - 2 * w + 1 >= 0) {
    let cur = 0;
    let prev = 0;
    for (let k = i - w + 1; k <= i; k++) cur += v[k];
    for (let k = i - 2 * w + 1; k <= i - w; k++) prev += v[k];
    change = prev > 0 ? (cur / prev - 1) * 100 : NaN;
  }
  let ratio = NaN;
  if (i >= 20) {
    let sum = 0;
    for (let k = i - 20; k < i; k++) sum += v[k];
    ratio = sum > 0 ? v[i] / (sum / 20) : NaN;
  }
  return { change, ratio };
}

const num = (x: number | null | undefined): number => (x == null || !Number.isFinite(x) ? NaN : x);

/**
 * The row of a stored analysis (`TaResult`, the coin's snapshot of the timeframe), with the volume
 * figures and the previous close read from `series` (the stored candles of the coin and timeframe,
 * which must include the analysed candle and, for the figures to be defined, 2 × the analysis' 24 h
 * window before it; absent: those figures are NaN).
 */
export function rowOf(coin: ScreenCoin, r: TaResult, series?: SeriesColumns | null): ScreenRow {
  const values = new Float64Array(SCREEN_FIELDS.length).fill(NaN);
  const set = (f: ScreenField, v: number | null | undefined) => {
    values[FIELD_INDEX[f]] = num(v);
  };
  const ind = r.indicators;
  const price = r.last_price;
  set('price', price);
  set('change_pct', r.price_change_percent);
  for (const f of ['rsi_14', 'macd', 'macd_signal', 'macd_hist', 'stoch_k', 'stoch_d', 'stochrsi_k', 'stochrsi_d', 'adx_14', 'cci_20', 'mfi_14', 'willr_14', 'atr_14', 'bb_upper', 'bb_middle', 'bb_lower', 'obv', 'sar', 'sma_20', 'sma_50', 'sma_200', 'ema_12', 'ema_20', 'ema_26', 'ema_50', 'ema_200'] as const) {
    set(f, ind[f]);
  }
  if (ind.atr_14 != null && price > 0) set('atr_pct', (ind.atr_14 / price) * 100);
  if (ind.bb_upper != null && ind.bb_lower != null && ind.bb_upper > ind.bb_lower) set('bb_pct_b', (price - ind.bb_lower) / (ind.bb_upper - ind.bb_lower));
  if (ind.bb_upper != null && ind.bb_lower != null && ind.bb_middle != null && ind.bb_middle > 0) set('bb_width_pct', ((ind.bb_upper - ind.bb_lower) / ind.bb_middle) * 100);
  set('support_dist_pct', r.support[0]?.distance_pct);
  set('resistance_dist_pct', r.resistance[0]?.distance_pct);
  const signals: ScreenSignal[] = r.market.signals.map((s) => ({ label: s.label, name: s.name, direction: s.direction, verdict: s.edge.verdict, edge_pp: s.edge.edge_pp }));
  set('signals_edge', signals.filter((s) => s.verdict === 'edge').length);
  if (series) {
    const openTime = r.current.candle_open_time;
    const vol = volumeFigures(series, openTime, r.price_change_window_candles);
    set('volume_change_pct', vol.change);
    set('volume_ratio', vol.ratio);
    const i = lastIndexAtOrBefore(series.openTime, openTime);
    if (i > 0 && series.openTime[i] === openTime && series.close[i - 1] > 0) set('candle_change_pct', (series.close[i] / series.close[i - 1] - 1) * 100);
  }
  return { coin, timeframe: r.current.timeframe, candleOpenTime: r.current.candle_open_time, values, trend: r.market.trend, direction: r.market.direction, signals };
}

const cmp = (op: 'lt' | 'lte' | 'gt' | 'gte', a: number, b: number): boolean => (op === 'lt' ? a < b : op === 'lte' ? a <= b : op === 'gt' ? a > b : a >= b);

/** Whether a signal of the row meets a signal condition. */
function signalMatches(c: Extract<ScreenLeaf, { type: 'signal' }>, s: ScreenSignal): boolean {
  if (c.pattern !== 'any' && c.pattern !== s.label) return false;
  if (c.direction !== 'any' && c.direction !== s.direction) return false;
  return !c.edge_only || s.verdict === 'edge';
}

type Pred = (row: ScreenRow) => boolean;

function leafPred(c: ScreenLeaf): Pred {
  switch (c.type) {
    case 'value': {
      const i = FIELD_INDEX[c.field];
      return (r) => cmp(c.op, r.values[i], c.value);
    }
    case 'between': {
      const i = FIELD_INDEX[c.field];
      return (r) => r.values[i] >= c.min && r.values[i] <= c.max;
    }
    case 'compare': {
      const i = FIELD_INDEX[c.field];
      const j = FIELD_INDEX[c.other];
      return (r) => cmp(c.op, r.values[i], r.values[j]);
    }
    case 'trend': {
      const set = new Set<string>(c.trends);
      return (r) => set.has(r.trend);
    }
    case 'direction': {
      const set = new Set<string>(c.directions);
      return (r) => set.has(r.direction);
    }
    case 'signal':
      return (r) => r.signals.some((s) => signalMatches(c, s));
  }
}

function condPred(c: ScreenCondition): Pred {
  if (c.type !== 'group') return leafPred(c);
  const ps = c.conditions.map(leafPred);
  return c.match === 'all' ? (r) => ps.every((p) => p(r)) : (r) => ps.some((p) => p(r));
}

/** A screen compiled once: `held(row)` gives the indexes of the top-level conditions that hold, or null when the row does not match. */
export interface CompiledScreen {
  screen: Screen;
  held(row: ScreenRow): number[] | null;
  /** Fields a hit shows: those the conditions name, the sort field, price and 24 h change. */
  fields: ScreenField[];
  /** The signal conditions (leaves, in groups too); a hit lists the signals they matched. */
  signalConditions: Extract<ScreenLeaf, { type: 'signal' }>[];
}

/** Compiles a validated screen (defaults applied) into a predicate over rows. */
export function compileScreen(screen: Screen): CompiledScreen {
  const preds = screen.conditions.map(condPred);
  const all = screen.match === 'all';
  const fields = new Set<ScreenField>(['price', 'change_pct']);
  const signalConditions: Extract<ScreenLeaf, { type: 'signal' }>[] = [];
  const visit = (c: ScreenLeaf) => {
    if (c.type === 'value' || c.type === 'between') fields.add(c.field);
    else if (c.type === 'compare') fields.add(c.field).add(c.other);
    else if (c.type === 'signal') signalConditions.push(c);
  };
  for (const c of screen.conditions) (c.type === 'group' ? c.conditions : [c]).forEach(visit);
  if (screen.sort) fields.add(screen.sort.field);
  return {
    screen,
    fields: [...fields],
    signalConditions,
    held(row) {
      if (all) {
        for (const p of preds) if (!p(row)) return null;
        return preds.map((_, i) => i);
      }
      const out: number[] = [];
      for (let i = 0; i < preds.length; i++) if (preds[i](row)) out.push(i);
      return out.length ? out : null;
    },
  };
}

/**
 * Semantic checks the schema cannot make: every signal condition's pattern is a catalogue label
 * (`patterns`). Returns the failing fields (`body.conditions.1.pattern`, or
 * `body.conditions.0.conditions.2.pattern` inside a group), empty when the screen is valid.
 */
export function screenErrors(screen: Screen, patterns: ReadonlySet<string>, prefix = 'body'): FieldError[] {
  const out: FieldError[] = [];
  const leaf = (c: ScreenLeaf, path: string) => {
    if (c.type === 'signal' && c.pattern !== 'any' && !patterns.has(c.pattern)) out.push({ path: `${path}.pattern`, message: `unknown pattern ${c.pattern}` });
  };
  screen.conditions.forEach((c, i) => {
    if (c.type === 'group') c.conditions.forEach((l, j) => leaf(l, `${prefix}.conditions.${i}.conditions.${j}`));
    else leaf(c, `${prefix}.conditions.${i}`);
  });
  return out;
}

const DEFAULT_SORT = { field: 'change_pct', order: 'desc' } as const;

/** A hit of `row` under a compiled screen whose conditions `held`. */
export function hitOf(cs: CompiledScreen, row: ScreenRow, held: number[]): ScreenHit {
  const figures: Record<string, number | null> = {};
  for (const f of cs.fields) {
    const v = row.values[FIELD_INDEX[f]];
    figures[f] = Number.isFinite(v) ? v : null;
  }
  const signals = cs.signalConditions.length ? row.signals.filter((s) => cs.signalConditions.some((c) => signalMatches(c, s))) : row.signals;
  return {
    coin: row.coin,
    figures,
    trend: row.trend,
    direction: row.direction,
    signals,
    held,
    candle_close_time: new Date(row.candleOpenTime + TIMEFRAME_MS[row.timeframe]).toISOString(),
  };
}

/**
 * Runs a compiled screen over `rows`: the matching rows sorted by the screen's sort (default 24 h
 * change, descending; undefined figures last, then by symbol), the first `limit` of them as hits,
 * and the number of matches.
 */
export function runScreen(cs: CompiledScreen, rows: readonly ScreenRow[]): { total: number; items: ScreenHit[] } {
  const sort = cs.screen.sort ?? DEFAULT_SORT;
  const k = FIELD_INDEX[sort.field];
  const sign = sort.order === 'asc' ? 1 : -1;
  const matched: { row: ScreenRow; held: number[] }[] = [];
  for (const row of rows) {
    const held = cs.held(row);
    if (held) matched.push({ row, held });
  }
  matched.sort((a, b) => {
    const x = a.row.values[k];
    const y = b.row.values[k];
    const xn = Number.isNaN(x);
    const yn = Number.isNaN(y);
    if (xn !== yn) return xn ? 1 : -1;
    if (!xn && x !== y) return (x - y) * sign;
    return a.row.coin.symbol < b.row.coin.symbol ? -1 : a.row.coin.symbol > b.row.coin.symbol ? 1 : 0;
  });
  return { total: matched.length, items: matched.slice(0, cs.screen.limit).map((m) => hitOf(cs, m.row, m.held)) };
}

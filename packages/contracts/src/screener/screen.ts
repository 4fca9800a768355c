import { z } from 'zod';
import { resultOf } from '../common/envelope';
import { TaTimeframe } from '../common/timeframe-schema';
import { EdgeVerdict } from '../signals/edge';
import { Bilingual, SignalDirection } from '../signals/ta-result';

/**
 * The screener: conditions over one row of figures per coin and timeframe (the coin's stored
 * analysis of its last closed candle of that timeframe, plus volumes from its candles), combined
 * with AND / OR, sorted. Prices USDT, percentages percent (2.5 = 2.5 %), times ISO 8601 UTC
 * (market clock).
 */

/**
 * The numeric figures of a row, each a number or null while undefined (an indicator before its
 * warm-up, a level that does not exist):
 * - `price`: close of the analysed candle; `change_pct`: % change over 24 h (the analysis'
 *   `price_change_percent`: 288 × 5m, 24 × 1h, 1 × 1d candles, fewer when not available);
 *   `candle_change_pct`: % change of the analysed candle's close against the previous close;
 * - `volume_change_pct`: base-asset volume of the same 24 h window against the window before it, %;
 *   `volume_ratio`: the analysed candle's volume / the mean volume of the 20 candles before it;
 * - the indicators of the analysis at that candle (TA-Lib compatible, `TaIndicators`), and derived:
 *   `atr_pct` = ATR14 / price × 100, `bb_pct_b` = (price − lower) / (upper − lower),
 *   `bb_width_pct` = (upper − lower) / middle × 100;
 * - `support_dist_pct` / `resistance_dist_pct`: distance from the price to the nearest support below /
 *   resistance above, % of the price (the analysis' levels); `signals_edge`: how many of the candle's
 *   signals have a measurable edge.
 */
export const SCREEN_FIELDS = [
  'price', 'change_pct', 'candle_change_pct', 'volume_change_pct', 'volume_ratio',
  'rsi_14', 'macd', 'macd_signal', 'macd_hist', 'stoch_k', 'stoch_d', 'stochrsi_k', 'stochrsi_d', 'adx_14', 'cci_20', 'mfi_14', 'willr_14',
  'atr_14', 'atr_pct', 'bb_upper', 'bb_middle', 'bb_lower', 'bb_pct_b', 'bb_width_pct', 'obv', 'sar',
  'sma_20', 'sma_50', 'sma_200', 'ema_12', 'ema_20', 'ema_26', 'ema_50', 'ema_200',
  'support_dist_pct', 'resistance_dist_pct', 'signals_edge',
] as const;
/** A numeric figure of a screener row (see {@link SCREEN_FIELDS}). */
export const ScreenField = z.enum(SCREEN_FIELDS);
export type ScreenField = z.infer<typeof ScreenField>;

/** Trend classes of the analysis (`market.trend`). */
export const ScreenTrend = z.enum(['uptrend', 'downtrend', 'sideways', 'reversal']);
export type ScreenTrend = z.infer<typeof ScreenTrend>;

const finite = z.number().finite().min(-1e15).max(1e15);
const label = z.string().regex(/^[a-z][a-z0-9_]*$/).max(64);

/** `field op value`: lt <, lte ≤, gt >, gte ≥. A null figure never holds. */
export const ValueCondition = z.object({ type: z.literal('value'), field: ScreenField, op: z.enum(['lt', 'lte', 'gt', 'gte']), value: finite });
/** `min ≤ field ≤ max` (min ≤ max). */
export const BetweenCondition = z
  .object({ type: z.literal('between'), field: ScreenField, min: finite, max: finite })
  .refine((c) => c.min <= c.max, { message: 'min must not exceed max', path: ['max'] });
/** `field op other` between two figures of the same row, e.g. price > ema_200. */
export const CompareCondition = z.object({ type: z.literal('compare'), field: ScreenField, op: z.enum(['lt', 'lte', 'gt', 'gte']), other: ScreenField });
/** The analysis' trend is one of `trends`. */
export const TrendCondition = z.object({ type: z.literal('trend'), trends: z.array(ScreenTrend).min(1).max(4) });
/** The analysis' direction verdict (bullish, bearish, neutral) is one of `directions`. */
export const DirectionCondition = z.object({ type: z.literal('direction'), directions: z.array(SignalDirection).min(1).max(3) });
/**
 * A signal fired on the analysed candle: a catalogue label (`any` for every one), a direction, and
 * with `edge_only` only signals whose measured edge over the baseline is positive at 95 % (the
 * signal cards' verdict `edge`) — the same fields as a signal alert rule.
 */
export const SignalCondition = z.object({
  type: z.literal('signal'),
  pattern: z.union([z.literal('any'), label]).default('any'),
  direction: z.enum(['bullish', 'bearish', 'any']).default('any'),
  edge_only: z.boolean().default(false),
});

/** One condition on a row (not a group). */
export const ScreenLeaf = z.union([ValueCondition, BetweenCondition, CompareCondition, TrendCondition, DirectionCondition, SignalCondition]);
export type ScreenLeaf = z.infer<typeof ScreenLeaf>;

/** Conditions combined inside a screen: `all` = AND, `any` = OR (one level deep: A AND (B OR C)). */
export const ScreenGroup = z.object({ type: z.literal('group'), match: z.enum(['all', 'any']), conditions: z.array(ScreenLeaf).min(1).max(10) });
export type ScreenGroup = z.infer<typeof ScreenGroup>;

/** A condition of a screen: a leaf or a group of leaves. */
export const ScreenCondition = z.union([ScreenLeaf, ScreenGroup]);
export type ScreenCondition = z.infer<typeof ScreenCondition>;

/** How results are ordered: by a figure (null figures last), ascending or descending; default by 24 h change, descending. */
export const ScreenSort = z.object({ field: ScreenField, order: z.enum(['asc', 'desc']).default('desc') });
export type ScreenSort = z.infer<typeof ScreenSort>;

/**
 * A screen: the timeframe whose analyses it reads (5m, 1h, 1d), its conditions combined by `match`
 * (`all` = AND, `any` = OR), the order and how many hits to return (1..500, default 100).
 */
export const Screen = z.object({
  timeframe: TaTimeframe,
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(ScreenCondition).min(1).max(12),
  sort: ScreenSort.optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type Screen = z.infer<typeof Screen>;
/** A screen as written by a client (defaults not applied yet). */
export type ScreenInput = z.input<typeof Screen>;

/** A fired signal of a hit: its label and name, direction and edge verdict with the edge in percentage points (null when not measurable). */
export const ScreenSignal = z.object({ label: z.string(), name: Bilingual, direction: SignalDirection, verdict: EdgeVerdict, edge_pp: z.number().nullable() });
export type ScreenSignal = z.infer<typeof ScreenSignal>;

/**
 * A coin that matched: its figures (every field the screen names, its sort field, price and 24 h
 * change), trend and direction, the signals of the candle (those the screen's signal conditions
 * matched when it has any, else all), `held`: the indexes of the screen's top-level conditions that
 * held (all of them for an AND screen), and the close time of the analysed candle.
 */
export const ScreenHit = z.object({
  coin: z.object({ id: z.number().int(), slug: z.string(), symbol: z.string(), name: z.string() }),
  figures: z.record(z.string(), z.number().nullable()),
  trend: ScreenTrend,
  direction: SignalDirection,
  signals: z.array(ScreenSignal),
  held: z.array(z.number().int()),
  candle_close_time: z.string(),
});
export type ScreenHit = z.infer<typeof ScreenHit>;

/**
 * The answer of a screen: `coins` listed by the market with candles of the timeframe, `analysed`
 * those with an analysis of the timeframe closed by now (the others are not screened), `total` hits before `limit`, the hits in
 * order, and `as_of` the latest candle close among the rows (null without rows).
 */
export const ScreenResult = z.object({
  timeframe: TaTimeframe,
  coins: z.number().int(),
  analysed: z.number().int(),
  total: z.number().int(),
  as_of: z.string().nullable(),
  items: z.array(ScreenHit),
});
export type ScreenResult = z.infer<typeof ScreenResult>;
export const RunScreenResponse = resultOf(ScreenResult);

/** A signal of the catalogue a screen can name: label, bilingual name, direction. */
export const ScreenPattern = z.object({ label: z.string(), name: Bilingual, direction: SignalDirection });
export const ScreenCatalogue = z.object({ patterns: z.array(ScreenPattern), fields: z.array(ScreenField) });
export const GetScreenCatalogueResponse = resultOf(ScreenCatalogue);

/** A saved screen of a user, with its enter alert (the alert rule of kind `screen` that names it) when one exists. */
export const SavedScreen = z.object({
  id: z.number().int(),
  name: z.string(),
  screen: Screen,
  created_at: z.string(),
  updated_at: z.string(),
  alert: z.object({ rule_id: z.number().int(), active: z.boolean() }).nullable(),
});
export type SavedScreen = z.infer<typeof SavedScreen>;

/** The caller's saved screens (newest first) and the plan's limit (Free 1, Pro 20). */
export const SavedScreensResult = z.object({ screens: z.array(SavedScreen), limit: z.number().int() });
export const GetSavedScreensResponse = resultOf(SavedScreensResult);
export const SaveScreenBody = z.object({ name: z.string().trim().min(1).max(80), screen: Screen });
export type SaveScreenBody = z.infer<typeof SaveScreenBody>;
export const SavedScreenResponse = resultOf(SavedScreen);
export const ScreenIdParams = z.object({ id: z.coerce.number().int().positive() });
export const DeleteSavedScreenResponse = resultOf(z.object({ deleted: z.boolean() }));

/** A preset screen the page offers: a key (its translated name is the web's `screener:presets.<key>`) and the screen. */
export interface ScreenPreset {
  key: string;
  screen: ScreenInput;
}

/**
 * The presets of the screener page. `oversold_edge`: 1h RSI below 30 with a bullish signal that has
 * a measurable edge.
 */
export const SCREEN_PRESETS: readonly ScreenPreset[] = [
  { key: 'oversold_edge', screen: { timeframe: '1h', match: 'all', conditions: [{ type: 'value', field: 'rsi_14', op: 'lt', value: 30 }, { type: 'signal', pattern: 'any', direction: 'bullish', edge_only: true }], sort: { field: 'rsi_14', order: 'asc' } } },
  { key: 'oversold', screen: { timeframe: '1h', match: 'all', conditions: [{ type: 'value', field: 'rsi_14', op: 'lt', value: 30 }], sort: { field: 'rsi_14', order: 'asc' } } },
  { key: 'near_support_uptrend', screen: { timeframe: '1d', match: 'all', conditions: [{ type: 'value', field: 'support_dist_pct', op: 'lte', value: 3 }, { type: 'trend', trends: ['uptrend'] }], sort: { field: 'support_dist_pct', order: 'asc' } } },
  { key: 'volume_breakout', screen: { timeframe: '1h', match: 'all', conditions: [{ type: 'value', field: 'volume_ratio', op: 'gte', value: 2 }, { type: 'compare', field: 'price', op: 'gt', other: 'ema_50' }], sort: { field: 'volume_ratio', order: 'desc' } } },
  { key: 'edge_any', screen: { timeframe: '5m', match: 'all', conditions: [{ type: 'signal', pattern: 'any', direction: 'any', edge_only: true }], sort: { field: 'signals_edge', order: 'desc' } } },
];

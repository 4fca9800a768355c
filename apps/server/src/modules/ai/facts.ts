import { type EdgeStat, formatEdge, type LabelledTaResult, type Lang, roundPrice, TA_TIMEFRAMES, type TaTimeframe, TIMEFRAME_MS, type WordingCalibration } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import type { CoinRow } from '../market/market.repository';
import type { NewsEventStudy, NewsReads } from '../news/news.reads';
import type { SignalsReads } from '../signals/signals.reads';
import { buildPlan, levelsOf, type PlanNumbers } from './strategy';
import { decidePlan, type SetupRecord } from './strategy-gate';

/** A support or resistance level in the facts: price (USDT), distance from the last price (%), touches, strength 0..1. */
export interface LevelFact {
  price: number;
  distance_pct: number;
  touches: number;
  strength: number;
}

/** The analysis of one timeframe at its last closed candle (from the signals module's ta_result). */
export interface TimeframeFacts {
  timeframe: TaTimeframe;
  candle_open_time: number;
  candle_close_time: number;
  last_price: number;
  price_change_pct: number;
  price_change_window_candles: number;
  trend: 'uptrend' | 'downtrend' | 'sideways' | 'reversal';
  intensity: string;
  direction: 'bullish' | 'bearish' | 'neutral';
  volatility: string;
  cash_flow: string;
  atr: number | null;
  rsi: number | null;
  /**
   * Other indicator values at the analysed candle (prices in USDT for EMA, MACD and Bollinger
   * bands; ADX, stochastic %K/%D and MFI on their 0–100 scales); null while undefined.
   */
  indicators?: Partial<Record<(typeof INDICATOR_KEYS)[number], number | null>>;
  /** Below the last price, nearest first (up to 3). */
  supports: LevelFact[];
  /** Above the last price, nearest first (up to 3). */
  resistances: LevelFact[];
  /**
   * Fired signals with their hit rate, baseline and edge (pp, 95 % interval, Holm verdict over the
   * catalogue), measured only on outcomes closed by the analysed candle; `record` is the one
   * wording of that record (formatEdge) in both languages, to be quoted as is.
   */
  signals: { label: string; name: { en: string; zh: string }; direction: string; hit_rate: { p: number; n: number }; edge: EdgeStat; record: { en: string; zh: string } }[];
  probability_target: 'resistance' | 'support' | null;
  /** Touch / breakthrough probability of the target level; `wording` is the calibrated label (`calibration` says how it was chosen). */
  touch: { p: number; n: number; wording: string; calibration?: WordingCalibration };
  breakthrough: { p: number; n: number; wording: string; calibration?: WordingCalibration };
  horizon_candles: number;
  /** Median move of the horizon in this history (percent; null when unmeasured): a level closer than it is within normal noise. */
  typical_move_pct?: number | null;
  /** The target level lies within the typical move: touch/breakthrough figures are not to be stated. */
  probability_within_noise?: boolean;
  /** Why the direction is what it is and whether its votes disagree (directionVerdict of @coinlens/ta; null for older snapshots). */
  verdict?: { reason: string; bullish: number; bearish: number; conflicting: boolean } | null;
  /** Price that would prove a bullish view wrong (nearest support − 0.5 ATR), and a bearish one (nearest resistance + 0.5 ATR). */
  invalidation: { bullish: number | null; bearish: number | null };
  /** The rule-built plan of this timeframe (strategy.ts). */
  plan: PlanNumbers | null;
}

/** The indicator values a timeframe's facts carry besides RSI and ATR. */
export const INDICATOR_KEYS = ['ema_20', 'ema_50', 'ema_200', 'macd', 'macd_signal', 'macd_hist', 'bb_upper', 'bb_middle', 'bb_lower', 'adx_14', 'stoch_k', 'stoch_d', 'mfi_14'] as const;

/** A recent news item of the coin (released at or before the clock's now). */
export interface NewsFact {
  id: string;
  title: string;
  link: string;
  source: string;
  published_at: number;
  /** Bullish/bearish mark of the item for this coin. */
  trend: 'bullish' | 'bearish' | 'neutral';
  /** Event type of the item (packages/nlp classifyEventType); null when unknown. */
  event_type: string | null;
  /**
   * What earlier news of this kind did to this coin: average move at +1h and +24h with its 95 %
   * interval and n (NewsReads.eventStudy; the same figures as the feed detail); null without a sample.
   */
  event_study: NewsEventStudy | null;
}

/**
 * Everything an AI text about one coin may rest on. Built-in texts use only these values (through
 * format.ts); model prompts receive them as JSON inside a delimited data block.
 */
export interface CoinFacts {
  coin: { id: number; symbol: string; name: string };
  as_of: number;
  mode: 'replay' | 'live';
  /** Last close of the finest analysed timeframe. */
  price: number | null;
  /** The last 24 closed 1h candles (null without 1h data). */
  day: { from: number; to: number; open: number; close: number; high: number; low: number; change_pct: number } | null;
  timeframes: TimeframeFacts[];
  /** Signals of this coin fired in the last 7 days and already scored (accuracy = hits / total). */
  accuracy: { hits: number; total: number; pending: number; accuracy: number | null };
  news: NewsFact[];
  /** Short term from 1h (else 5m), medium/long term from 1d. */
  strategy: { short_term: PlanNumbers | null; medium_long_term: PlanNumbers | null };
}

/** The data sources facts are read from. */
export interface FactsDeps {
  signals: SignalsReads;
  news: NewsReads;
  source: MarketSource;
  clock: Clock;
  /**
   * The built-in analyst's record per setup, keyed `author|timeframe|bias` (CalibrationService
   * setupRecords); absent or failing: plans are judged on reward/risk alone.
   */
  setupRecords?: () => Promise<ReadonlyMap<string, SetupRecord>>;
}

/** Key of a setup in {@link FactsDeps.setupRecords}. */
export const setupKey = (author: string, timeframe: string, bias: string) => `${author}|${timeframe}|${bias}`;

/**
 * Turns a labelled ta_result into timeframe facts (levels split at the last price, nearest first),
 * with the plan of its timeframe and whether it is proposed; `record` gives the plan's setup record
 * (none: judged on reward/risk alone).
 */
export function timeframeFacts(r: LabelledTaResult, record?: (plan: PlanNumbers) => SetupRecord | null): TimeframeFacts {
  const { supports, resistances } = levelsOf(r.support, r.resistance, r.last_price);
  const atr = r.indicators.atr_14 ?? null;
  const tf: TimeframeFacts = {
    timeframe: r.current.timeframe,
    candle_open_time: r.current.candle_open_time,
    candle_close_time: r.current.candle_open_time + TIMEFRAME_MS[r.current.timeframe],
    last_price: r.last_price,
    price_change_pct: r.price_change_percent,
    price_change_window_candles: r.price_change_window_candles,
    trend: r.market.trend,
    intensity: r.market.intense,
    direction: r.market.direction,
    volatility: r.market.volatility,
    cash_flow: r.market.cash_flow,
    atr,
    rsi: r.indicators.rsi_14 ?? null,
    indicators: Object.fromEntries(INDICATOR_KEYS.map((k) => [k, r.indicators[k] ?? null])),
    supports,
    resistances,
    signals: r.market.signals.map((s) => ({ label: s.label, name: s.name, direction: s.direction, hit_rate: { p: s.hit_rate.p, n: s.hit_rate.n }, edge: s.edge, record: { en: formatEdge(s.edge, 'en-US'), zh: formatEdge(s.edge, 'zh-CN') } })),
    probability_target: r.probability_target,
    touch: r.touch_probability,
    breakthrough: r.breakthrough_probability,
    horizon_candles: r.horizon_candles,
    typical_move_pct: r.typical_move?.pct ?? null,
    probability_within_noise: r.probability_within_noise ?? false,
    verdict: r.market.verdict ? { reason: r.market.verdict.reason, bullish: r.market.verdict.bullish, bearish: r.market.verdict.bearish, conflicting: r.market.verdict.conflicting } : null,
    invalidation: { bullish: null, bearish: null },
    plan: null,
  };
  tf.plan = buildPlan(tf);
  if (tf.plan) tf.plan.decision = decidePlan(tf.plan, record?.(tf.plan) ?? null, tf);
  const half = (atr ?? 0) * 0.5;
  tf.invalidation = {
    bullish: supports[0] ? roundPrice(supports[0].price - half) : null,
    bearish: resistances[0] ? roundPrice(resistances[0].price + half) : null,
  };
  return tf;
}

/**
 * Reads the facts of a coin at the clock's now: the latest ta_result per timeframe (computed by the
 * signals module when missing), the 7-day track record, the last 24 1h candles and up to 5 recent
 * news items of the coin in `lang`, each with the event study of its kind on this coin.
 */
export async function gatherFacts(deps: FactsDeps, row: CoinRow, lang: Lang): Promise<CoinFacts> {
  const now = deps.clock.now();
  const tfs = TA_TIMEFRAMES.filter((tf) => row.timeframes.includes(tf));
  const results: LabelledTaResult[] = [];
  for (const tf of tfs) {
    try {
      results.push(await deps.signals.coinTa(String(row.id), tf, false));
    } catch {
      // a timeframe without enough closed candles is left out
    }
  }
  const records = await deps.setupRecords?.().catch(() => null);
  const timeframes = results.map((r) => timeframeFacts(r, records ? (p) => records.get(setupKey('builtin', p.timeframe, p.bias)) ?? null : undefined));
  const acc = await deps.signals.latestAccuracyCached(row.id);
  const feeds = await deps.news.latest({ limit: 5, offset: 0, filter: 'all', heat: 'all', lang, coin: String(row.id) }).catch(() => ({ list: [] as never[] }));
  const news: NewsFact[] = await Promise.all(
    feeds.list.map(async (f) => ({
      id: f.id,
      title: f.title,
      link: f.link,
      source: f.source,
      published_at: Date.parse(f.published_at),
      trend: (f.related_cryptocurrencies.find((c) => c.cryptocurrency_id === row.id)?.trend ?? f.sentiment) as NewsFact['trend'],
      event_type: f.event_type ?? null,
      event_study: await deps.news.eventStudy({ id: f.id, sentiment: f.sentiment, event_type: f.event_type ?? null }, row.symbol).catch(() => null),
    })),
  );
  let day: CoinFacts['day'] = null;
  if (row.timeframes.includes('1h')) {
    const c = await deps.source.getCandles(row.symbol, '1h', { limit: 24 });
    if (c.length) {
      const open = c[0].open;
      const close = c[c.length - 1].close;
      day = {
        from: c[0].time,
        to: c[c.length - 1].time + TIMEFRAME_MS['1h'],
        open,
        close,
        high: Math.max(...c.map((x) => x.high)),
        low: Math.min(...c.map((x) => x.low)),
        change_pct: Math.round(((close - open) / open) * 1000) / 10,
      };
    }
  }
  const by = (tf: TaTimeframe) => timeframes.find((t) => t.timeframe === tf);
  const short = by('1h') ?? by('5m');
  const long = by('1d');
  return {
    coin: { id: row.id, symbol: row.symbol, name: row.name },
    as_of: now,
    mode: deps.source.name === 'replay' ? 'replay' : 'live',
    price: timeframes[0]?.last_price ?? null,
    day,
    timeframes,
    accuracy: { hits: acc.hits, total: acc.total, pending: acc.pending, accuracy: acc.accuracy },
    news,
    strategy: { short_term: short?.plan ?? null, medium_long_term: long?.plan ?? null },
  };
}

/** The candles and news a text built from `facts` rests on. */
export function basedOnOf(facts: CoinFacts, opts: { news?: boolean } = {}) {
  return {
    as_of: facts.as_of,
    candles: facts.timeframes.map((t) => ({ symbol: facts.coin.symbol, timeframe: t.timeframe, open_time: t.candle_open_time })),
    news_ids: opts.news === false ? [] : facts.news.map((n) => n.id),
    accuracy: { hits: facts.accuracy.hits, total: facts.accuracy.total },
  };
}

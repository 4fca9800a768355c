import { type Candle, type Lang, roundPrice, TIMEFRAME_MS } from '@coinlens/contracts';
import type { MarketSource } from '../../providers/market/types';
import type { CoinRow } from '../market/market.repository';
import type { AiService } from '../ai/ai.service';
import type { CoinFacts, LevelFact, TimeframeFacts } from '../ai/facts';
import { buildPlan } from '../ai/strategy';

/**
 * The facts the assistant answers from: the coin's analysis (read through {@link readAnalysis}),
 * rebased on the live price, plus the base rates of the horizon asked about and, for a
 * comparison, the other coin's facts.
 */

/** The live price a answer refers to: the ticker's last trade (else the finest last close) and its clock time. */
export interface LiveQuote {
  price: number;
  /** Clock time of the price (ms since epoch, UTC). */
  at: number;
  /** `ticker`: the source's last price at `at`; `last_close`: no ticker, the finest analysed candle's close. */
  basis: 'ticker' | 'last_close';
  /** Change over the last 24 hours in percent (ticker), null when unknown. */
  change_24h_pct: number | null;
}

/**
 * How the price moved over past windows as long as the horizon asked about: non-overlapping
 * windows of `candles_per_window` closed candles of `timeframe`, ending at the last close,
 * over the whole stored history (`from`–`to`). Moves in percent; shares 0..1 with a Wilson
 * 95 % interval. Past frequencies, not a forecast.
 */
export interface HorizonStats {
  hours: number;
  /** The horizon in days (hours / 24) when it is 48 hours or longer, else null. */
  days: number | null;
  timeframe: '1h' | '1d';
  candles_per_window: number;
  /** Number of windows (the n of every share). */
  windows: number;
  /** Windows that ended higher than they started. */
  up: number;
  up_share: number;
  up_ci: [number, number];
  median_pct: number;
  /** 10th and 90th percentile of the moves. */
  p10_pct: number;
  p90_pct: number;
  from: number;
  to: number;
}

/** Everything an assistant answer may rest on. */
export interface AssistantFacts extends CoinFacts {
  live: LiveQuote;
  horizon: HorizonStats | null;
  /** The coin a comparison is made with (same horizon), else null. */
  other: AssistantFacts | null;
}

/**
 * The one place the assistant reads a coin's analysis (levels, trend, direction, probabilities,
 * signals, plans at the last closed candles, news, track record). Every assistant figure comes
 * from here; point it at the shared analysis snapshot to make the assistant agree with the rest
 * of the app.
 */
export function readAnalysis(ai: Pick<AiService, 'facts'>, row: CoinRow, lang: Lang): Promise<CoinFacts> {
  return ai.facts(row, lang);
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A timeframe's facts seen from the live price: levels re-split at it (a support the price fell
 * through is a resistance at once, and the other way round), distances from it, and the
 * invalidation and plan rebuilt on it. `last_close` keeps the candle's close.
 */
/** A timeframe's facts rebased on the live price, with the distances the answers quote (percent from the live price). */
export type LiveTimeframeFacts = TimeframeFacts & {
  last_close: number;
  from_live: { invalidation_bullish_pct: number | null; invalidation_bearish_pct: number | null; atr_pct: number | null; targets_pct: number[] };
};

export function rebaseOnLive(t: TimeframeFacts, live: number): LiveTimeframeFacts {
  const all: LevelFact[] = [...t.supports, ...t.resistances];
  const fact = (l: LevelFact): LevelFact => ({ ...l, distance_pct: round1(((l.price - live) / live) * 100) });
  const supports = all.filter((l) => l.price < live).sort((a, b) => b.price - a.price).slice(0, 3).map(fact);
  const resistances = all.filter((l) => l.price > live).sort((a, b) => a.price - b.price).slice(0, 3).map(fact);
  const x: LiveTimeframeFacts = { ...t, last_close: t.last_price, last_price: live, supports, resistances, from_live: { invalidation_bullish_pct: null, invalidation_bearish_pct: null, atr_pct: null, targets_pct: [] } };
  const half = (t.atr ?? 0) * 0.5;
  x.invalidation = { bullish: supports[0] ? roundPrice(supports[0].price - half) : null, bearish: resistances[0] ? roundPrice(resistances[0].price + half) : null };
  x.plan = buildPlan(x);
  const pct = (p: number | null) => (p === null ? null : round1(((p - live) / live) * 100));
  x.from_live = {
    invalidation_bullish_pct: pct(x.invalidation.bullish),
    invalidation_bearish_pct: pct(x.invalidation.bearish),
    atr_pct: t.atr === null ? null : round1((t.atr / live) * 100),
    targets_pct: (x.plan?.targets ?? []).map((p) => pct(p)!),
  };
  return x;
}

/** The live quote of `row`: the source's ticker, else the finest analysed candle's close. */
export async function liveQuote(source: MarketSource, row: CoinRow, f: CoinFacts): Promise<LiveQuote> {
  const t = await source.getTicker(row.symbol).catch(() => null);
  if (t && t.lastPrice !== null && t.lastPrice > 0) return { price: t.lastPrice, at: t.time, basis: 'ticker', change_24h_pct: t.priceChangePercent === null ? null : round1(t.priceChangePercent) };
  const head = f.timeframes[0];
  return { price: head?.last_price ?? 0, at: head?.candle_close_time ?? f.as_of, basis: 'last_close', change_24h_pct: f.day?.change_pct ?? null };
}

/** Wilson 95 % interval of `k` successes in `n`. */
export function wilson(k: number, n: number): [number, number] {
  if (!n) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const r = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [round3(Math.max(0, (c - r) / d)), round3(Math.min(1, (c + r) / d))];
}

const quantile = (sorted: number[], q: number) => {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
};

/** {@link HorizonStats} of `hours` over `candles` (oldest first) of `timeframe`; null with fewer than 20 windows. */
export function horizonStats(candles: Pick<Candle, 'time' | 'close'>[], timeframe: '1h' | '1d', hours: number): HorizonStats | null {
  const k = Math.max(1, Math.round(hours / (TIMEFRAME_MS[timeframe] / 3_600_000)));
  const moves: number[] = [];
  let first = candles.length - 1;
  for (let i = candles.length - 1; i - k >= 0; i -= k) {
    moves.push(((candles[i].close - candles[i - k].close) / candles[i - k].close) * 100);
    first = i - k;
  }
  if (moves.length < 20) return null;
  const up = moves.filter((m) => m > 0).length;
  const sorted = [...moves].sort((a, b) => a - b);
  return {
    hours,
    days: hours >= 48 ? Math.round(hours / 24) : null,
    timeframe,
    candles_per_window: k,
    windows: moves.length,
    up,
    up_share: round3(up / moves.length),
    up_ci: wilson(up, moves.length),
    median_pct: round1(quantile(sorted, 0.5)),
    p10_pct: round1(quantile(sorted, 0.1)),
    p90_pct: round1(quantile(sorted, 0.9)),
    from: candles[first].time,
    to: candles[candles.length - 1].time + TIMEFRAME_MS[timeframe],
  };
}

/** Stored history read per (symbol, timeframe, last candle): the closes do not change until the next close. */
const historyMemo = new Map<string, { last: number; candles: Pick<Candle, 'time' | 'close'>[] }>();

/** Base rates of `hours` for `row` from its 1h candles (under 48 hours) or 1d candles; null without enough history. */
export async function horizonOf(source: MarketSource, row: CoinRow, hours: number): Promise<HorizonStats | null> {
  const prefer: '1h' | '1d' = hours < 48 ? '1h' : '1d';
  for (const tf of [prefer, prefer === '1h' ? '1d' : '1h'] as const) {
    if (!row.timeframes.includes(tf)) continue;
    const [last] = await source.getCandles(row.symbol, tf, { limit: 1 });
    if (!last) continue;
    const key = `${row.symbol}:${tf}`;
    let held = historyMemo.get(key);
    if (!held || held.last !== last.time) {
      const candles = (await source.getCandles(row.symbol, tf, { limit: tf === '1h' ? 24 * 1200 : 5000 })).map((c) => ({ time: c.time, close: c.close }));
      held = { last: last.time, candles };
      historyMemo.set(key, held);
    }
    const s = horizonStats(held.candles, tf, hours);
    if (s) return s;
  }
  return null;
}

/** Reads {@link AssistantFacts} of `row`: the analysis rebased on the live price, the horizon's base rates when `hours` is set. */
export async function assistantFacts(d: { ai: Pick<AiService, 'facts'>; source: MarketSource }, row: CoinRow, lang: Lang, hours: number | null): Promise<AssistantFacts> {
  const f = await readAnalysis(d.ai, row, lang);
  const live = await liveQuote(d.source, row, f);
  const timeframes = live.basis === 'ticker' ? f.timeframes.map((t) => rebaseOnLive(t, live.price)) : f.timeframes;
  const by = (tf: string) => timeframes.find((t) => t.timeframe === tf);
  return {
    ...f,
    price: live.price,
    timeframes,
    strategy: { short_term: (by('1h') ?? by('5m'))?.plan ?? null, medium_long_term: by('1d')?.plan ?? null },
    live,
    horizon: hours === null ? null : await horizonOf(d.source, row, hours),
    other: null,
  };
}

import { formatEdge, wilsonInterval } from '@coinlens/contracts/signals/edge-stats';
import { episodeEdge, episodeEdgeRecord, strategyRecordStats } from '@coinlens/ta';
import type { Bi } from './alerts.messages';

/**
 * The trigger's record of price, news and strategy alerts (every alert carries
 * the record of its trigger), as pure functions over counts the evaluator reads from stored
 * candles, news impact rows and scored strategies. Every figure carries its denominator (n), its
 * base rate where one applies and its 95 % interval (Wilson for the share of non-overlapping price
 * windows, whose outcomes share no candle; the cluster-robust episode interval of packages/ta for
 * an edge over a base rate and for the strategies, whose windows overlap), in both shipped languages.
 */

const DAY = 86_400_000;

/** How far back (ms of market clock before the trigger) the base rates of price and news records look: 90 days. */
export const RECORD_LOOKBACK_MS = 90 * DAY;

/** Below this many earlier items of the coin, a news record is measured over every coin instead. */
export const NEWS_RECORD_MIN_N = 30;

/** Share of windows in which a move happened: `hits` of `n` windows spanning [from, to] (ms, market clock). */
export interface WindowRate {
  hits: number;
  n: number;
  /** Open time of the first candle of the earliest window (ms); null when n = 0. */
  from: number | null;
  /** Open time of the last candle of the latest window (ms); null when n = 0. */
  to: number | null;
}

/**
 * Counts close-to-close moves over windows of `k` candles of a series (open times `openTime`, closes
 * `close`, oldest first): the latest window ends at candle index `end` (its move is close[end] /
 * close[end − k] − 1), earlier ones every `step` candles back, as long as the window's first candle
 * opened at or after `since` (ms). `test` gets each move in percent (2.5 = +2.5 %). `step = k` gives
 * non-overlapping windows. O((end − start) / step); no allocation.
 */
export function windowMoveRate(openTime: ArrayLike<number>, close: ArrayLike<number>, o: { end: number; k: number; step: number; since: number; test: (changePct: number) => boolean }): WindowRate {
  let hits = 0;
  let n = 0;
  let from: number | null = null;
  let to: number | null = null;
  const k = Math.max(1, Math.floor(o.k));
  const step = Math.max(1, Math.floor(o.step));
  for (let e = Math.min(o.end, close.length - 1); e - k >= 0 && openTime[e - k] >= o.since; e -= step) {
    const a = close[e - k];
    const b = close[e];
    if (!(a > 0) || !(b > 0)) continue;
    n++;
    if (o.test((b / a - 1) * 100)) hits++;
    from = openTime[e - k];
    to ??= openTime[e];
  }
  return { hits, n, from, to };
}

/** Direction of a move rule: up, down or either way. */
export type MoveDirection = 'up' | 'down' | 'any';

/** Whether a change of `changePct` percent is a move of at least `percent` in `dir`. */
export function isMove(changePct: number, percent: number, dir: MoveDirection): boolean {
  if (dir === 'up') return changePct >= percent;
  if (dir === 'down') return changePct <= -percent;
  return Math.abs(changePct) >= percent;
}

const nf = new Intl.NumberFormat('en-US');
/** An integer count with thousands separators ("2,160"), as both languages show it. */
export const count = (n: number) => nf.format(n);
/** A fraction as a percent with one decimal, without the sign ("9.4"). */
const pct1 = (p: number) => (p * 100).toFixed(1);
/** A number with a sign (U+2212 minus) and `d` decimals. */
const signed = (v: number, d: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(d)}`;
/** A proportion's Wilson 95 % interval as "8.1–10.8" (percent, one decimal). */
function ci(hits: number, n: number): string {
  const w = wilsonInterval(hits, n)!;
  return `${pct1(w.lo)}–${pct1(w.hi)}`;
}

/** The look-back a record covers, in days ("last 90 days" / "近 90 天"); at least 1. */
function span(r: { from: number | null; to: number | null }): Bi {
  const d = r.from != null && r.to != null ? Math.max(1, Math.round((r.to - r.from) / DAY)) : 0;
  return { en: `last ${d} day${d === 1 ? '' : 's'}`, zh: `近 ${d} 天` };
}

/**
 * The record of a price-move alert: the base rate of such a move, e.g. "BTC moved ≥ 2 % either way
 * within 60 min in 9.4 % of windows (95 % CI 8.1–10.8 %, n = 2,160 windows, last 90 days)", with the
 * Wilson interval. `rate` comes from {@link windowMoveRate} over non-overlapping windows of the rule's
 * length before the triggering one. With n = 0 it says there is nothing to compare with.
 */
export function priceMoveRecord(symbol: string, p: { percent: number; window_minutes: number; direction: MoveDirection }, rate: WindowRate): Bi {
  const x = `${p.percent} %`;
  const w = p.window_minutes;
  const what: Bi =
    p.direction === 'up'
      ? { en: `rose ≥ ${x} within ${w} min`, zh: `${w} 分钟内上涨 ≥ ${x}` }
      : p.direction === 'down'
        ? { en: `fell ≥ ${x} within ${w} min`, zh: `${w} 分钟内下跌 ≥ ${x}` }
        : { en: `moved ≥ ${x} either way within ${w} min`, zh: `${w} 分钟内涨跌 ≥ ${x}` };
  if (rate.n === 0) {
    return { en: `${symbol} ${what.en}: no earlier ${w}-min window is stored to say how often that happens (n = 0)`, zh: `${symbol} ${what.zh}：尚无更早的 ${w} 分钟窗口可供统计发生频率（样本 0）` };
  }
  const s = span(rate);
  const share = pct1(rate.hits / rate.n);
  return {
    en: `${symbol} ${what.en} in ${share} % of windows (95 % CI ${ci(rate.hits, rate.n)} %, n = ${count(rate.n)} windows, ${s.en})`,
    zh: `${symbol} ${what.zh}的窗口占 ${share} %（95% 置信区间 ${ci(rate.hits, rate.n)} %，样本 ${count(rate.n)} 个窗口，${s.zh}）`,
  };
}

/**
 * The record of a price-level alert. A level is a condition the user chose, not a forecast the
 * product made: there is no population of comparable "crossings" whose outcome could be scored
 * without inventing one (a round number, a distance band…), so the line says so plainly instead of
 * showing a statistic that would look like evidence.
 */
export function priceCrossRecord(): Bi {
  return { en: 'A price level has no track record: it is a condition you set, not a forecast.', zh: '价格水平没有历史记录：这是您设定的条件，而不是预测。' };
}

/** The record of a screen entry without a signal that has a measurable edge: a screen is a condition the user set, not a forecast. */
export function screenRecord(): Bi {
  return { en: 'A screen has no track record: it is a condition you set, not a forecast.', zh: '筛选没有历史记录：这是您设定的条件，而不是预测。' };
}

/** One scored strategy as the strategy record reads it (percent after fees; `origin` live or start-up backfill). */
export interface ScoredStrategyRow {
  /** Episode key (packages/ta strategyEpisode): strategies of one coin and term whose windows overlap share one. */
  episode: string;
  target_first: boolean;
  return_pct: number;
  hold_pct: number;
  origin: string;
}

/** The author of strategies as a reader sees it: the built-in analyst or the model's name. */
function authorOf(author: string): Bi {
  return author === 'builtin' ? { en: 'Built-in analyst', zh: '内置分析师' } : { en: author, zh: author };
}

/**
 * The record of a strategy alert: the track record of the product's strategies of the same author
 * and timeframe (every coin), scored before the trigger, as the strategies page shows it — how many
 * reached the target before the invalidation (share with its 95 % interval) and the mean return
 * after fees against holding the coin over the same windows (the mean difference with its 95 %
 * interval), with n, the episodes and how many of them are in-sample backfill. Strategies of one
 * coin written every few hours are scored on overlapping candles, so the intervals are
 * cluster-robust over episodes (packages/ta strategyRecordStats; effective n = episodes). E.g.
 * "Built-in analyst's 1h strategies: 41 of 97 reached the target before the invalidation (42.3 %,
 * 95 % CI 30.1–55.0 %); mean −0.30 % after fees vs holding +0.80 % (difference −1.10 pp, 95 % CI
 * −2.61 to +0.40); n = 97 in 14 episodes, 80 of them in-sample backfill".
 */
export function strategyRecord(author: string, timeframe: string, rows: readonly ScoredStrategyRow[]): Bi {
  const who = authorOf(author);
  const n = rows.length;
  if (n === 0) return { en: `${who.en}'s ${timeframe} strategies: none scored yet (n = 0), so no track record`, zh: `${who.zh} ${timeframe} 策略：尚无已评分的策略（样本 0），因此没有历史记录` };
  const hits = rows.filter((r) => r.target_first).length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ret = mean(rows.map((r) => r.return_pct));
  const hold = mean(rows.map((r) => r.hold_pct));
  const st = strategyRecordStats(rows);
  const d = st.excess_pct ?? 0;
  const dci = st.excess_lo !== null && st.excess_hi !== null ? [st.excess_lo, st.excess_hi] : null;
  const backfill = rows.filter((r) => r.origin === 'backfill').length;
  const share = pct1(hits / n);
  const shareCi = st.target_first_lo !== null && st.target_first_hi !== null ? `${pct1(st.target_first_lo)}–${pct1(st.target_first_hi)}` : null;
  const eps = st.n_eff;
  const dEn = dci ? `difference ${signed(d, 2)} pp, 95 % CI ${signed(dci[0], 2)} to ${signed(dci[1], 2)}` : `difference ${signed(d, 2)} pp, no interval with ${eps === 1 ? '1 episode' : `${eps} episodes`}`;
  const dZh = dci ? `差 ${signed(d, 2)} 个百分点，95% 置信区间 ${signed(dci[0], 2)} 至 ${signed(dci[1], 2)}` : `差 ${signed(d, 2)} 个百分点，仅 ${eps} 个事件段，无法给出区间`;
  const nEn = eps < n ? `n = ${count(n)} in ${count(eps)} episode${eps === 1 ? '' : 's'}` : `n = ${count(n)}`;
  const nZh = eps < n ? `样本 ${count(n)}，${count(eps)} 个事件段` : `样本 ${count(n)}`;
  return {
    en: `${who.en}'s ${timeframe} strategies: ${count(hits)} of ${count(n)} reached the target before the invalidation (${share} %${shareCi ? `, 95 % CI ${shareCi} %` : ''}); mean ${signed(ret, 2)} % after fees vs holding ${signed(hold, 2)} % (${dEn}); ${nEn}${backfill ? `, ${count(backfill)} of them in-sample backfill` : ''}`,
    zh: `${who.zh} ${timeframe} 策略：${count(n)} 个中有 ${count(hits)} 个先到达目标价、未先触及失效价（${share} %${shareCi ? `，95% 置信区间 ${shareCi} %` : ''}）；扣除费用后平均 ${signed(ret, 2)} %，同期持有 ${signed(hold, 2)} %（${dZh}）；${nZh}${backfill ? `，其中 ${count(backfill)} 个为样本内回填` : ''}`,
  };
}

/** Importance levels of news as the news pages word them, index = stored level (0 general … 3 most important). */
export const IMPORTANCE_WORDS: readonly Bi[] = [
  { en: 'General', zh: '一般' },
  { en: 'Less important', zh: '次要' },
  { en: 'Important', zh: '重要' },
  { en: 'Most important', zh: '最重要' },
];

/**
 * Stored importance level (0 general … 3 most important) of a news rule's `min_importance`
 * (1 general … 4 most important, the news pages' four levels from the lowest; 5, accepted by older
 * rules, means most important).
 */
export function importanceLevelOf(minImportance: number): number {
  return Math.min(3, Math.max(0, Math.round(minImportance) - 1));
}

/**
 * The record of a news alert: how often earlier news of the same direction and at least the rule's
 * importance about the coin (`scope` 'coin'; or about every coin, 'all', when the coin has fewer than
 * NEWS_RECORD_MIN_N) was followed by a move in that direction within 24 h (news_impact: close 24 h
 * after publication vs close at publication), against the base rate — the share of all 24 h windows
 * of the same coins in the look-back with such a move — as an edge with a 95 % interval (edge-stats'
 * one wording: "edge …" or "no measurable edge"). Items about one coin within 24 h of each other are
 * scored on overlapping windows: `sample.episodes` groups them (effective n = episodes) and the
 * interval is cluster-robust over episodes (packages/ta episodeEdge); without it each item is its
 * own episode. A neutral item has no direction to score and says so.
 */
export function newsRecord(
  symbol: string,
  direction: 'bullish' | 'bearish' | 'neutral',
  level: number,
  scope: 'coin' | 'all',
  sample: { hits: number; n: number; episodes?: readonly { n: number; hits: number }[] },
  base: { hits: number; n: number },
): Bi {
  const imp = IMPORTANCE_WORDS[Math.min(3, Math.max(0, level))];
  if (direction === 'neutral') return { en: `Neutral news about ${symbol} has no direction to score, so no track record`, zh: `关于 ${symbol} 的中性新闻没有可评分的方向，因此没有历史记录` };
  const bull = direction === 'bullish';
  const who: Bi = scope === 'coin' ? { en: `about ${symbol}`, zh: `关于 ${symbol} 的` } : { en: 'about any coin', zh: '关于所有币种的' };
  const head: Bi = {
    en: `${bull ? 'Bullish' : 'Bearish'} news ${who.en} (importance ≥ ${imp.en.toLowerCase()})`,
    zh: `${who.zh}${bull ? '看涨' : '看跌'}新闻（重要程度 ≥ ${imp.zh}）`,
  };
  const move: Bi = bull ? { en: 'a rise', zh: '上涨' } : { en: 'a fall', zh: '下跌' };
  const baseP = base.n > 0 ? base.hits / base.n : 0;
  const episodes = (sample.episodes ?? Array.from({ length: sample.n }, (_, i) => ({ n: 1, hits: i < sample.hits ? 1 : 0 }))).map((e) => ({ ...e, baseSum: e.n * baseP }));
  const edge = episodeEdgeRecord(episodeEdge(episodes, base.n, base.n > 0));
  if (sample.n === 0) {
    return { en: `${head.en}: no earlier item with a measured 24 h move yet (n = 0), ${formatEdge(edge, 'en', 'short')}`, zh: `${head.zh}：尚无测得 24 小时走势的更早新闻（样本 0），${formatEdge(edge, 'zh', 'short')}` };
  }
  const baseEn = base.n > 0 ? `base rate ${pct1(base.hits / base.n)} % of all 24 h windows (95 % CI ${ci(base.hits, base.n)} %, n = ${count(base.n)})` : 'no base rate (no stored 24 h window)';
  const baseZh = base.n > 0 ? `基准为所有 24 小时窗口的 ${pct1(base.hits / base.n)} %（95% 置信区间 ${ci(base.hits, base.n)} %，样本 ${count(base.n)}）` : '无基准（没有已存储的 24 小时窗口）';
  const eff: Bi = edge.n_eff < sample.n ? { en: ` in ${count(edge.n_eff)} episode${edge.n_eff === 1 ? '' : 's'}`, zh: `，${count(edge.n_eff)} 个独立片段` } : { en: '', zh: '' };
  return {
    en: `${head.en}: followed by ${move.en} within 24 h in ${pct1(sample.hits / sample.n)} % of ${count(sample.n)} items${eff.en} (95 % CI ${ci(sample.hits, sample.n)} %), ${baseEn}: ${formatEdge(edge, 'en', 'short')}`,
    zh: `${head.zh}：其后 24 小时内${move.zh}的比例为 ${pct1(sample.hits / sample.n)} %（共 ${count(sample.n)} 条${eff.zh}，95% 置信区间 ${ci(sample.hits, sample.n)} %），${baseZh}：${formatEdge(edge, 'zh', 'short')}`,
  };
}

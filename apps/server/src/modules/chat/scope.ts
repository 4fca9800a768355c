import { type Lang, type TaTimeframe } from '@coinlens/contracts';
import type { CoinFacts } from '../ai/facts';
import { fmtDate, fmtTime } from '../ai/format';
import type { AssistantFacts } from './assistant-facts';
import { escapeMarkdown, L, vocab } from '../ai/vocab';
import { HORIZON_PATTERNS, type Intent, type QuestionReading } from './intents';

/**
 * What one assistant answer is about: the timeframe(s) it answers, which ones
 * the question asked for that are not analysed (and the nearest analysed one used instead), and
 * whether it rests on the coin's news and its signals track record.
 */
export interface AnswerScope {
  intents: Intent[];
  /** Analysed timeframes the answer covers, finest first; empty when no figure of a timeframe is needed. */
  timeframes: TaTimeframe[];
  /** True when the question named the timeframe(s); false when the default was taken. */
  asked: boolean;
  /** Timeframes the question named that are not analysed, each with the analysed one used instead. */
  substituted: { asked: string; used: TaTimeframe }[];
  /** The question mentions the last 24 hours / today (the answer may quote the 24-hour change). */
  day: boolean;
  news: boolean;
  accuracy: boolean;
}

/** Minutes of each analysed timeframe. */
const MINUTES: Record<TaTimeframe, number> = { '5m': 5, '1h': 60, '1d': 1440 };

/** "24 hours", "today", "24h", "24 小时", "今天": the last day, not the 1h timeframe. */
const DAY_WINDOW = /\b24\s*-?\s*(?:h|hrs?|hours?)\b|\b(?:today|last day|past day)\b|24\s*(?:个)?\s*小时|今天|今日|一天内/gi;
const ALL = /\b(?:all|every|each)\s+(?:the\s+)?(?:time\s*frames?|timeframes?|intervals?|charts?)\b|所有周期|全部周期|各(?:个)?周期|每个周期|所有时间周期|多周期/i;

const ZH_NUM: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 八: 8, 十: 10, 十二: 12, 十五: 15, 三十: 30 };
const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : (ZH_NUM[s] ?? NaN));

/** Timeframe mentions: pattern → minutes (from the match). Order matters: specific before generic. */
const MENTIONS: { re: RegExp; minutes: (m: RegExpExecArray) => number; label: (m: RegExpExecArray) => string }[] = [
  // 5m, 15 min, 30-minute, 4h, 4 hour, 12hr, 1d, 1 day, 1w, 1 week (English and digits)
  { re: /\b(\d{1,2})\s*-?\s*(?:m|[Mm]ins?|[Mm]inutes?)\b/g, minutes: (m) => Number(m[1]), label: (m) => `${m[1]}m` },
  { re: /\b(\d{1,2})\s*-?\s*(h|hrs?|hours?)\b/gi, minutes: (m) => Number(m[1]) * 60, label: (m) => `${m[1]}h` },
  { re: /\b1\s*-?\s*(?:d|day)\b/gi, minutes: () => 1440, label: () => '1d' },
  { re: /\b1\s*-?\s*(?:w|wk|week)\b/gi, minutes: () => 10080, label: () => '1w' },
  { re: /\b(?:one|an)\s*-?\s*hour\b|\bhourly\b|\bh1\b|\bhour\s+(?:chart|candles?|timeframe)\b/gi, minutes: () => 60, label: () => '1h' },
  { re: /\bdaily\b|\bd1\b|\bday\s+(?:chart|candles?|timeframe)\b|\blong[- ]term\b|\bmedium[- ]term\b|\bswing\b/gi, minutes: () => 1440, label: () => '1d' },
  { re: /\bweekly\b|\bweek\s+(?:chart|candles?)\b/gi, minutes: () => 10080, label: () => '1w' },
  { re: /\bshort[- ]term\b/gi, minutes: () => 60, label: () => '1h' },
  // Chinese: 5分钟, 十五分钟, 4小时, 四小时线, 日线, 日K, 周线, 小时线, 短线, 中长线
  { re: /(\d{1,2}|十五|三十|五|一)\s*分钟/g, minutes: (m) => num(m[1]), label: (m) => `${num(m[1])}m` },
  { re: /(\d{1,2}|十二|一|两|二|四|六|八)\s*(?:个)?\s*小时/g, minutes: (m) => num(m[1]) * 60, label: (m) => `${num(m[1])}h` },
  { re: /小时(?:线|图|级别|K|k)?/g, minutes: () => 60, label: () => '1h' },
  { re: /日线|日K|日k|日图|日级别|天线|(?:1|一)\s*天(?:线|图|K|k)|中长线|长线|中线/g, minutes: () => 1440, label: () => '1d' },
  { re: /周线|周K|周k|周图/g, minutes: () => 10080, label: () => '1w' },
  { re: /短线/g, minutes: () => 60, label: () => '1h' },
];

/**
 * The timeframes a question names, in order of mention, as minutes with the label the user wrote
 * (normalised: `4h`, `15m`, `1d`, `1w`). "24 hours"/"today" is a window, not a timeframe, and is
 * left out. `all` is true for "all timeframes" / "所有周期".
 */
export function parseTimeframes(question: string): { mentions: { minutes: number; label: string }[]; all: boolean; day: boolean } {
  const day = new RegExp(DAY_WINDOW.source, 'i').test(question);
  let rest = question.replace(DAY_WINDOW, ' ');
  const found: { at: number; minutes: number; label: string }[] = [];
  for (const m of MENTIONS) {
    const re = new RegExp(m.re.source, m.re.flags);
    let x: RegExpExecArray | null;
    while ((x = re.exec(rest))) {
      const minutes = m.minutes(x);
      if (Number.isFinite(minutes) && minutes > 0) found.push({ at: x.index, minutes, label: m.label(x) });
    }
    // a span is read once: "4 小时" is not also "小时"
    rest = rest.replace(re, (s) => ' '.repeat(s.length));
  }
  found.sort((a, b) => a.at - b.at);
  const mentions: { minutes: number; label: string }[] = [];
  for (const f of found) if (!mentions.some((m) => m.minutes === f.minutes)) mentions.push({ minutes: f.minutes, label: f.label });
  return { mentions, all: ALL.test(question), day };
}

/** `question` without its horizon phrases ("next 48 hours" is a horizon, not a 48h timeframe). */
export function stripHorizons(question: string): string {
  let rest = question;
  for (const re of HORIZON_PATTERNS) rest = rest.replace(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`), (s) => ' '.repeat(s.length));
  return rest;
}

/** The analysed timeframe nearest to `minutes` (by ratio: 15m → 5m, 30m → 1h, 4h → 1h, 1w → 1d). */
function nearest(minutes: number, available: TaTimeframe[]): TaTimeframe {
  return [...available].sort((a, b) => Math.abs(Math.log(MINUTES[a] / minutes)) - Math.abs(Math.log(MINUTES[b] / minutes)))[0];
}

/** Intents whose figures belong to a timeframe (news and the track record do not). */
const TIMEFRAME_INTENTS: Intent[] = ['price', 'support', 'resistance', 'entry', 'stop', 'targets', 'outlook', 'risks', 'trend', 'indicator', 'signals', 'compare'];

/**
 * The scope of the answer to `question` (read as `reading`) over `facts`: the timeframe(s) it
 * names (an analysed one not available is replaced by the nearest analysed one, and said so), all
 * of them when it asks for all, else the most relevant one: the finest for a price question, 1d
 * for an outlook of three days or more, 1h (else the finest) otherwise. No timeframe when the
 * question needs none (news, track record) or is out of scope. `forModel`: an out-of-scope
 * question given to a model still gets the default timeframe, the news and the track record.
 */
export function answerScope(facts: CoinFacts, question: string, reading: Pick<QuestionReading, 'intents' | 'horizonHours'>, opts: { forModel?: boolean } = {}): AnswerScope {
  const { intents } = reading;
  const { mentions, all, day } = parseTimeframes(stripHorizons(question));
  const available = facts.timeframes.map((t) => t.timeframe);
  const general = !intents.length && !!opts.forModel;
  const needsTf = intents.some((i) => TIMEFRAME_INTENTS.includes(i)) || general;
  const substituted: AnswerScope['substituted'] = [];
  let timeframes: TaTimeframe[] = [];
  if (needsTf && available.length) {
    if (all) timeframes = [...available];
    else if (mentions.length) {
      for (const m of mentions) {
        const exact = available.find((tf) => MINUTES[tf] === m.minutes);
        const used = exact ?? nearest(m.minutes, available);
        if (!exact) substituted.push({ asked: m.label, used });
        if (!timeframes.includes(used)) timeframes.push(used);
      }
    } else if (intents.length === 1 && intents[0] === 'price') timeframes = [available[0]];
    else if (intents.includes('outlook') && (reading.horizonHours ?? 0) >= 72 && available.includes('1d')) timeframes = ['1d'];
    else timeframes = [available.includes('1h') ? '1h' : available[0]];
  }
  timeframes.sort((a, b) => MINUTES[a] - MINUTES[b]);
  return { intents, timeframes, asked: all || mentions.length > 0, substituted, day, news: intents.includes('news') || general, accuracy: intents.includes('accuracy') || general };
}

/**
 * The facts narrowed to a scope: only its timeframes (and the strategy plans of those
 * timeframes), news only when the answer is about news, the 24-hour window only when asked.
 * What a model is given, and what the answer's `based_on` names.
 */
export function scopeFacts<F extends CoinFacts>(facts: F, scope: AnswerScope): F {
  const keep = <T extends { timeframe: TaTimeframe } | null>(p: T) => (p && scope.timeframes.includes(p.timeframe) ? p : null);
  const other = (facts as { other?: CoinFacts | null }).other;
  return {
    ...facts,
    day: scope.day ? facts.day : null,
    timeframes: facts.timeframes.filter((t) => scope.timeframes.includes(t.timeframe)),
    news: scope.news ? facts.news : [],
    strategy: { short_term: keep(facts.strategy.short_term), medium_long_term: keep(facts.strategy.medium_long_term) },
    ...(other !== undefined ? { other: other ? scopeFacts({ ...other, other: null }, { ...scope, news: false }) : null } : {}),
  };
}

/**
 * The one sources line of an answer: the candles of the answered timeframes (symbol, timeframe,
 * close time), the 1h candles of the 24-hour window when quoted, the news ids and the track
 * record when used, and "replay" for replayed data. Null when the answer rests on no data.
 * `facts` must already be scoped ({@link scopeFacts}).
 */
export function sourcesLine(facts: CoinFacts & Partial<Pick<AssistantFacts, 'live' | 'horizon' | 'other'>>, scope: AnswerScope, lang: Lang): string | null {
  const sym = facts.coin.symbol;
  const parts: string[] = [];
  if (facts.live && facts.live.basis === 'ticker' && facts.timeframes.length) parts.push(L(lang, `${sym} live price at ${fmtTime(facts.live.at, lang)}`, `${sym} 实时价格（${fmtTime(facts.live.at, lang)}）`));
  parts.push(...facts.timeframes.map((t) => L(lang, `${sym} ${t.timeframe} candle closed ${fmtTime(t.candle_close_time, lang)}`, `${sym} ${vocab.tf(t.timeframe, lang)} K 线收盘于 ${fmtTime(t.candle_close_time, lang)}`)));
  const h = facts.horizon;
  if (h && (scope.intents.includes('outlook') || scope.intents.includes('risks') || scope.intents.includes('compare'))) parts.push(L(lang, `${sym} ${h.timeframe} candles ${fmtDate(h.from, lang)} – ${fmtDate(h.to, lang)}`, `${sym} ${vocab.tf(h.timeframe, lang)} K 线 ${fmtDate(h.from, lang)}–${fmtDate(h.to, lang)}`));
  const o = facts.other;
  if (o) {
    if (o.live.basis === 'ticker') parts.push(L(lang, `${o.coin.symbol} live price at ${fmtTime(o.live.at, lang)}`, `${o.coin.symbol} 实时价格（${fmtTime(o.live.at, lang)}）`));
    parts.push(...o.timeframes.map((t) => L(lang, `${o.coin.symbol} ${t.timeframe} candle closed ${fmtTime(t.candle_close_time, lang)}`, `${o.coin.symbol} ${vocab.tf(t.timeframe, lang)} K 线收盘于 ${fmtTime(t.candle_close_time, lang)}`)));
  }
  if (facts.day && scope.day && scope.intents.includes('price')) parts.push(L(lang, `24-hour window to ${fmtTime(facts.day.to, lang)}`, `截至 ${fmtTime(facts.day.to, lang)} 的 24 小时`));
  if (scope.news && facts.news.length) parts.push(L(lang, `news ${facts.news.map((n) => `#${escapeMarkdown(n.id)}`).join(', ')}`, `新闻 ${facts.news.map((n) => `#${escapeMarkdown(n.id)}`).join('、')}`));
  if (scope.accuracy) parts.push(L(lang, `${sym} signals scored over the last 7 days`, `${sym} 近 7 天已评分信号`));
  if (!parts.length) return null;
  if (facts.mode === 'replay') parts.push(L(lang, 'replay data', '回放数据'));
  return L(lang, `Sources: ${parts.join(' · ')}`, `数据来源：${parts.join(' · ')}`);
}

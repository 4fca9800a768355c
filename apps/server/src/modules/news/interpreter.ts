import type { FeedEventType, FeedImportance, FeedTrend, Lang } from '@coinlens/contracts';
import { EVENT_TYPE_NAMES } from './nlp';
import { COIN_NAMES_ZH } from '@coinlens/contracts/common/coin-names';

/** Structured facts about one news item that an interpreter writes from (nothing else). */
export interface InterpretFacts {
  id: string;
  title: string;
  summary: string;
  source: string;
  /** ms since epoch. */
  publishedAt: number;
  sentiment: FeedTrend;
  /** 1 − P(neutral) of the classifier, 0..1. */
  strength: number;
  coins: { symbol: string; name: string; trend: FeedTrend }[];
  importance: FeedImportance;
  clusterSize: number;
  clusterSources: string[];
  /** Event type (packages/nlp classifyEventType); null when unknown. */
  eventType?: FeedEventType | null;
  /** Language of the headline; a model translates English headlines for zh-CN readers. Absent = en. */
  lang?: 'en' | 'zh';
  /** The headline machine-translated into Simplified Chinese by a model, when one did (else absent/null). */
  titleZh?: string | null;
}

/** Facts for the story of the day: the day's biggest cluster and its reports. */
export interface StoryFacts {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Clock time of the write-up, ms. */
  now: number;
  /**
   * Start of the window the story covers, ms: 00:00 UTC of `day`, or `now` − 24 h when nothing was
   * released today yet (early in a UTC day the last 24 hours stand in for the day).
   */
  from: number;
  /** Reports released that day so far. */
  reportsToday: number;
  lead: InterpretFacts;
  /** Other reports of the cluster (title, source), newest first. */
  reports: { id: string; title: string; source: string }[];
}

/**
 * Writes the human-readable parts of the news: a short interpretation per item (en-US and zh-CN)
 * and the story of the day. `builtin` writes from templates; an OpenAI-compatible model plugs in
 * with `by = 'llm'` (providers/llm). `onThinking` receives progress lines while a story is written.
 */
export interface Interpreter {
  readonly by: 'builtin' | 'llm';
  /** `by` overrides the writer's label when it fell back to another writer. */
  /**
   * `title_zh` / `summary_zh`: the headline / lead in Simplified Chinese, machine-translated (a model
   * only, for an English item; absent otherwise).
   */
  interpret(f: InterpretFacts): Promise<{ en: string; zh: string; by?: 'builtin' | 'llm'; title_zh?: string; summary_zh?: string }>;
  writeStory(f: StoryFacts, lang: Lang, onThinking: (line: string) => void): Promise<{ title: string; content: string; by?: 'builtin' | 'llm' }>;
}

const TREND_EN: Record<FeedTrend, string> = { bullish: 'bullish', bearish: 'bearish', neutral: 'neutral' };
const TREND_ZH: Record<FeedTrend, string> = { bullish: '看涨', bearish: '看跌', neutral: '中性' };
const IMP_EN: Record<FeedImportance, string> = { most_important: 'most important', important: 'important', less_important: 'less important', general: 'general' };
const IMP_ZH: Record<FeedImportance, string> = { most_important: '最重要', important: '重要', less_important: '次要', general: '一般' };

const pct = (f: InterpretFacts) => Math.round(100 * (f.sentiment === 'neutral' ? 1 - f.strength : f.strength));

function coinsEn(f: InterpretFacts): string {
  if (!f.coins.length) return 'No listed coin is named, so it reads as market-wide news.';
  const groups = (['bullish', 'bearish', 'neutral'] as const)
    .map((t) => [t, f.coins.filter((c) => c.trend === t).map((c) => c.symbol)] as const)
    .filter(([, s]) => s.length);
  return groups.map(([t, s]) => `${s.join(', ')}: ${TREND_EN[t]}`).join('; ') + '.';
}

function coinsZh(f: InterpretFacts): string {
  if (!f.coins.length) return '未提及已收录的币种，视为市场整体消息。';
  const groups = (['bullish', 'bearish', 'neutral'] as const)
    .map((t) => [t, f.coins.filter((c) => c.trend === t).map((c) => c.symbol)] as const)
    .filter(([, s]) => s.length);
  return groups.map(([t, s]) => `${s.join('、')}：${TREND_ZH[t]}`).join('；') + '。';
}

function coverageEn(f: InterpretFacts): string {
  const n = f.clusterSources.length;
  return n > 1 ? `${n} sources confirm it (${f.clusterSources.slice(0, 5).join(', ')}).` : 'Single source so far; no other outlet has confirmed it yet.';
}

function coverageZh(f: InterpretFacts): string {
  const n = f.clusterSources.length;
  return n > 1 ? `已有 ${n} 家来源证实（${f.clusterSources.slice(0, 5).join('、')}）。` : '目前仅此一家来源，尚未得到其他媒体证实。';
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/**
 * What the story covers, in the reader's language: "so far today (00:00–00:02 UTC), 3 reports
 * released" for a window that starts at 00:00 UTC of the day, otherwise the last 24 hours with both
 * ends (`2025-05-15 23:10 – 2025-05-16 00:02 UTC`), so a reader never takes two minutes for a day.
 */
export function storyCoverage(f: Pick<StoryFacts, 'day' | 'now' | 'from' | 'reportsToday'>, lang: Lang): string {
  const zh = lang === 'zh-CN';
  const wholeDayStart = Date.parse(`${f.day}T00:00:00Z`);
  if (f.from >= wholeDayStart) {
    return zh
      ? `今日截至目前（${f.day} 00:00–${hhmm(f.now)} UTC）共发布 ${f.reportsToday} 条新闻`
      : `So far today (${f.day} 00:00–${hhmm(f.now)} UTC), ${f.reportsToday} ${f.reportsToday === 1 ? 'report was' : 'reports were'} released`;
  }
  const start = new Date(f.from).toISOString().slice(0, 16).replace('T', ' ');
  const end = new Date(f.now).toISOString().slice(0, 16).replace('T', ' ');
  return zh
    ? `今日（${f.day}）尚无新闻发布，以下为最近 24 小时（${start} – ${end} UTC）的 ${f.reportsToday} 条新闻`
    : `Nothing was released today (${f.day}) yet, so this covers the last 24 hours (${start} – ${end} UTC), ${f.reportsToday} ${f.reportsToday === 1 ? 'report' : 'reports'}`;
}

/**
 * The story's title in the reader's language: the lead headline when it is already in that language
 * (or a model translated it into Chinese), otherwise a title written from the facts — the coins, the
 * number of sources and the overall reading — so a zh-CN reader never gets an English title (the
 * English headline is then quoted, marked as English, in the story).
 */
export function storyTitle(l: InterpretFacts, lang: Lang): string {
  const headlineLang = l.lang ?? 'en';
  if (lang === 'zh-CN') {
    if (headlineLang === 'zh') return l.title;
    if (l.titleZh) return l.titleZh;
    const coins = l.coins.slice(0, 3).map((c) => (COIN_NAMES_ZH[c.symbol] ? `${COIN_NAMES_ZH[c.symbol]}（${c.symbol}）` : c.symbol));
    const what = l.eventType ? `${EVENT_TYPE_NAMES[l.eventType].zh}消息` : '今日头号事件';
    return `${coins.length ? coins.join('、') : '市场'}：${what}，${l.clusterSources.length} 家来源报道，整体${TREND_ZH[l.sentiment]}`;
  }
  if (headlineLang === 'en') return l.title;
  const coins = l.coins.slice(0, 3).map((c) => c.symbol);
  const what = l.eventType ? `${EVENT_TYPE_NAMES[l.eventType].en} news` : "the day's biggest event";
  return `${coins.length ? coins.join(', ') : 'Market'}: ${what}, reported by ${l.clusterSources.length} ${l.clusterSources.length === 1 ? 'source' : 'sources'}, ${TREND_EN[l.sentiment]} overall`;
}

/** True when a lead adds words to its headline (not empty, not the headline again or a part of it). */
export function leadAddsTo(title: string, lead: string | null | undefined): boolean {
  const norm = (x: string) => x.toLowerCase().replace(/[\s\p{P}]+/gu, '');
  const l = norm(lead ?? '');
  return l.length > 0 && !norm(title).includes(l);
}
const leadAddsToTitle = (l: InterpretFacts) => leadAddsTo(l.title, l.summary);

/**
 * The built-in analyst: deterministic bilingual text from the facts (sentiment from the in-repo
 * classifier, coins, coverage, importance). It says what it rests on and never invents details.
 */
export class BuiltinInterpreter implements Interpreter {
  readonly by = 'builtin' as const;

  async interpret(f: InterpretFacts): Promise<{ en: string; zh: string }> {
    const typeEn = f.eventType ? ` Event type: ${EVENT_TYPE_NAMES[f.eventType].en}.` : '';
    const typeZh = f.eventType ? `事件类型：${EVENT_TYPE_NAMES[f.eventType].zh}。` : '';
    const en = `The headline from ${f.source} reads ${TREND_EN[f.sentiment]} (${pct(f)}% confidence). ${coinsEn(f)} ${coverageEn(f)} Rated ${IMP_EN[f.importance]}.${typeEn}`;
    const zh = `来自 ${f.source} 的这条新闻整体${TREND_ZH[f.sentiment]}（置信度 ${pct(f)}%）。${coinsZh(f)}${coverageZh(f)}重要程度：${IMP_ZH[f.importance]}。${typeZh}`;
    return { en, zh };
  }

  async writeStory(f: StoryFacts, lang: Lang, onThinking: (line: string) => void): Promise<{ title: string; content: string }> {
    const zh = lang === 'zh-CN';
    const time = hhmm(f.now);
    const l = f.lead;
    const headlineLang = l.lang ?? 'en';
    onThinking(zh ? `读取 ${f.day} 截至 ${time} UTC 发布的 ${f.reportsToday} 条新闻…` : `Reading ${f.reportsToday} reports released on ${f.day} up to ${time} UTC…`);
    onThinking(zh ? `按事件聚类，找出报道来源最多的事件…` : 'Clustering reports of the same event and ranking events by sources…');
    onThinking(
      zh
        ? `最大事件：「${l.title}」，${l.clusterSize} 条报道，${l.clusterSources.length} 家来源。`
        : `Biggest event: "${l.title}", ${l.clusterSize} reports from ${l.clusterSources.length} sources.`,
    );
    onThinking(zh ? `判断相关币种的多空：${coinsZh(l)}` : `Reading the trend per coin: ${coinsEn(l)}`);
    onThinking(zh ? '撰写摘要…' : 'Writing the summary…');
    const title = storyTitle(l, lang);
    const others = f.reports.filter((r) => r.id !== l.id).slice(0, 4);
    const coverage = storyCoverage(f, lang);
    const lead = leadAddsToTitle(l) ? l.summary : '';
    if (zh) {
      // an English headline and lead are quoted as such (no model translated them)
      const headline = headlineLang === 'zh' ? `「${l.title}」` : l.titleZh ? `「${l.titleZh}」（机器翻译，英文原标题：“${l.title}”）` : `英文原标题：“${l.title}”`;
      const list = others.length ? `其他报道（原文标题）：${others.map((r) => `“${r.title}”（${r.source}）`).join('；')}。` : '';
      const content = [
        `${coverage}。其中报道最多的事件共有 ${l.clusterSize} 条报道，来自 ${l.clusterSources.length} 家来源（${l.clusterSources.slice(0, 6).join('、')}）：${headline}。`,
        lead ? (headlineLang === 'zh' ? `导语：${lead}` : `英文导语：${lead}`) : '',
        `内置分析师（规则与本地分类器，非大模型）认为该事件整体${TREND_ZH[l.sentiment]}（置信度 ${pct(l)}%）。${coinsZh(l)}`,
        list,
        `重要程度：${IMP_ZH[l.importance]}。本摘要仅依据标题和导语生成；细节请阅读原始报道。`,
      ].filter(Boolean);
      return { title, content: content.join('\n\n') };
    }
    const headline = headlineLang === 'en' ? `"${l.title}"` : `the Chinese headline "${l.title}"`;
    const list = others.length ? `Other reports: ${others.map((r) => `"${r.title}" (${r.source})`).join('; ')}.` : '';
    const content = [
      `${coverage}. The biggest event, covered in ${l.clusterSize} ${l.clusterSize === 1 ? 'report' : 'reports'} from ${l.clusterSources.length} ${l.clusterSources.length === 1 ? 'source' : 'sources'} (${l.clusterSources.slice(0, 6).join(', ')}): ${headline}.`,
      lead ? `Lead${headlineLang === 'zh' ? ' (Chinese)' : ''}: ${lead}` : '',
      `The built-in analyst (rules and the local classifier, not a language model) reads the coverage as ${TREND_EN[l.sentiment]} (${pct(l)}% confidence). ${coinsEn(l)}`,
      list,
      `Importance: ${IMP_EN[l.importance]}. This summary rests on headlines and leads only; read the original reports for details.`,
    ].filter(Boolean);
    return { title, content: content.join('\n\n') };
  }
}

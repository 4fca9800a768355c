import type { FeedEventType, FeedImportance, FeedTrend, Lang } from '@coinlens/contracts';
import { EVENT_TYPE_NAMES } from './nlp';

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
}

/** Facts for the story of the day: the day's biggest cluster and its reports. */
export interface StoryFacts {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Clock time of the write-up, ms. */
  now: number;
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
   * `title_zh`: the headline in Simplified Chinese, machine-translated (a model only, for an English
   * headline; absent otherwise).
   */
  interpret(f: InterpretFacts): Promise<{ en: string; zh: string; by?: 'builtin' | 'llm'; title_zh?: string }>;
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
    const time = new Date(f.now).toISOString().slice(11, 16);
    const l = f.lead;
    onThinking(zh ? `读取 ${f.day} 截至 ${time} UTC 发布的 ${f.reportsToday} 条新闻…` : `Reading ${f.reportsToday} reports released on ${f.day} up to ${time} UTC…`);
    onThinking(zh ? `按事件聚类，找出报道来源最多的事件…` : 'Clustering reports of the same event and ranking events by sources…');
    onThinking(
      zh
        ? `最大事件：「${l.title}」，${l.clusterSize} 条报道，${l.clusterSources.length} 家来源。`
        : `Biggest event: "${l.title}", ${l.clusterSize} reports from ${l.clusterSources.length} sources.`,
    );
    onThinking(zh ? `判断相关币种的多空：${coinsZh(l)}` : `Reading the trend per coin: ${coinsEn(l)}`);
    onThinking(zh ? '撰写摘要…' : 'Writing the summary…');
    const others = f.reports.filter((r) => r.id !== l.id).slice(0, 4);
    if (zh) {
      const list = others.length ? `其他报道：${others.map((r) => `「${r.title}」（${r.source}）`).join('；')}。` : '';
      const content = [
        `${f.day} 的头号事件共有 ${l.clusterSize} 条报道，来自 ${l.clusterSources.length} 家来源（${l.clusterSources.slice(0, 6).join('、')}）：「${l.title}」。`,
        l.summary ? `原文导语：${l.summary}` : '',
        `内置分析师认为该事件整体${TREND_ZH[l.sentiment]}（置信度 ${pct(l)}%）。${coinsZh(l)}`,
        list,
        `重要程度：${IMP_ZH[l.importance]}。本摘要仅依据标题和导语生成，标题保留原文；细节请阅读原始报道。`,
      ].filter(Boolean);
      return { title: l.title, content: content.join('\n\n') };
    }
    const list = others.length ? `Other reports: ${others.map((r) => `"${r.title}" (${r.source})`).join('; ')}.` : '';
    const content = [
      `The day's biggest event on ${f.day}, covered in ${l.clusterSize} reports from ${l.clusterSources.length} sources (${l.clusterSources.slice(0, 6).join(', ')}): "${l.title}".`,
      l.summary ? `Lead: ${l.summary}` : '',
      `The built-in analyst reads the coverage as ${TREND_EN[l.sentiment]} (${pct(l)}% confidence). ${coinsEn(l)}`,
      list,
      `Importance: ${IMP_EN[l.importance]}. This summary rests on headlines and leads only; read the original reports for details.`,
    ].filter(Boolean);
    return { title: l.title, content: content.join('\n\n') };
  }
}

/**
 * Built-in interpretation of a news item: a short, factual text in en-US or zh-CN written from
 * templates. It restates only the facts it is given (coins and their trend, the classifier's
 * sentiment and its basis, how many reports/sources cover the event, and — when `impact` is given —
 * what similar news did historically) and says that it is the built-in analyst's reading. It never
 * computes or invents figures: every number in the text comes from the input (percentages are only
 * rounded to 2 decimals).
 */
import { CRYPTO_RULES } from '../sentiment/crypto-rules.js';
import { classifySentiment, ZH_RULE_ID, type SentimentResult } from '../sentiment/classify.js';
import type { SentimentLabel } from '../sentiment/model.js';

/** Historical reaction of a coin to similar news (averages over `n` past items; moves in percent). */
export interface NewsImpact {
  coin: string;
  /** Number of similar past news items the averages are over. */
  n: number;
  /** Average % change of the coin's price 5 minutes / 1 hour / 24 hours after such news. */
  move5m?: number | null;
  move1h?: number | null;
  move24h?: number | null;
}

/** Input of {@link interpretNews}. */
export interface InterpretInput {
  title: string;
  summary?: string;
  source: string;
  /** Coins the item is tagged with and their current trend label (e.g. bullish/bearish/neutral or uptrend…). */
  coins: { symbol: string; trend?: string | null }[];
  /** Event cluster: number of reports and the distinct sources. */
  cluster: { size: number; sources: string[] };
  impact?: NewsImpact | null;
  /** Pre-computed sentiment (e.g. stored at ingest); computed from title + summary when absent. */
  sentiment?: SentimentResult;
}

/** Output: the text and a marker that it is the built-in (template) analyst. */
export interface Interpretation {
  text: string;
  labelledAs: 'builtin';
  sentiment: SentimentResult;
}

const LABEL: Record<'en-US' | 'zh-CN', Record<SentimentLabel, string>> = {
  'en-US': { bullish: 'bullish', bearish: 'bearish', neutral: 'neutral' },
  'zh-CN': { bullish: '看涨', bearish: '看跌', neutral: '中性' },
};

const TREND_ZH: Record<string, string> = {
  bullish: '看涨', bearish: '看跌', neutral: '中性', uptrend: '上升趋势', downtrend: '下降趋势', sideways: '横盘', reversal: '反转',
};

function fmtPct(x: number): string {
  const r = Math.round(x * 100) / 100;
  return (r > 0 ? '+' : '') + r.toFixed(2) + '%';
}

function listEn(xs: string[]): string {
  if (xs.length <= 1) return xs.join('');
  return xs.slice(0, -1).join(', ') + ' and ' + xs[xs.length - 1];
}

/**
 * Write the built-in interpretation of one news item in `lang` ('en-US' | 'zh-CN').
 * Sentiment: `input.sentiment` or classifySentiment(title + summary). Errors: none for valid shapes.
 */
export function interpretNews(input: InterpretInput, lang: 'en-US' | 'zh-CN'): Interpretation {
  const sentiment = input.sentiment ?? classifySentiment([input.title, input.summary].filter(Boolean).join('. '));
  const rule = sentiment.rule ? CRYPTO_RULES.find((r) => r.id === sentiment.rule) : undefined;
  const coins = [...new Set(input.coins.map((c) => c.symbol.toUpperCase()))];
  const size = Math.max(1, input.cluster.size);
  const sources = [...new Set(input.cluster.sources)];
  const parts: string[] = [];
  const impact = input.impact && input.impact.n > 0 ? input.impact : null;
  const moves: [string, number][] = [];
  if (impact) {
    for (const [k, v] of [['5m', impact.move5m], ['1h', impact.move1h], ['24h', impact.move24h]] as const) {
      if (typeof v === 'number' && Number.isFinite(v)) moves.push([k, v]);
    }
  }

  if (lang === 'zh-CN') {
    parts.push('内置分析师解读（基于模板，非大语言模型）：');
    parts.push(coins.length ? `这条来自 ${input.source} 的新闻涉及 ${coins.join('、')}。` : `这条来自 ${input.source} 的新闻未识别到具体币种。`);
    const basis = sentiment.rule === ZH_RULE_ID ? '情绪分类器（与中文关键词一致）' : rule ? `加密词库规则「${rule.descriptionZh}」` : '基于加密与金融新闻标题训练的情绪分类器';
    parts.push(`内置分类器判断其情绪为${LABEL['zh-CN'][sentiment.label]}（依据：${basis}）。`);
    parts.push(size > 1 && sources.length > 1 ? `共有 ${sources.length} 个来源的 ${size} 篇报道涉及同一事件（${sources.join('、')}）。` : size > 1 ? `同一来源共有 ${size} 篇相关报道，尚无其他来源证实。` : '目前仅有 1 个来源报道，尚未得到其他来源证实。');
    const trends = input.coins.filter((c) => c.trend).map((c) => `${c.symbol.toUpperCase()} ${TREND_ZH[c.trend!.toLowerCase()] ?? c.trend}`);
    if (trends.length) parts.push(`当前走势：${trends.join('，')}。`);
    if (impact && moves.length) {
      const zhSpan: Record<string, string> = { '5m': '5 分钟', '1h': '1 小时', '24h': '24 小时' };
      parts.push(`历史上，在 ${impact.n} 条类似新闻之后，${impact.coin.toUpperCase()} 的平均涨跌幅为：${moves.map(([k, v]) => `${zhSpan[k]} ${fmtPct(v)}`).join('，')}${impact.n < 10 ? '（样本较少，仅供参考）' : ''}。`);
    }
    parts.push('以上仅为对已知事实的复述，不构成投资建议。');
    return { text: parts.join(''), labelledAs: 'builtin', sentiment };
  }

  parts.push("Built-in analyst's reading (template-based, no language model):");
  parts.push(coins.length ? `This ${input.source} item concerns ${listEn(coins)}.` : `This ${input.source} item names no specific coin.`);
  const basis = sentiment.rule === ZH_RULE_ID ? 'the headline classifier (agreeing with the Chinese keyword lists)' : rule ? `crypto lexicon rule "${rule.description}"` : 'the headline classifier trained on crypto and financial news headlines';
  parts.push(`The built-in classifier reads it as ${LABEL['en-US'][sentiment.label]} (basis: ${basis}).`);
  parts.push(
    size > 1 && sources.length > 1
      ? `${size} reports from ${sources.length} sources cover the same event (${sources.join(', ')}).`
      : size > 1
        ? `${size} reports, all from one source; no other source confirms it yet.`
        : 'Only one source has reported it so far; it is not confirmed by others.',
  );
  const trends = input.coins.filter((c) => c.trend).map((c) => `${c.symbol.toUpperCase()} ${c.trend}`);
  if (trends.length) parts.push(`Current trend: ${trends.join(', ')}.`);
  if (impact && moves.length) {
    const span: Record<string, string> = { '5m': '5 minutes', '1h': '1 hour', '24h': '24 hours' };
    parts.push(
      `Historically, after ${impact.n} similar news items, ${impact.coin.toUpperCase()} moved on average ${listEn(moves.map(([k, v]) => `${fmtPct(v)} in ${span[k]}`))}${impact.n < 10 ? ' (small sample)' : ''}.`,
    );
  }
  parts.push('This restates known facts only and is not investment advice.');
  return { text: parts.join(' '), labelledAs: 'builtin', sentiment };
}

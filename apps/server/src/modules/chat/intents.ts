/**
 * Keyword rules of the built-in analyst (en-US and zh-CN): what a question asks about, and what it
 * asks that the facts cannot answer (price predictions, personal advice, other coins).
 */
export type Intent = 'price' | 'support' | 'resistance' | 'invalidation' | 'trend' | 'signals' | 'news' | 'accuracy' | 'strategy';
export type Refusal = 'prediction' | 'advice' | 'other_coin';

/** Keywords per intent, matched case-insensitively as substrings. */
export const INTENT_KEYWORDS: Record<Intent, string[]> = {
  price: ['price', 'trading at', 'worth', 'quote', '价格', '现价', '多少钱', '报价'],
  support: ['support', 'floor', '支撑', '底部'],
  resistance: ['resistance', 'ceiling', '阻力', '压力位'],
  invalidation: ['invalidat', 'prove wrong', 'proven wrong', 'be wrong', 'stop loss', 'stop-loss', '失效', '止损', '证伪', '无效'],
  trend: ['trend', 'momentum', 'direction', '趋势', '走势', '方向'],
  signals: ['signal', 'indicator', 'rsi', 'macd', 'pattern', 'cross', '信号', '指标', '形态', '金叉', '死叉'],
  news: ['news', 'headline', '新闻', '消息', '资讯', '报道'],
  accuracy: ['accuracy', 'track record', 'hit rate', 'reliable', '准确', '胜率', '命中', '战绩', '靠谱'],
  strategy: ['strategy', 'plan', 'entry', 'target', 'setup', '策略', '入场', '目标', '计划', '怎么操作'],
};

const PREDICTION = [
  /\b(predict|prediction|forecast)/i,
  /\bwill (it|the price|\w+) (go|hit|reach|rise|fall|drop|pump|dump|moon|be worth|break)/i,
  /\bgoing to (go|hit|reach|rise|fall|drop|pump|dump)/i,
  /\bhow (high|low) (can|will|could)/i,
  /\b(tomorrow|next week|next month|next year|by the end of)/i,
  /预测|会涨到|会跌到|能涨到|能跌到|会不会涨|会不会跌|明天|下周|下个月|明年|涨到多少|跌到多少|年底/,
];
const ADVICE = [
  /\bshould i\b/i,
  /\bmy (portfolio|position|money|savings|bag)/i,
  /\ball[- ]in\b/i,
  /\bhow much (should|to) (buy|invest|put)/i,
  /\bgood (time|idea) to (buy|sell|invest)/i,
  /\bleverage/i,
  /我应该|我该|该不该|要不要(买|卖|入)|我的(仓位|持仓|钱)|满仓|梭哈|借钱|杠杆/,
];
/** Chinese names of coins (for other-coin detection). */
const ZH_NAMES: Record<string, string[]> = {
  BTC: ['比特币'], ETH: ['以太坊', '以太币'], DOGE: ['狗狗币'], XRP: ['瑞波'], LTC: ['莱特币'], DOT: ['波卡'], SOL: ['索拉纳'], BNB: ['币安币'], ADA: ['艾达币'], SHIB: ['柴犬币'], TRX: ['波场'], BCH: ['比特币现金'],
};
/** Quote currencies and names that are ordinary words are not taken as a question about another coin. */
const NOT_A_COIN = new Set(['USDT', 'USDC', 'optimism']);

export interface CoinName {
  symbol: string;
  name: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of a coin as they may appear in a question, longest first. */
function namesOf(c: CoinName): { re: RegExp }[] {
  const out: { re: RegExp; len: number }[] = [];
  if (!NOT_A_COIN.has(c.symbol)) out.push({ re: new RegExp(`\\b${escapeRe(c.symbol)}\\b`), len: c.symbol.length });
  if (c.name.length >= 4 && !NOT_A_COIN.has(c.name.toLowerCase())) out.push({ re: new RegExp(`\\b${escapeRe(c.name)}\\b`, 'i'), len: c.name.length });
  for (const z of ZH_NAMES[c.symbol] ?? []) out.push({ re: new RegExp(escapeRe(z)), len: z.length + 10 });
  return out.sort((a, b) => b.len - a.len);
}

/** What `question` asks about `coin`, which side it means (bullish/bearish), and what the analyst must decline. */
export function detectIntents(question: string, coin: CoinName, others: CoinName[]): { intents: Intent[]; refusals: Refusal[]; side: 'bullish' | 'bearish' | null; otherCoins: string[] } {
  const q = question.toLowerCase();
  const intents = (Object.keys(INTENT_KEYWORDS) as Intent[]).filter((k) => INTENT_KEYWORDS[k].some((w) => q.includes(w)));
  const refusals: Refusal[] = [];
  if (PREDICTION.some((r) => r.test(question))) refusals.push('prediction');
  if (ADVICE.some((r) => r.test(question))) refusals.push('advice');
  let rest = question;
  for (const n of namesOf(coin)) rest = rest.replace(new RegExp(n.re.source, n.re.flags.includes('i') ? 'gi' : 'g'), ' ');
  const otherCoins = others.filter((o) => o.symbol !== coin.symbol && namesOf(o).some((n) => n.re.test(rest))).map((o) => o.symbol);
  if (otherCoins.length) refusals.push('other_coin');
  const bull = /bull|long\b|upside|看涨|做多|多头|上涨/i.test(question);
  const bear = /bear|short\b|downside|看跌|做空|空头|下跌/i.test(question);
  return { intents, refusals, side: bull && !bear ? 'bullish' : bear && !bull ? 'bearish' : null, otherCoins };
}

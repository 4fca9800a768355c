import type { Lang } from '@coinlens/contracts';

/**
 * How the built-in analyst reads a trader's question (en-US and zh-CN, offline keyword and pattern
 * rules, no model): what it asks (intents), about which coin(s), over which horizon, which
 * indicator, and in which language to answer. A question with no intent is outside the
 * assistant's scope: it is answered with what the assistant can answer and costs no quota.
 */
export type Intent = 'price' | 'support' | 'resistance' | 'entry' | 'stop' | 'targets' | 'outlook' | 'risks' | 'news' | 'indicator' | 'trend' | 'signals' | 'accuracy' | 'compare';

/** Indicators the analyst can explain (values from the analysed candle). */
export type IndicatorName = 'rsi' | 'macd' | 'ema' | 'bollinger' | 'atr' | 'adx' | 'stoch' | 'mfi';

/** The order intents are answered in (and listed). */
export const INTENT_ORDER: Intent[] = ['compare', 'price', 'entry', 'outlook', 'stop', 'targets', 'support', 'resistance', 'trend', 'indicator', 'signals', 'accuracy', 'risks', 'news'];

/** Patterns per intent, tested on the lower-cased question (English words with boundaries, Chinese as substrings). */
export const INTENT_PATTERNS: Record<Intent, RegExp[]> = {
  price: [
    /\bprice\b(?! (?:target|level|zone|action))/, /\btrading at\b/, /\bhow much (?:is|did)\b/, /\bquote\b/, /\bwhat'?s? \w+ at\b/, /\bwhat is \w+ at\b/, /\bcurrent(?:ly)? (?:price|at)\b/, /\bmove(?:d)? today\b/,
    /价格|现价|现在多少钱|报价|什么价|多少钱(?!买)|涨了多少|跌了多少|值多少/,
  ],
  support: [/\bsupp?ort\b/, /\bfloor\b/, /\bdemand zone\b/, /\bbottom\b/, /支撑|支称|支持位|底在哪|底部|承接|下方(?:支撑|位置)/],
  resistance: [/\bresist[ae]nce\b/, /\bceiling\b/, /\bsupply zone\b/, /\bresistance\b/, /阻力|阻立|压力|套牢盘|上方(?:压力|阻力)/],
  entry: [
    /\b(?:buy|buying|long|longs|short|shorting|enter|entry|entries|ape|fomo|accumulate|add to)\b(?![- ]term)/, /\bsell\b(?!.*\b(?:where|at what)\b)/, /\bshould i sell\b/, /\bgood (?:time|idea|entry)\b/, /\bworth buying\b/, /\bthe dip\b/,
    /\b(?:strategy|trade plan|plan|setup|set-up|the play)\b/, /\bhow (?:would|should|do) (?:you|i) trade\b/, /\btrade \w+ today\b/,
    /\bstep in\b/, /\bopen(?:ing)? (?:a |my )?(?:position|long|short|trade)\b/, /\bgood spot\b/,
    /买|入场|进场|上车|抄底|做多|做空|建仓|加仓|梭哈|能进|怎么操作|怎么做|策略|计划|追高|要不要卖|该不该卖|进吗|开仓|开多|开空|开.{0,4}(?:多单|空单|仓位)|能接|接吗|接比较|哪里接|价位接/,
  ],
  stop: [/\bstop\b/, /\bstop[- ]?loss\b/, /\bsl\b/, /\binvalidat/, /\bprove[sn]? (?:\w+ )*wrong\b/, /\bthesis break/, /\b(?:idea|trade|setup) (?:is )?dead\b/, /\bcut (?:my )?loss/, /\bbail\b/, /\bget out\b/, /\b(?:uptrend|downtrend|trend) (?:is )?broken\b/, /止损|失效|割肉|就要跑|该跑|逻辑错|防守|认输|趋势就破/],
  targets: [/\btargets?\b/, /\btake[- ]?profits?\b/, /\btp\b/, /\bwhere (?:should|do|would|to) (?:i |you )?sell\b/, /\bupside\b/, /\bhow high\b/, /止盈|目标|在哪里出|卖在哪|涨到哪|继续拿/],
  outlook: [
    /\bup or down\b/, /\b(?:go|goes|going) (?:up|down)\b/, /\bheaded\b/, /\bheading\b/, /\bpump/, /\bdump\b/, /\bmoon\b/, /\bforecast/, /\bpredict/, /\boutlook\b/, /\bodds\b/, /\bchance\b/, /\bhow likely\b/, /\bexpected move\b/,
    /\bwill (?:\w+ )?(?:hit|be|go|reach|break|rise|fall|drop|crash)\b/, /\bgonna\b/, /\bgoing to\b/, /\bkeep going\b/, /\bbreak ?out\b/, /\bbull(?:ish)? or bear(?:ish)?\b/, /\bbullish\b.*\b(?:next|this|tomorrow)\b/, /\bin (?:a|one) week\b/, /\bprobability\b/, /\b(?:go|goes|going|move|moving|be|is) (?:higher|lower)\b/, /\b(?:higher|lower|green|red)\b.*\b(?:in|by|over|within|this|next|coming)\b/, /\bcloses? (?:the )?(?:week|day|month)\b/, /\bcould \w+ (?:fall|drop|crash|rise|pump|dump|go|rally)\b/, /\bbullish for\b|\bbearish for\b/, /\bdirection over\b/, /\bnext (?:week|month|few days|\d+ (?:hours|days))\b/, /\btomorrow\b|\btmrw\b/,
    /会涨|会跌|涨还是跌|涨跌|走势如何|前景|预测|能涨到|崩|起飞|拉盘|会不会拉|看多还是看空|看涨吗|概率|可能性|会怎么走|会怎样|会怎么样|牛还是熊|会到多少|突破了吗|快要突破|继续涨|站上|会跌吗|会涨吗|涨不涨|跌不跌|暴跌|大跌|暴涨|大涨|怎么看|偏多吗|偏空吗|更低|更高/,
  ],
  risks: [/\brisk/, /\bdanger/, /\bgo wrong\b/, /\blose\b/, /\bvolatil/, /\bdownside\b/, /\bhurt\b/, /\bsafe\b/, /风险|危险|隐患|亏多少|波动|安全吗/],
  news: [/\bnews\b/, /\bheadlines?\b/, /\bannouncements?\b/, /\btweet/, /\bwhy (?:is|did|has) \w+ (?:moving|dump|pump|drop|fall|rise|up|down)/, /\bhappening\b/, /新闻|消息|资讯|利好|利空|公告|为什么涨|为什么跌|喊单/],
  indicator: [/\brsi\b/, /\bmacd\b/, /\bema\b/, /\b\d+ ?ma\b/, /\bmoving average/, /\bbollinger\b/, /\batr\b/, /\badx\b/, /\bstoch/, /\bmfi\b/, /\boverbought\b/, /\boversold\b/, /\bindicators?\b/, /均线|布林|超买|超卖|指标|随机|kdj/],
  trend: [/trend/, /\bmomentum\b/, /\bdirection\b/, /\branging\b/, /\bhow'?s \w+ looking\b/, /\boverall picture\b/, /\bfading\b/, /趋势|走势|方向|震荡|单边|行情|动能/],
  signals: [/\bsignals?\b/, /\bgolden cross\b/, /\bdeath cross\b/, /\bpatterns?\b/, /信号|金叉|死叉|形态/],
  accuracy: [/\baccura/, /\btrack record\b/, /\bhit rate\b/, /\bwin rate\b/, /\breliable\b/, /\bany good\b/, /准吗|准不准|胜率|战绩|命中|靠谱/],
  compare: [/\bvs\.?\b/, /\bversus\b/, /\bcompar/, /\boutperform/, /\bstronger\b/, /对比|比较|相对|跑赢|哪个更|谁更|选哪个/],
};

/** Indicator mentions → the indicator explained. */
const INDICATORS: [IndicatorName, RegExp][] = [
  ['macd', /\bmacd\b/],
  ['bollinger', /\bbollinger\b|布林/],
  ['atr', /\batr\b/],
  ['adx', /\badx\b/],
  ['stoch', /\bstoch|kdj|随机/],
  ['mfi', /\bmfi\b/],
  ['ema', /\bema\b|\b\d+ ?ma\b|\bmoving average|均线/],
  ['rsi', /\brsi\b|overbought|oversold|超买|超卖/],
];

/** Horizon phrases → hours (tested in order; the first that matches wins). */
const HORIZONS: [RegExp, (m: RegExpExecArray) => number][] = [
  [/\b(?:next|in|within|coming|over)\s+(\d{1,3})\s?(?:h|hrs?|hours?)\b|\b(\d{2,3})\s?(?:h|hrs?|hours?)\b|(?:未来|接下来)\s*(\d{1,3})\s*个?小时|(\d{1,3})\s*个?小时(?:内|后)|(\d{2,3})\s*个?小时(?!线|图|级别|[kK])/i, (m) => Number(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5])],
  [/\b(\d{1,2}) ?days?\b|(\d{1,2}) ?天(?!线|图|[kK])/i, (m) => Number(m[1] ?? m[2]) * 24],
  [/\b(\d{1,2}) ?(?:wks?|weeks?)\b/i, (m) => Number(m[1]) * 168],
  [/\btomorrow\b|\btmrw\b|\btmr\b|\btoday\b|\bnext day\b|明天|明日|今天|一天/i, () => 24],
  [/\b(?:two|2) days\b|两天|二天/i, () => 48],
  [/\bfew days\b|\bcouple (?:of )?days\b|几天|三天/i, () => 72],
  [/\b(?:two|couple of) weeks\b|两周|二周|两个星期/i, () => 336],
  [/\bweek\b|一周|下周|这周|本周|七天|一星期|周内|一个星期/i, () => 168],
  [/\bmonth\b|下个月|这个月|一个月|月底|本月/i, () => 720],
];

/** The horizon phrases, for taking them out of a question before its timeframes are read. */
export const HORIZON_PATTERNS: RegExp[] = HORIZONS.map(([re]) => re);

/** Chinese names and trader slang of coins. */
const ZH_NAMES: Record<string, string[]> = {
  BTC: ['比特币', '大饼', '比特'], ETH: ['以太坊', '以太币', '姨太', '二饼', '以太'], DOGE: ['狗狗币', '狗狗', '狗币'], XRP: ['瑞波币', '瑞波'], LTC: ['莱特币'], DOT: ['波卡'], SOL: ['索拉纳', 'Solana'], BNB: ['币安币'], ADA: ['艾达币', '卡尔达诺'], TRX: ['波场'], BCH: ['比特币现金'], LINK: ['链克'], AVAX: ['雪崩'],
};
/** Other English names a coin goes by. */
const EN_ALIASES: Record<string, string[]> = { XRP: ['ripple'], BTC: ['bitcoin'], ETH: ['ethereum', 'ether'], DOGE: ['dogecoin'], SOL: ['solana'], BNB: ['binance coin'] };
/** Tickers that are ordinary words: matched only in capitals. */
const WORD_TICKERS = new Set(['NEAR', 'LINK', 'DOT', 'UNI', 'OP', 'ONE', 'ENA', 'TAO', 'TRUMP', 'SUI', 'ARB', 'INJ', 'PEPE']);
/** Quote currencies and names that are ordinary words are never taken as a coin. */
const NOT_A_COIN = new Set(['USDT', 'USDC', 'optimism']);

export interface CoinName {
  symbol: string;
  name: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The patterns of a coin's names (ticker, name, aliases, Chinese names), longest first. */
function namesOf(c: CoinName): { re: RegExp; len: number }[] {
  const out: { re: RegExp; len: number }[] = [];
  if (!NOT_A_COIN.has(c.symbol)) out.push({ re: new RegExp(`(?<![A-Za-z])${escapeRe(c.symbol)}(?![A-Za-z])`, WORD_TICKERS.has(c.symbol) || c.symbol.length < 3 ? 'g' : 'gi'), len: c.symbol.length });
  for (const n of [c.name, ...(EN_ALIASES[c.symbol] ?? [])]) if (n.length >= 4 && !NOT_A_COIN.has(n.toLowerCase())) out.push({ re: new RegExp(`\\b${escapeRe(n)}\\b`, 'gi'), len: n.length });
  for (const z of ZH_NAMES[c.symbol] ?? []) out.push({ re: new RegExp(escapeRe(z), 'gi'), len: z.length * 3 });
  return out;
}

/** The coins a question names, in order of first mention (a longer name is read before a shorter one inside it). */
export function coinsNamed(question: string, coins: readonly CoinName[]): string[] {
  const all = coins.flatMap((c) => namesOf(c).map((n) => ({ ...n, symbol: c.symbol }))).sort((a, b) => b.len - a.len);
  let rest = question;
  const found: { at: number; symbol: string }[] = [];
  for (const n of all) {
    rest = rest.replace(n.re, (s, at: number) => {
      found.push({ at, symbol: n.symbol });
      return ' '.repeat(s.length);
    });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.symbol))];
}

/** The language of a question: Chinese when it has Chinese characters, English when it has Latin words only, else `fallback`. */
export function questionLang(question: string, fallback: Lang): Lang {
  if (/[\u4e00-\u9fff]/.test(question)) return 'zh-CN';
  if (/[a-z]{2,}/i.test(question)) return 'en-US';
  return fallback;
}

/** What a question asks, as the built-in analyst reads it. */
export interface QuestionReading {
  /** The question as asked. */
  question: string;
  intents: Intent[];
  /** The language to answer in (the question's). */
  lang: Lang;
  /** The coin the answer is about (the page's coin unless the question names only another one). */
  subject: string;
  /** The coin compared with (intent `compare`), else null. */
  other: string | null;
  /** The horizon asked about in hours (24 when an outlook names none); null when none is needed. */
  horizonHours: number | null;
  /** True when the question named the horizon. */
  horizonAsked: boolean;
  indicator: IndicatorName | null;
  /** The side a stop/invalidation question means (a short asks about the bearish case). */
  side: 'bullish' | 'bearish' | null;
  /** False for a question outside the assistant's scope (answered with what it can answer, free). */
  inScope: boolean;
}

/** Reads `question`, asked on `coin`'s page; `coins` are all the coins the app knows. */
export function readQuestion(question: string, coin: CoinName, coins: readonly CoinName[], fallbackLang: Lang = 'en-US'): QuestionReading {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  // where each intent is first asked about: the answer follows the question's order
  const at = new Map<Intent, number>();
  for (const k of Object.keys(INTENT_PATTERNS) as Intent[]) {
    const first = Math.min(...INTENT_PATTERNS[k].map((r) => r.exec(q)?.index ?? Infinity));
    if (first < Infinity) at.set(k, first);
  }
  const found = new Set<Intent>(at.keys());
  // "key levels", "点位": both sides
  if (/\blevels?\b|\bzones?\b|点位|价位|位置|关键位/.test(q) && !found.has('support') && !found.has('resistance') && !found.has('stop') && !found.has('targets') && !found.has('entry')) {
    found.add('support');
    found.add('resistance');
  }
  if (/\bhow far\b|还有多远/.test(q) && !found.has('resistance')) found.add('support');
  // "where should I sell" is a target, "should I sell" is a decision
  if (found.has('targets') && /\bwhere\b.*\bsell\b|卖在哪/.test(q)) found.delete('entry');
  // "走势" about the future is an outlook
  if (found.has('trend') && /未来|接下来|明天|下周|下个月/.test(q)) found.add('outlook');
  const named = coinsNamed(question, coins);
  // "瑞波币现在怎么样": how a named coin is doing
  if (named.length && /怎么样|如何|怎样/.test(q) && !found.size) found.add('trend');
  const others = named.filter((s) => s !== coin.symbol);
  let subject = coin.symbol;
  let other: string | null = null;
  if (others.length && (named.includes(coin.symbol) || others.length > 1 || found.has('compare'))) {
    found.add('compare');
    subject = named.includes(coin.symbol) ? coin.symbol : others[0];
    other = others.find((s) => s !== subject) ?? null;
  } else if (others.length) subject = others[0];
  if (found.has('compare') && !other) {
    // "compare them" on a coin's page with one coin named: that coin against the page's
    if (named.length === 1 && named[0] !== coin.symbol) {
      subject = coin.symbol;
      other = named[0];
    } else found.delete('compare');
  }
  if (found.has('indicator') && found.has('trend') && /\badx\b/.test(q)) found.delete('trend');
  const rank = (i: Intent) => (i === 'compare' ? -1 : (at.get(i) ?? at.get(i === 'resistance' ? 'support' : 'resistance') ?? q.length));
  const intents = INTENT_ORDER.filter((i) => found.has(i)).sort((a, b) => rank(a) - rank(b) || INTENT_ORDER.indexOf(a) - INTENT_ORDER.indexOf(b));
  let horizonHours: number | null = null;
  let horizonAsked = false;
  for (const [re, hours] of HORIZONS) {
    const m = re.exec(question);
    if (m) {
      const h = hours(m);
      if (h >= 1 && h <= 24 * 400) {
        horizonHours = h;
        horizonAsked = true;
      }
      break;
    }
  }
  if (!horizonAsked && (intents.includes('outlook') || intents.includes('risks') || intents.includes('compare'))) horizonHours = 24;
  if (!intents.some((i) => i === 'outlook' || i === 'risks' || i === 'compare')) horizonHours = null;
  const indicator = intents.includes('indicator') ? (INDICATORS.find(([, re]) => re.test(q))?.[0] ?? 'rsi') : null;
  const bull = /\bbull|\blong\b(?![- ]term)|upside|看涨|做多|多头|多单/.test(q);
  const bear = /\bbear|\bshort\b(?![- ]term)|downside|看跌|做空|空头|空单/.test(q);
  return { question, intents, lang: questionLang(question, fallbackLang), subject, other, horizonHours, horizonAsked: horizonAsked && horizonHours !== null, indicator, side: bull && !bear ? 'bullish' : bear && !bull ? 'bearish' : null, inScope: intents.length > 0 };
}

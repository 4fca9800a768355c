import type { Lang } from '@coinlens/contracts';
import type { CoinFacts, TimeframeFacts } from '../ai/facts';
import { accuracyText, signalList } from '../ai/builtin-writer';
import { fmtNum1, fmtPct, fmtPrice, fmtProb, fmtTime } from '../ai/format';
import { disclaimer, escapeMarkdown, L, vocab } from '../ai/vocab';
import { detectIntents, type CoinName } from './intents';
import { answerScope, type AnswerScope, scopeFacts, sourcesLine } from './scope';
import type { ChatTurn, ChatWriter, WriterChunk } from './writer';

type Side = 'bullish' | 'bearish';

/** One intent's part of an answer: a short sentence (the answer) and its figures (list items). */
interface Part {
  short: string;
  items: string[];
}

/** `**label**` with the timeframe when the answer covers more than one. */
const label = (name: string, t: TimeframeFacts, multi: boolean, lang: Lang) => (multi ? L(lang, `**${name}** (${t.timeframe})`, `**${name}**（${vocab.tf(t.timeframe, lang)}）`) : `**${name}**`);

function levelPart(t: TimeframeFacts, side: 'support' | 'resistance', f: CoinFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const lv = side === 'support' ? t.supports : t.resistances;
  const name = side === 'support' ? L(lang, 'Support', '支撑') : L(lang, 'Resistance', '阻力');
  if (!lv.length) {
    const short = side === 'support' ? L(lang, `No ${t.timeframe} support below the last close ${fmtPrice(t.last_price)}.`, `${tf}：最新收盘价 ${fmtPrice(t.last_price)} 下方未找到支撑。`) : L(lang, `No ${t.timeframe} resistance above the last close ${fmtPrice(t.last_price)}.`, `${tf}：最新收盘价 ${fmtPrice(t.last_price)} 上方未找到阻力。`);
    return { short, items: [] };
  }
  const [a, ...next] = lv;
  const short = L(lang, `Nearest ${t.timeframe} ${side}: **${fmtPrice(a.price)}** (${fmtPct(a.distance_pct)} from the last close ${fmtPrice(t.last_price)}).`, `${tf}最近${name}：**${fmtPrice(a.price)}**（距最新收盘价 ${fmtPrice(t.last_price)} ${fmtPct(a.distance_pct)}）。`);
  const items = [
    L(lang, `- ${label(name, t, multi, lang)}: ${fmtPrice(a.price)} (${fmtPct(a.distance_pct)}, ${a.touches} ${a.touches === 1 ? 'touch' : 'touches'})`, `- ${label(name, t, multi, lang)}：${fmtPrice(a.price)}（${fmtPct(a.distance_pct)}，触及 ${a.touches} 次）`),
  ];
  if (next.length) items.push(L(lang, `- ${label('Next', t, multi, lang)}: ${next.map((b) => `${fmtPrice(b.price)} (${fmtPct(b.distance_pct)})`).join(', ')}`, `- ${label(`其次`, t, multi, lang)}：${next.map((b) => `${fmtPrice(b.price)}（${fmtPct(b.distance_pct)}）`).join('、')}`));
  if (t.probability_target === side && t.touch.n > 0) {
    items.push(
      L(
        lang,
        `- ${label(`Touch within ${t.horizon_candles} candles`, t, multi, lang)}: ${fmtProb(t.touch.p)} (n = ${t.touch.n}); breakthrough ${fmtProb(t.breakthrough.p)} (n = ${t.breakthrough.n}), measured on ${f.coin.symbol}'s own ${t.timeframe} history`,
        `- ${label(`${t.horizon_candles} 根 K 线内触及`, t, multi, lang)}：${fmtProb(t.touch.p)}（样本 ${t.touch.n}）；突破 ${fmtProb(t.breakthrough.p)}（样本 ${t.breakthrough.n}），基于 ${f.coin.symbol} 自身${tf}历史`,
      ),
    );
  }
  return { short, items };
}

function invalidationPart(t: TimeframeFacts, side: Side, lang: Lang, multi: boolean, withRead: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const p = side === 'bullish' ? t.invalidation.bullish : t.invalidation.bearish;
  const lv = side === 'bullish' ? t.supports[0] : t.resistances[0];
  const read = L(lang, `- ${label('Current read', t, multi, lang)}: ${vocab.trend(t.trend, lang)} (${vocab.intensity(t.intensity, lang)}), direction ${vocab.direction(t.direction, lang)}`, `- ${label('当前判断', t, multi, lang)}：${vocab.trend(t.trend, lang)}（强度${vocab.intensity(t.intensity, lang)}），方向${vocab.direction(t.direction, lang)}`);
  if (p === null || !lv) {
    return {
      short: side === 'bullish' ? L(lang, `No ${t.timeframe} support level to anchor a bullish invalidation price.`, `${tf}没有可作为看涨失效价依据的支撑位。`) : L(lang, `No ${t.timeframe} resistance level to anchor a bearish invalidation price.`, `${tf}没有可作为看跌失效价依据的阻力位。`),
      items: withRead ? [read] : [],
    };
  }
  const atr = t.atr !== null ? fmtPrice(t.atr) : null;
  const how = atr
    ? L(lang, `${side === 'bullish' ? 'support' : 'resistance'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`, `${side === 'bullish' ? '支撑' : '阻力'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`)
    : L(lang, `the ${side === 'bullish' ? 'support' : 'resistance'} itself`, `该${side === 'bullish' ? '支撑' : '阻力'}位本身`);
  const short =
    side === 'bullish'
      ? L(lang, `The bullish case fails on a ${t.timeframe} close below **${fmtPrice(p)}**.`, `${tf}收盘跌破 **${fmtPrice(p)}**，看涨判断失效。`)
      : L(lang, `The bearish case fails on a ${t.timeframe} close above **${fmtPrice(p)}**.`, `${tf}收盘突破 **${fmtPrice(p)}**，看跌判断失效。`);
  const item =
    side === 'bullish'
      ? L(lang, `- ${label('Bullish invalidation', t, multi, lang)}: a close below ${fmtPrice(p)} (${how})`, `- ${label('看涨失效价', t, multi, lang)}：收盘跌破 ${fmtPrice(p)}（${how}）`)
      : L(lang, `- ${label('Bearish invalidation', t, multi, lang)}: a close above ${fmtPrice(p)} (${how})`, `- ${label('看跌失效价', t, multi, lang)}：收盘突破 ${fmtPrice(p)}（${how}）`);
  return { short, items: withRead ? [item, read] : [item] };
}

function trendPart(t: TimeframeFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  return {
    short: L(lang, `${t.timeframe} trend: ${vocab.trend(t.trend, lang)} (${vocab.intensity(t.intensity, lang)} intensity), direction ${vocab.direction(t.direction, lang)}.`, `${tf}趋势：${vocab.trend(t.trend, lang)}（强度${vocab.intensity(t.intensity, lang)}），方向${vocab.direction(t.direction, lang)}。`),
    items: [
      L(lang, `- ${label('Change', t, multi, lang)}: ${fmtPct(t.price_change_pct)} over ${t.price_change_window_candles} candles`, `- ${label('涨跌', t, multi, lang)}：${t.price_change_window_candles} 根 K 线 ${fmtPct(t.price_change_pct)}`),
      L(lang, `- ${label('Cash flow', t, multi, lang)}: ${vocab.cash(t.cash_flow, lang)}; volatility ${vocab.volatility(t.volatility, lang)}`, `- ${label('资金', t, multi, lang)}：${vocab.cash(t.cash_flow, lang)}；波动${vocab.volatility(t.volatility, lang)}`),
    ],
  };
}

function signalsPart(t: TimeframeFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const rsi = t.rsi !== null ? [L(lang, `- ${label('RSI 14', t, multi, lang)}: ${fmtNum1(t.rsi)}`, `- ${label('RSI 14', t, multi, lang)}：${fmtNum1(t.rsi)}`)] : [];
  if (!t.signals.length) return { short: L(lang, `No catalogue signal fired on the last closed ${t.timeframe} candle.`, `最新收盘的${tf} K 线没有触发信号。`), items: rsi };
  const withEdge = t.signals.filter((s) => s.edge.verdict === 'edge');
  const short = withEdge.length
    ? L(lang, `On the last closed ${t.timeframe} candle, ${withEdge.map((s) => s.name.en).join(', ')} ${withEdge.length === 1 ? 'has' : 'have'} a measurable edge over the baseline; the others do not.`, `最新收盘的${tf} K 线上，${withEdge.map((s) => s.name.zh).join('、')}相对基准有可测量的优势；其余没有。`)
    : L(lang, `Signals fired on the last closed ${t.timeframe} candle, none with a measurable edge over its baseline.`, `最新收盘的${tf} K 线触发了信号，但都没有相对基准的可测量优势。`);
  return { short, items: [...signalList(t, lang).map((s) => `- ${s}`), ...rsi] };
}

function pricePart(t: TimeframeFacts, f: CoinFacts, lang: Lang, multi: boolean, day: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const items = [
    L(lang, `- ${label('Last close', t, multi, lang)}: ${fmtPrice(t.last_price)} USDT, candle closed ${fmtTime(t.candle_close_time, lang)}`, `- ${label('最新收盘价', t, multi, lang)}：${fmtPrice(t.last_price)} USDT，K 线收盘于 ${fmtTime(t.candle_close_time, lang)}`),
    L(lang, `- ${label('Change', t, multi, lang)}: ${fmtPct(t.price_change_pct)} over ${t.price_change_window_candles} candles`, `- ${label('涨跌', t, multi, lang)}：${t.price_change_window_candles} 根 K 线 ${fmtPct(t.price_change_pct)}`),
  ];
  if (day && f.day) items.push(L(lang, `- **Last 24 hours**: ${fmtPct(f.day.change_pct)}, range ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}`, `- **过去 24 小时**：${fmtPct(f.day.change_pct)}，区间 ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}`));
  return { short: L(lang, `${f.coin.symbol} last closed at **${fmtPrice(t.last_price)} USDT** on the ${t.timeframe} chart.`, `${f.coin.symbol} ${tf}最新收盘价 **${fmtPrice(t.last_price)} USDT**。`), items };
}

function strategyParts(f: CoinFacts, scope: AnswerScope, lang: Lang): Part[] {
  const out: Part[] = [];
  for (const [term, p] of [['short', f.strategy.short_term], ['long', f.strategy.medium_long_term]] as const) {
    if (!p || !scope.timeframes.includes(p.timeframe)) continue;
    const name = term === 'short' ? L(lang, 'Short term', '短线') : L(lang, 'Medium/long term', '中长线');
    out.push({
      short: L(lang, `${name} (${p.timeframe}) rules give a ${p.bias} bias, invalidated at **${fmtPrice(p.invalidation)}** (rules, not a recommendation).`, `${name}（${vocab.tf(p.timeframe, lang)}）规则偏${p.bias === 'long' ? '多' : '空'}，失效价 **${fmtPrice(p.invalidation)}**（规则生成，非推荐）。`),
      items: [
        L(lang, `- **${name} entry**: ${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}`, `- **${name}入场**：${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}`),
        L(lang, `- **${name} targets**: ${p.targets.map(fmtPrice).join(' / ')}`, `- **${name}目标**：${p.targets.map(fmtPrice).join(' / ')}`),
        L(lang, `- **${name} invalidation**: ${fmtPrice(p.invalidation)}`, `- **${name}失效价**：${fmtPrice(p.invalidation)}`),
      ],
    });
  }
  if (!out.length) {
    const tfs = scope.timeframes.map((tf) => vocab.tf(tf, lang)).join(L(lang, ', ', '、'));
    out.push({ short: L(lang, `There is no rule-built plan on ${tfs}: plans are built on 1h (short term) and 1d (medium/long term).`, `${tfs}没有规则生成的策略：策略基于 1 小时（短线）和日线（中长线）。`), items: [] });
  }
  return out;
}

function newsPart(f: CoinFacts, lang: Lang): Part {
  const sym = f.coin.symbol;
  if (!f.news.length) return { short: L(lang, `No ${sym} news released in the data so far.`, `目前数据中没有已发布的 ${sym} 新闻。`), items: [] };
  return {
    short: L(lang, `Recent ${sym} headlines, newest first (quoted as reported, not the analyst’s view):`, `${sym} 近期新闻，按时间由新到旧（按原文引用，不代表分析结论）：`),
    items: f.news.map((n) => {
      const link = /^https?:\/\//.test(n.link) ? `[#${escapeMarkdown(n.id)}](${n.link.replace(/[()\s]/g, encodeURIComponent)})` : `#${escapeMarkdown(n.id)}`;
      return L(lang, `- “${escapeMarkdown(n.title)}” — ${escapeMarkdown(n.source)}, ${fmtTime(n.published_at, lang)}, ${vocab.direction(n.trend, lang)} (${link})`, `- “${escapeMarkdown(n.title)}” —— ${escapeMarkdown(n.source)}，${fmtTime(n.published_at, lang)}，${vocab.direction(n.trend, lang)}（${link}）`);
    }),
  };
}

/** The parts of an answer, one per intent and answered timeframe, in the order the intents are listed. */
function parts(f: CoinFacts, scope: AnswerScope, lang: Lang, side: Side): Part[] {
  const tfs = f.timeframes.filter((t) => scope.timeframes.includes(t.timeframe));
  const multi = tfs.length > 1;
  const out: Part[] = [];
  for (const i of scope.intents) {
    if (i === 'news') out.push(newsPart(f, lang));
    else if (i === 'accuracy') out.push({ short: accuracyText(f, lang), items: [] });
    else if (i === 'strategy') out.push(...strategyParts(f, scope, lang));
    else
      for (const t of tfs) {
        if (i === 'price') out.push(pricePart(t, f, lang, multi, scope.day));
        else if (i === 'support' || i === 'resistance') out.push(levelPart(t, i, f, lang, multi));
        else if (i === 'invalidation') out.push(invalidationPart(t, side, lang, multi, !scope.intents.includes('trend')));
        else if (i === 'trend') out.push(trendPart(t, lang, multi));
        else if (i === 'signals') out.push(signalsPart(t, lang, multi));
      }
  }
  return out;
}

/**
 * The built-in analyst's markdown answer to `question` (deterministic: same facts, same text),
 * shaped as: what it cannot answer (quoted), a short answer (one sentence per
 * thing asked), the figures as one compact list, exactly one sources line naming the data used,
 * and the not-financial-advice line. It answers only the timeframe(s) the question names, else
 * the most relevant one ({@link answerScope}); every signal keeps its edge, interval and n wording.
 * The panel labels it as the built-in analyst (`by = 'builtin'`); the text never claims a model.
 */
export function builtinAnswer(f: CoinFacts, question: string, lang: Lang, coins: CoinName[]): string {
  const sym = f.coin.symbol;
  const { refusals, side, otherCoins } = detectIntents(question, f.coin, coins);
  const scope = answerScope(f, question);
  const defaultSide: Side = f.strategy.short_term?.bias === 'short' ? 'bearish' : 'bullish';
  const out: string[] = [];
  const cannot: string[] = [];
  if (refusals.includes('prediction')) cannot.push(L(lang, 'I can’t predict future prices: the data only tells where levels are and how often they held in the past.', '我无法预测未来价格：数据只能说明关键位在哪里，以及它们过去守住的频率。'));
  if (refusals.includes('advice')) cannot.push(L(lang, 'I can’t give personal financial advice (what you should buy, sell or hold, or how much).', '我无法提供个人投资建议（买卖或持有什么、投入多少）。'));
  if (refusals.includes('other_coin')) cannot.push(L(lang, `This assistant covers ${sym} only; ask about ${otherCoins.join(', ')} on that coin's page.`, `本助手只回答 ${sym} 的问题；${otherCoins.join('、')} 请到对应币种页面提问。`));
  if (cannot.length) out.push(...cannot.map((c) => `> ${c}`), '');
  if (scope.intents.length && !f.timeframes.length && scope.intents.some((i) => i !== 'news' && i !== 'accuracy')) {
    out.push(L(lang, `There is no analysed ${sym} candle yet, so there is nothing to ground an answer on.`, `目前还没有已分析的 ${sym} K 线，无法给出有依据的回答。`), '');
  } else if (scope.intents.length) {
    for (const s of scope.substituted) out.push(L(lang, `_${s.asked} is not an analysed timeframe; this answer uses the nearest one, ${s.used}._`, `_未分析 ${s.asked} 周期；以下使用最接近的${vocab.tf(s.used, lang)}周期。_`), '');
    const sf = scopeFacts(f, scope);
    const ps = parts(sf, scope, lang, side ?? defaultSide);
    out.push(ps.map((p) => p.short).join(' '), '');
    const items = ps.flatMap((p) => p.items);
    if (items.length) out.push(...items, '');
    const src = sourcesLine(sf, scope, lang);
    if (src) out.push(src, '');
  } else if (f.timeframes.length) {
    out.push(
      L(
        lang,
        `I can only answer what the ${sym} data grounds: price, support and resistance, trend, signals, the signals track record, recent news, the rule-based strategy and what would invalidate a view, on 5m, 1h or 1d. Try “Where is 1h support?” or “What would invalidate the bullish case on the daily?”.`,
        `我只能回答 ${sym} 数据能支撑的问题：价格、支撑与阻力、趋势、信号、信号战绩、近期新闻、规则策略以及什么会让判断失效，周期可选 5 分钟、1 小时或日线。可以试试“1 小时支撑位在哪里？”或“日线上什么会让看涨判断失效？”。`,
      ),
      '',
    );
  } else if (!cannot.length) out.push(L(lang, `There is no analysed ${sym} candle yet, so there is nothing to ground an answer on.`, `目前还没有已分析的 ${sym} K 线，无法给出有依据的回答。`), '');
  out.push(`_${disclaimer(lang)}_`);
  return out.join('\n');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The built-in analyst (no model): answers with {@link builtinAnswer}, streamed line by line so the
 * panel renders it as it does a model's answer. `pauseMs` between pieces (0 in tests).
 */
export class BuiltinChatWriter implements ChatWriter {
  readonly by = 'builtin';
  constructor(
    private readonly coins: () => CoinName[],
    private readonly pauseMs = 25,
  ) {}

  async *answer(turn: ChatTurn): AsyncIterable<WriterChunk> {
    const text = builtinAnswer(turn.facts, turn.question, turn.lang, this.coins());
    const pieces = text.match(/[^\n]*\n?/g)!.filter(Boolean);
    for (const p of pieces) {
      if (turn.signal?.aborted) return;
      yield { type: 'delta', text: p };
      if (this.pauseMs) await sleep(this.pauseMs, turn.signal);
    }
  }
}

import type { Lang } from '@coinlens/contracts';
import type { CoinFacts, TimeframeFacts } from '../ai/facts';
import { accuracyText, signalList } from '../ai/builtin-writer';
import { fmtNum1, fmtPct, fmtPrice, fmtProb, fmtTime } from '../ai/format';
import { disclaimer, escapeMarkdown, L, vocab } from '../ai/vocab';
import { detectIntents, type CoinName, type Intent } from './intents';
import type { ChatTurn, ChatWriter, WriterChunk } from './writer';

const tfLabel = (t: TimeframeFacts, lang: Lang) => `**${vocab.tf(t.timeframe, lang)}**`;

function levelLines(f: CoinFacts, side: 'support' | 'resistance', lang: Lang): string[] {
  const out: string[] = [];
  for (const t of f.timeframes) {
    const lv = side === 'support' ? t.supports : t.resistances;
    if (!lv.length) {
      out.push(L(lang, `- ${tfLabel(t, lang)}: no ${side} found ${side === 'support' ? 'below' : 'above'} the last close ${fmtPrice(t.last_price)}.`, `- ${tfLabel(t, lang)}：最新收盘价 ${fmtPrice(t.last_price)} ${side === 'support' ? '下方未找到支撑' : '上方未找到阻力'}。`));
      continue;
    }
    const [a, b] = lv;
    const next = b ? L(lang, `; next ${fmtPrice(b.price)} (${fmtPct(b.distance_pct)})`, `；其次 ${fmtPrice(b.price)}（${fmtPct(b.distance_pct)}）`) : '';
    out.push(L(lang, `- ${tfLabel(t, lang)}: **${fmtPrice(a.price)}** (${fmtPct(a.distance_pct)} from ${fmtPrice(t.last_price)}, ${a.touches} ${a.touches === 1 ? 'touch' : 'touches'})${next}`, `- ${tfLabel(t, lang)}：**${fmtPrice(a.price)}**（距 ${fmtPrice(t.last_price)} ${fmtPct(a.distance_pct)}，触及 ${a.touches} 次）${next}`));
    if (t.probability_target === side && t.touch.n > 0) {
      out.push(
        L(
          lang,
          `  - measured on ${f.coin.symbol}'s own ${t.timeframe} history: touch within ${t.horizon_candles} candles ${fmtProb(t.touch.p)} (n = ${t.touch.n}), breakthrough ${fmtProb(t.breakthrough.p)} (n = ${t.breakthrough.n})`,
          `  - 基于 ${f.coin.symbol} 自身 ${vocab.tf(t.timeframe, lang)} 历史：${t.horizon_candles} 根 K 线内触及概率 ${fmtProb(t.touch.p)}（样本 ${t.touch.n}），突破概率 ${fmtProb(t.breakthrough.p)}（样本 ${t.breakthrough.n}）`,
        ),
      );
    }
  }
  return out;
}

function invalidationLines(f: CoinFacts, side: 'bullish' | 'bearish', lang: Lang): string[] {
  const out: string[] = [];
  for (const t of f.timeframes) {
    const p = side === 'bullish' ? t.invalidation.bullish : t.invalidation.bearish;
    const lv = side === 'bullish' ? t.supports[0] : t.resistances[0];
    if (p === null || !lv) {
      out.push(L(lang, `- ${tfLabel(t, lang)}: no ${side === 'bullish' ? 'support' : 'resistance'} level to anchor an invalidation price.`, `- ${tfLabel(t, lang)}：没有可作为失效价依据的${side === 'bullish' ? '支撑' : '阻力'}位。`));
      continue;
    }
    const atr = t.atr !== null ? fmtPrice(t.atr) : null;
    const how = atr
      ? L(lang, `${side === 'bullish' ? 'support' : 'resistance'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`, `${side === 'bullish' ? '支撑' : '阻力'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`)
      : L(lang, `the ${side === 'bullish' ? 'support' : 'resistance'} itself`, `该${side === 'bullish' ? '支撑' : '阻力'}位本身`);
    out.push(
      side === 'bullish'
        ? L(lang, `- ${tfLabel(t, lang)}: a close below **${fmtPrice(p)}** (${how}).`, `- ${tfLabel(t, lang)}：收盘跌破 **${fmtPrice(p)}**（${how}）。`)
        : L(lang, `- ${tfLabel(t, lang)}: a close above **${fmtPrice(p)}** (${how}).`, `- ${tfLabel(t, lang)}：收盘突破 **${fmtPrice(p)}**（${how}）。`),
    );
  }
  const head = f.timeframes.find((t) => t.timeframe === '1h') ?? f.timeframes[0];
  if (head) out.push(L(lang, `- Current ${head.timeframe} read: ${vocab.trend(head.trend, lang)} (${vocab.intensity(head.intensity, lang)}), direction ${vocab.direction(head.direction, lang)}.`, `- 当前 ${vocab.tf(head.timeframe, lang)}：${vocab.trend(head.trend, lang)}（强度${vocab.intensity(head.intensity, lang)}），方向${vocab.direction(head.direction, lang)}。`));
  return out;
}

function section(intent: Intent, f: CoinFacts, lang: Lang, side: 'bullish' | 'bearish'): string[] {
  const sym = f.coin.symbol;
  switch (intent) {
    case 'price': {
      const lines = [L(lang, '### Price', '### 价格')];
      if (f.price === null) return [...lines, L(lang, 'No closed candle to quote a price from.', '没有可用的已收盘 K 线报价。')];
      const t = f.timeframes[0];
      lines.push(L(lang, `- Last close on ${t.timeframe}: **${fmtPrice(t.last_price)} USDT** (candle closed ${fmtTime(t.candle_close_time, lang)}).`, `- ${vocab.tf(t.timeframe, lang)}最新收盘价：**${fmtPrice(t.last_price)} USDT**（K 线收盘于 ${fmtTime(t.candle_close_time, lang)}）。`));
      if (f.day) lines.push(L(lang, `- Last 24 hours: ${fmtPct(f.day.change_pct)}, range ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}.`, `- 过去 24 小时：${fmtPct(f.day.change_pct)}，区间 ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}。`));
      return lines;
    }
    case 'support':
      return [L(lang, '### Support', '### 支撑位'), ...levelLines(f, 'support', lang)];
    case 'resistance':
      return [L(lang, '### Resistance', '### 阻力位'), ...levelLines(f, 'resistance', lang)];
    case 'invalidation':
      return [
        side === 'bullish' ? L(lang, '### What would invalidate the bullish case', '### 什么会让看涨判断失效') : L(lang, '### What would invalidate the bearish case', '### 什么会让看跌判断失效'),
        ...invalidationLines(f, side, lang),
      ];
    case 'trend':
      return [
        L(lang, '### Trend', '### 趋势'),
        ...f.timeframes.map((t) =>
          L(
            lang,
            `- ${tfLabel(t, lang)}: ${vocab.trend(t.trend, lang)}, ${vocab.intensity(t.intensity, lang)} intensity, direction ${vocab.direction(t.direction, lang)}, cash flow ${vocab.cash(t.cash_flow, lang)}, volatility ${vocab.volatility(t.volatility, lang)}; ${fmtPct(t.price_change_pct)} over ${t.price_change_window_candles} candles.`,
            `- ${tfLabel(t, lang)}：${vocab.trend(t.trend, lang)}，强度${vocab.intensity(t.intensity, lang)}，方向${vocab.direction(t.direction, lang)}，资金${vocab.cash(t.cash_flow, lang)}，波动${vocab.volatility(t.volatility, lang)}；${t.price_change_window_candles} 根 K 线 ${fmtPct(t.price_change_pct)}。`,
          ),
        ),
      ];
    case 'signals': {
      const lines = [L(lang, '### Signals', '### 信号')];
      for (const t of f.timeframes) {
        const s = signalList(t, lang);
        lines.push(s.length ? `- ${tfLabel(t, lang)}: ${s.join(L(lang, '; ', '；'))}` : L(lang, `- ${tfLabel(t, lang)}: no catalogue signal on the last closed candle.`, `- ${tfLabel(t, lang)}：最新收盘 K 线没有触发信号。`));
        if (t.rsi !== null) lines.push(L(lang, `  - RSI 14: ${fmtNum1(t.rsi)}`, `  - RSI 14：${fmtNum1(t.rsi)}`));
      }
      return lines;
    }
    case 'news': {
      const lines = [L(lang, `### Recent ${sym} news`, `### ${sym} 近期新闻`)];
      if (!f.news.length) return [...lines, L(lang, `No ${sym} news released in the data so far.`, `目前数据中没有已发布的 ${sym} 新闻。`)];
      for (const n of f.news) {
        const link = /^https?:\/\//.test(n.link) ? `[#${escapeMarkdown(n.id)}](${n.link.replace(/[()\s]/g, encodeURIComponent)})` : `#${escapeMarkdown(n.id)}`;
        lines.push(L(lang, `- “${escapeMarkdown(n.title)}” — ${escapeMarkdown(n.source)}, ${fmtTime(n.published_at, lang)}, marked ${vocab.direction(n.trend, lang)} for ${sym} (${link})`, `- “${escapeMarkdown(n.title)}” —— ${escapeMarkdown(n.source)}，${fmtTime(n.published_at, lang)}，对 ${sym} 标记为${vocab.direction(n.trend, lang)}（${link}）`));
      }
      lines.push(L(lang, 'Headlines are quoted as reported; they are not the analyst’s view.', '标题按原文引用，不代表分析结论。'));
      return lines;
    }
    case 'accuracy':
      return [L(lang, '### Track record', '### 信号战绩'), `- ${accuracyText(f, lang)}`];
    case 'strategy': {
      const lines = [L(lang, '### Strategy (rules, not a recommendation)', '### 策略（规则生成，非推荐）')];
      for (const [term, p] of [['short', f.strategy.short_term], ['long', f.strategy.medium_long_term]] as const) {
        if (!p) continue;
        const name = term === 'short' ? L(lang, 'Short term', '短线') : L(lang, 'Medium/long term', '中长线');
        lines.push(
          L(
            lang,
            `- **${name}** (${p.timeframe}): ${p.bias} bias, entry ${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}, targets ${p.targets.map(fmtPrice).join(' / ')}, invalidation **${fmtPrice(p.invalidation)}**.`,
            `- **${name}**（${vocab.tf(p.timeframe, lang)}）：偏${p.bias === 'long' ? '多' : '空'}，入场 ${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}，目标 ${p.targets.map(fmtPrice).join(' / ')}，失效价 **${fmtPrice(p.invalidation)}**。`,
          ),
        );
      }
      return lines;
    }
  }
}

/** The built-in analyst's full markdown answer to `question` (deterministic: same facts, same text). */
export function builtinAnswer(f: CoinFacts, question: string, lang: Lang, coins: CoinName[]): string {
  const sym = f.coin.symbol;
  const { intents, refusals, side, otherCoins } = detectIntents(question, f.coin, coins);
  const defaultSide = f.strategy.short_term?.bias === 'short' ? 'bearish' : 'bullish';
  const mode = f.mode === 'replay' ? L(lang, ', replay', '，回放数据') : '';
  const out: string[] = [L(lang, `**Built-in analyst** (rules over market data, no language model) · ${sym} · data as of ${fmtTime(f.as_of, lang)}${mode}`, `**内置分析器**（基于市场数据的规则，未使用语言模型）· ${sym} · 数据截至 ${fmtTime(f.as_of, lang)}${mode}`), ''];
  if (!f.timeframes.length) out.push(L(lang, `There is no analysed ${sym} candle yet, so there is nothing to ground an answer on.`, `目前还没有已分析的 ${sym} K 线，无法给出有依据的回答。`), '');
  else for (const i of intents) out.push(...section(i, f, lang, side ?? defaultSide), '');
  const cannot: string[] = [];
  if (refusals.includes('prediction')) cannot.push(L(lang, 'I can’t predict future prices: the data only tells where levels are and how often they held in the past.', '我无法预测未来价格：数据只能说明关键位在哪里，以及它们过去守住的频率。'));
  if (refusals.includes('advice')) cannot.push(L(lang, 'I can’t give personal financial advice (what you should buy, sell or hold, or how much).', '我无法提供个人投资建议（买卖或持有什么、投入多少）。'));
  if (refusals.includes('other_coin')) cannot.push(L(lang, `This assistant covers ${sym} only; ask about ${otherCoins.join(', ')} on that coin's page.`, `本助手只回答 ${sym} 的问题；${otherCoins.join('、')} 请到对应币种页面提问。`));
  if (cannot.length) out.push(...cannot.map((c) => `> ${c}`), '');
  if (!intents.length && f.timeframes.length) {
    out.push(
      L(
        lang,
        `I can only answer what the ${sym} data grounds: price, support and resistance, trend, signals, the signals track record, recent news, the rule-based strategy and what would invalidate a view. Try “Where is support?” or “What would invalidate the bullish case?”.`,
        `我只能回答 ${sym} 数据能支撑的问题：价格、支撑与阻力、趋势、信号、信号战绩、近期新闻、规则策略以及什么会让判断失效。可以试试“支撑位在哪里？”或“什么会让看涨判断失效？”。`,
      ),
      '',
    );
  }
  if (f.timeframes.length) {
    const src = f.timeframes.map((t) => L(lang, `${t.timeframe} candle closed ${fmtTime(t.candle_close_time, lang)}`, `${vocab.tf(t.timeframe, lang)} K 线收盘于 ${fmtTime(t.candle_close_time, lang)}`));
    if (intents.includes('news') && f.news.length) src.push(L(lang, `news ${f.news.map((n) => `#${escapeMarkdown(n.id)}`).join(', ')}`, `新闻 ${f.news.map((n) => `#${escapeMarkdown(n.id)}`).join('、')}`));
    out.push(L(lang, `Sources: ${src.join(' · ')}.`, `数据来源：${src.join(' · ')}。`), '');
  }
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

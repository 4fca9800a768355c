import type { Lang } from '@coinlens/contracts';
import type { TimeframeFacts } from '../ai/facts';
import { accuracyText, signalList } from '../ai/builtin-writer';
import { fmtAbsPct, fmtDate, fmtNum1, fmtPct, fmtPrice, fmtProb, fmtRatio, fmtTime } from '../ai/format';
import { disclaimer, escapeMarkdown, L, vocab } from '../ai/vocab';
import type { AssistantFacts, LiveTimeframeFacts } from './assistant-facts';
import type { IndicatorName, QuestionReading } from './intents';
import { answerScope, type AnswerScope, scopeFacts, sourcesLine } from './scope';
import type { ChatTurn, ChatWriter, WriterChunk } from './writer';

type Side = 'bullish' | 'bearish';

/** The reward/risk to the first target below which the rules propose no trade. */
export const MIN_REWARD_RISK = 1.5;

/** One intent's part of an answer: a short sentence (the answer) and its figures (list items). */
interface Part {
  short: string;
  items: string[];
}

/** `**label**` with the timeframe when the answer covers more than one. */
const label = (name: string, t: TimeframeFacts, multi: boolean, lang: Lang) => (multi ? L(lang, `**${name}** (${t.timeframe})`, `**${name}**（${vocab.tf(t.timeframe, lang)}）`) : `**${name}**`);

/** The distances from the live price of a rebased timeframe (none when the facts were not rebased). */
const fromLive = (t: TimeframeFacts): LiveTimeframeFacts['from_live'] => (t as Partial<LiveTimeframeFacts>).from_live ?? { invalidation_bullish_pct: null, invalidation_bearish_pct: null, atr_pct: null, targets_pct: [] };

/** `103,512.30 USDT (live, 16 May 2025 12:26 UTC)`: the price every answer is read from. */
function livePhrase(f: AssistantFacts, lang: Lang): string {
  const l = f.live;
  return l.basis === 'ticker'
    ? L(lang, `**${fmtPrice(l.price)} USDT** (live, ${fmtTime(l.at, lang)})`, `**${fmtPrice(l.price)} USDT**（实时，${fmtTime(l.at, lang)}）`)
    : L(lang, `**${fmtPrice(l.price)} USDT** (last close, ${fmtTime(l.at, lang)})`, `**${fmtPrice(l.price)} USDT**（最新收盘，${fmtTime(l.at, lang)}）`);
}

function levelPart(t: TimeframeFacts, side: 'support' | 'resistance', f: AssistantFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const lv = side === 'support' ? t.supports : t.resistances;
  const name = side === 'support' ? L(lang, 'Support', '支撑') : L(lang, 'Resistance', '阻力');
  if (!lv.length) {
    const short = side === 'support' ? L(lang, `No ${t.timeframe} support below the live price.`, `${tf}：实时价格下方未找到支撑。`) : L(lang, `No ${t.timeframe} resistance above the live price.`, `${tf}：实时价格上方未找到阻力。`);
    return { short, items: [] };
  }
  const [a, ...next] = lv;
  const short = L(lang, `Nearest ${t.timeframe} ${side}: **${fmtPrice(a.price)}** (${fmtPct(a.distance_pct)} from the live price).`, `${tf}最近${name}：**${fmtPrice(a.price)}**（距实时价格 ${fmtPct(a.distance_pct)}）。`);
  const items = [
    L(lang, `- ${label(name, t, multi, lang)}: ${fmtPrice(a.price)} (${fmtPct(a.distance_pct)}, ${a.touches} ${a.touches === 1 ? 'touch' : 'touches'})`, `- ${label(name, t, multi, lang)}：${fmtPrice(a.price)}（${fmtPct(a.distance_pct)}，触及 ${a.touches} 次）`),
  ];
  if (next.length) items.push(L(lang, `- ${label('Next', t, multi, lang)}: ${next.map((b) => `${fmtPrice(b.price)} (${fmtPct(b.distance_pct)})`).join(', ')}`, `- ${label('其次', t, multi, lang)}：${next.map((b) => `${fmtPrice(b.price)}（${fmtPct(b.distance_pct)}）`).join('、')}`));
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

function invalidationPart(t: TimeframeFacts, side: Side, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const p = side === 'bullish' ? t.invalidation.bullish : t.invalidation.bearish;
  const lv = side === 'bullish' ? t.supports[0] : t.resistances[0];
  if (p === null || !lv) {
    return {
      short: side === 'bullish' ? L(lang, `No ${t.timeframe} support below the live price to anchor a stop for a long.`, `实时价格下方没有${tf}支撑，无法据此设定多单止损。`) : L(lang, `No ${t.timeframe} resistance above the live price to anchor a stop for a short.`, `实时价格上方没有${tf}阻力，无法据此设定空单止损。`),
      items: [],
    };
  }
  const atr = t.atr !== null ? fmtPrice(t.atr) : null;
  const how = atr
    ? L(lang, `${side === 'bullish' ? 'support' : 'resistance'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`, `${side === 'bullish' ? '支撑' : '阻力'} ${fmtPrice(lv.price)} ${side === 'bullish' ? '−' : '+'} 0.5 × ATR ${atr}`)
    : L(lang, `the ${side === 'bullish' ? 'support' : 'resistance'} itself`, `该${side === 'bullish' ? '支撑' : '阻力'}位本身`);
  const d = fromLive(t)[side === 'bullish' ? 'invalidation_bullish_pct' : 'invalidation_bearish_pct'];
  const dist = d === null ? '' : L(lang, ` (${fmtPct(d)} from the live price)`, `（距实时价格 ${fmtPct(d)}）`);
  const short =
    side === 'bullish'
      ? L(lang, `A long is proven wrong on a ${t.timeframe} close below **${fmtPrice(p)}**${dist}: that is where the rules put the stop.`, `${tf}收盘跌破 **${fmtPrice(p)}**${dist}，看涨判断失效：规则把止损放在这里。`)
      : L(lang, `A short is proven wrong on a ${t.timeframe} close above **${fmtPrice(p)}**${dist}: that is where the rules put the stop.`, `${tf}收盘突破 **${fmtPrice(p)}**${dist}，看跌判断失效：规则把止损放在这里。`);
  const item =
    side === 'bullish'
      ? L(lang, `- ${label('Bullish invalidation (stop)', t, multi, lang)}: a close below ${fmtPrice(p)} (${how})`, `- ${label('看涨失效价（止损）', t, multi, lang)}：收盘跌破 ${fmtPrice(p)}（${how}）`)
      : L(lang, `- ${label('Bearish invalidation (stop)', t, multi, lang)}: a close above ${fmtPrice(p)} (${how})`, `- ${label('看跌失效价（止损）', t, multi, lang)}：收盘突破 ${fmtPrice(p)}（${how}）`);
  return { short, items: [item] };
}

const readOf = (t: TimeframeFacts, lang: Lang) => L(lang, `${vocab.trend(t.trend, lang)} (${vocab.intensity(t.intensity, lang)}), direction ${vocab.direction(t.direction, lang)}`, `${vocab.trend(t.trend, lang)}（强度${vocab.intensity(t.intensity, lang)}），方向${vocab.direction(t.direction, lang)}`);

function trendPart(t: TimeframeFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  return {
    short: L(lang, `${t.timeframe} trend: ${readOf(t, lang)}.`, `${tf}趋势：${readOf(t, lang)}。`),
    items: [
      L(lang, `- ${label('Change', t, multi, lang)}: ${fmtPct(t.price_change_pct)} over ${t.price_change_window_candles} candles`, `- ${label('涨跌', t, multi, lang)}：${t.price_change_window_candles} 根 K 线 ${fmtPct(t.price_change_pct)}`),
      L(lang, `- ${label('Cash flow', t, multi, lang)}: ${vocab.cash(t.cash_flow, lang)}; volatility ${vocab.volatility(t.volatility, lang)}`, `- ${label('资金', t, multi, lang)}：${vocab.cash(t.cash_flow, lang)}；波动${vocab.volatility(t.volatility, lang)}`),
    ],
  };
}

function signalsPart(t: TimeframeFacts, lang: Lang): Part {
  const tf = vocab.tf(t.timeframe, lang);
  if (!t.signals.length) return { short: L(lang, `No catalogue signal fired on the last closed ${t.timeframe} candle.`, `最新收盘的${tf} K 线没有触发信号。`), items: [] };
  const withEdge = t.signals.filter((s) => s.edge.verdict === 'edge');
  const short = withEdge.length
    ? L(lang, `On the last closed ${t.timeframe} candle, ${withEdge.map((s) => s.name.en).join(', ')} ${withEdge.length === 1 ? 'has' : 'have'} a measurable edge over the baseline; the others do not.`, `最新收盘的${tf} K 线上，${withEdge.map((s) => s.name.zh).join('、')}相对基准有可测量的优势；其余没有。`)
    : L(lang, `Signals fired on the last closed ${t.timeframe} candle (${t.signals.map((s) => L(lang, s.name.en, s.name.zh)).join(', ')}), none with a measurable edge over its baseline.`, `最新收盘的${tf} K 线触发了信号（${t.signals.map((s) => s.name.zh).join('、')}），但都没有相对基准的可测量优势。`);
  return { short, items: signalList(t, lang).map((s) => `- ${s}`) };
}

function pricePart(t: TimeframeFacts & { last_close?: number }, f: AssistantFacts, lang: Lang, day: boolean): Part {
  const sym = f.coin.symbol;
  const items: string[] = [];
  if (f.live.change_24h_pct !== null) items.push(L(lang, `- **24-hour change**: ${fmtPct(f.live.change_24h_pct)}`, `- **24 小时涨跌**：${fmtPct(f.live.change_24h_pct)}`));
  if (t.last_close !== undefined) items.push(L(lang, `- **Last ${t.timeframe} close**: ${fmtPrice(t.last_close)} USDT, candle closed ${fmtTime(t.candle_close_time, lang)}`, `- **${vocab.tf(t.timeframe, lang)}最新收盘价**：${fmtPrice(t.last_close)} USDT，K 线收盘于 ${fmtTime(t.candle_close_time, lang)}`));
  if (day && f.day) items.push(L(lang, `- **Last 24 hours range**: ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}`, `- **过去 24 小时区间**：${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}`));
  return { short: L(lang, `${sym} is at ${livePhrase(f, lang)}.`, `${sym} 现价 ${livePhrase(f, lang)}。`), items };
}

/** Whether a live price sits in, above or below an entry zone. */
const zoneOf = (price: number, lo: number, hi: number) => (price < lo ? 'below' : price > hi ? 'above' : 'in');

function entryPart(t: TimeframeFacts, f: AssistantFacts, lang: Lang, side: Side | null, multi: boolean): Part {
  const p = t.plan;
  const tf = vocab.tf(t.timeframe, lang);
  if (!p) return { short: L(lang, `The ${t.timeframe} rules have no setup at the live price.`, `${tf}规则在实时价格上没有可用的交易设置。`), items: [] };
  const long = p.bias === 'long';
  const where = zoneOf(f.live.price, p.entry_low, p.entry_high);
  const zone = `${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}`;
  const rr = p.reward_risk;
  const weak = rr !== null && rr < MIN_REWARD_RISK;
  const setup = L(lang, p.setup === 'trend' ? 'trend' : 'range', p.setup === 'trend' ? '顺势' : '区间');
  let short = long
    ? L(lang, `The ${t.timeframe} rules lean **long** (${setup} setup, ${readOf(t, lang)}) with an entry zone of **${zone}**`, `${tf}规则偏**多**（${setup}设置，${readOf(t, lang)}），入场区间 **${zone}**`)
    : L(lang, `The ${t.timeframe} rules lean **short** (${setup} setup, ${readOf(t, lang)}) with an entry zone of **${zone}**`, `${tf}规则偏**空**（${setup}设置，${readOf(t, lang)}），入场区间 **${zone}**`);
  if (where === 'in') short += L(lang, ': the live price is inside it now.', '：实时价格就在区间内。');
  else if ((long && where === 'above') || (!long && where === 'below')) short += L(lang, `: the live price is away from it, so the setup waits for a ${long ? 'pullback' : 'bounce'} into the zone rather than chasing.`, `：实时价格不在区间内，按规则应等${long ? '回调' : '反弹'}到区间再入场，而不是追价。`);
  else short += L(lang, ': the live price is already beyond the zone, on the side of the stop; check the invalidation first.', '：实时价格已越过区间、靠近止损一侧，请先看失效价。');
  if (weak) short += L(lang, ` Reward/risk to the first target is only ${fmtRatio(rr)} (below ${MIN_REWARD_RISK}), so by the rules this is **no trade** now; watch the levels below.`, `到第一目标的盈亏比只有 ${fmtRatio(rr)}（低于 ${MIN_REWARD_RISK}），按规则现在**不交易**，关注下列价位。`);
  if (side && ((side === 'bullish') !== long)) short += L(lang, ` You asked about the ${side === 'bullish' ? 'long' : 'short'} side; the rules favour the other one.`, `你问的是${side === 'bullish' ? '做多' : '做空'}，规则偏向另一侧。`);
  const items = [
    L(lang, `- ${label('Entry zone', t, multi, lang)}: ${zone} (${long ? 'long' : 'short'})`, `- ${label('入场区间', t, multi, lang)}：${zone}（${long ? '做多' : '做空'}）`),
    L(lang, `- ${label('Stop (invalidation)', t, multi, lang)}: ${fmtPrice(p.invalidation)}`, `- ${label('止损（失效价）', t, multi, lang)}：${fmtPrice(p.invalidation)}`),
    L(lang, `- ${label('Targets', t, multi, lang)}: ${p.targets.map(fmtPrice).join(' / ')}`, `- ${label('目标', t, multi, lang)}：${p.targets.map(fmtPrice).join(' / ')}`),
  ];
  if (rr !== null) items.push(L(lang, `- ${label('Reward/risk to the first target', t, multi, lang)}: ${fmtRatio(rr)}`, `- ${label('到第一目标的盈亏比', t, multi, lang)}：${fmtRatio(rr)}`));
  return { short: `${short}${short.endsWith('.') || short.endsWith('。') ? '' : L(lang, '.', '。')}`, items };
}

function targetsPart(t: TimeframeFacts, lang: Lang, multi: boolean): Part {
  const p = t.plan;
  const tf = vocab.tf(t.timeframe, lang);
  if (!p) return { short: L(lang, `No ${t.timeframe} target: the rules have no setup at the live price.`, `${tf}没有目标：规则在实时价格上没有交易设置。`), items: [] };
  const long = p.bias === 'long';
  const short = L(
    lang,
    `For the ${t.timeframe} ${long ? 'long' : 'short'} setup the rules take profit at **${p.targets.map(fmtPrice).join(' / ')}** (the next ${long ? 'resistances' : 'supports'}).`,
    `${tf}${long ? '多' : '空'}头设置的止盈目标：**${p.targets.map(fmtPrice).join(' / ')}**（下一个${long ? '阻力' : '支撑'}位）。`,
  );
  const tp = fromLive(t).targets_pct;
  const items = [L(lang, `- ${label('Targets', t, multi, lang)}: ${p.targets.map((x, i) => `${fmtPrice(x)}${tp[i] !== undefined ? ` (${fmtPct(tp[i])})` : ''}`).join(', ')}`, `- ${label('目标', t, multi, lang)}：${p.targets.map((x, i) => `${fmtPrice(x)}${tp[i] !== undefined ? `（${fmtPct(tp[i])}）` : ''}`).join('、')}`)];
  if (p.reward_risk !== null) items.push(L(lang, `- ${label('Reward/risk to the first target', t, multi, lang)}: ${fmtRatio(p.reward_risk)}`, `- ${label('到第一目标的盈亏比', t, multi, lang)}：${fmtRatio(p.reward_risk)}`));
  return { short, items };
}

/** `7 days` / `24 hours` of a horizon. */
const horizonName = (h: { hours: number; days: number | null }, lang: Lang) => (h.days !== null ? L(lang, `${h.days} days`, `${h.days} 天`) : L(lang, `${h.hours} hours`, `${h.hours} 小时`));

/** The base-rate sentence of the horizon, with its n, interval and spread. */
function baseRate(f: AssistantFacts, lang: Lang): { short: string; items: string[] } | null {
  const h = f.horizon;
  if (!h) return null;
  const span = horizonName(h, lang);
  return {
    short: L(
      lang,
      `Over ${span}, ${f.coin.symbol} ended higher in **${fmtProb(h.up_share)}** of past windows (n = ${h.windows}, 95 % CI ${fmtProb(h.up_ci[0])}–${fmtProb(h.up_ci[1])}).`,
      `过去每 ${span}的窗口中，${f.coin.symbol} 收涨的占 **${fmtProb(h.up_share)}**（样本 ${h.windows}，95% 区间 ${fmtProb(h.up_ci[0])}–${fmtProb(h.up_ci[1])}）。`,
    ),
    items: [
      L(
        lang,
        `- **${span} moves**: median ${fmtPct(h.median_pct)}, 10th–90th percentile ${fmtPct(h.p10_pct)} to ${fmtPct(h.p90_pct)} (${h.windows} non-overlapping windows of ${h.timeframe} candles, ${fmtDate(h.from, lang)} – ${fmtDate(h.to, lang)})`,
        `- **${span}涨跌幅**：中位数 ${fmtPct(h.median_pct)}，10%–90% 分位 ${fmtPct(h.p10_pct)} 至 ${fmtPct(h.p90_pct)}（${h.windows} 个不重叠窗口，${vocab.tf(h.timeframe, lang)} K 线，${fmtDate(h.from, lang)}–${fmtDate(h.to, lang)}）`,
      ),
    ],
  };
}

function outlookPart(t: TimeframeFacts, f: AssistantFacts, lang: Lang, multi: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const br = baseRate(f, lang);
  const s = t.supports[0];
  const r = t.resistances[0];
  const read = L(lang, `The ${t.timeframe} read is ${readOf(t, lang)}.`, `${tf}判断：${readOf(t, lang)}。`);
  const items = [...(br?.items ?? [])];
  if (s) items.push(L(lang, `- ${label('Support', t, multi, lang)}: ${fmtPrice(s.price)} (${fmtPct(s.distance_pct)})`, `- ${label('支撑', t, multi, lang)}：${fmtPrice(s.price)}（${fmtPct(s.distance_pct)}）`));
  if (r) items.push(L(lang, `- ${label('Resistance', t, multi, lang)}: ${fmtPrice(r.price)} (${fmtPct(r.distance_pct)})`, `- ${label('阻力', t, multi, lang)}：${fmtPrice(r.price)}（${fmtPct(r.distance_pct)}）`));
  if (t.invalidation.bullish !== null) items.push(L(lang, `- ${label('Bullish view fails', t, multi, lang)}: a close below ${fmtPrice(t.invalidation.bullish)}`, `- ${label('看涨失效', t, multi, lang)}：收盘跌破 ${fmtPrice(t.invalidation.bullish)}`));
  if (t.invalidation.bearish !== null) items.push(L(lang, `- ${label('Bearish view fails', t, multi, lang)}: a close above ${fmtPrice(t.invalidation.bearish)}`, `- ${label('看跌失效', t, multi, lang)}：收盘突破 ${fmtPrice(t.invalidation.bearish)}`));
  const none = L(lang, `There is not enough ${f.coin.symbol} history for a base rate of this horizon.`, `${f.coin.symbol} 的历史数据不足以给出该周期的历史频率。`);
  return { short: `${br?.short ?? none}${L(lang, ' ', '')}${read}`, items };
}

function risksPart(t: TimeframeFacts, f: AssistantFacts, lang: Lang, multi: boolean, withOutlook: boolean): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const items: string[] = [];
  const inv = t.invalidation.bullish;
  const parts: string[] = [];
  const fl = fromLive(t);
  const ip = fl.invalidation_bullish_pct;
  if (inv !== null) parts.push(L(lang, `a ${t.timeframe} close below **${fmtPrice(inv)}**${ip !== null ? ` (${fmtPct(ip)})` : ''} breaks the nearest support and the bullish case`, `${tf}收盘跌破 **${fmtPrice(inv)}**${ip !== null ? `（${fmtPct(ip)}）` : ''}会跌破最近支撑、看涨判断失效`));
  if (t.atr !== null) {
    const share = fl.atr_pct !== null ? L(lang, `, ${fmtAbsPct(fl.atr_pct)} of the price`, `，占价格 ${fmtAbsPct(fl.atr_pct)}`) : '';
    parts.push(L(lang, `one ${t.timeframe} candle moves about ${fmtPrice(t.atr)} (ATR 14${share}; volatility ${vocab.volatility(t.volatility, lang)})`, `单根${tf} K 线的典型波动约 ${fmtPrice(t.atr)}（ATR 14${share}；波动${vocab.volatility(t.volatility, lang)}）`));
    items.push(L(lang, `- ${label('ATR 14', t, multi, lang)}: ${fmtPrice(t.atr)}`, `- ${label('ATR 14', t, multi, lang)}：${fmtPrice(t.atr)}`));
  }
  if (inv !== null && !withOutlook) items.push(L(lang, `- ${label('Bullish invalidation', t, multi, lang)}: ${fmtPrice(inv)}`, `- ${label('看涨失效价', t, multi, lang)}：${fmtPrice(inv)}`));
  const bearSignals = t.signals.filter((s) => s.direction === 'bearish');
  if (bearSignals.length) items.push(L(lang, `- **Bearish signals**: ${bearSignals.map((s) => `${s.name.en} (${s.record.en})`).join('; ')}`, `- **看跌信号**：${bearSignals.map((s) => `${s.name.zh}（${s.record.zh}）`).join('；')}`));
  const h = f.horizon;
  if (h) items.push(L(lang, `- **Worst 10 % of past ${horizonName(h, lang)} windows**: ${fmtPct(h.p10_pct)} or lower (n = ${h.windows})`, `- **过去 ${horizonName(h, lang)}窗口中最差的 10%**：${fmtPct(h.p10_pct)} 或更低（样本 ${h.windows}）`));
  const badNews = f.news.filter((n) => n.trend === 'bearish');
  if (badNews.length) items.push(L(lang, `- **Bearish news**: “${escapeMarkdown(badNews[0].title)}” — ${escapeMarkdown(badNews[0].source)}, ${fmtTime(badNews[0].published_at, lang)}`, `- **利空新闻**：“${escapeMarkdown(badNews[0].title)}” —— ${escapeMarkdown(badNews[0].source)}，${fmtTime(badNews[0].published_at, lang)}`));
  const short = parts.length ? L(lang, `Main risks on ${t.timeframe}: ${parts.join('; ')}.`, `${tf}主要风险：${parts.join('；')}。`) : L(lang, `No ${t.timeframe} level or ATR to measure the risk from.`, `${tf}没有可用于衡量风险的价位或 ATR。`);
  return { short, items };
}

/** Indicator values: price-like ones in USDT, oscillators on their 0–100 scale. */
function indicatorPart(t: TimeframeFacts, name: IndicatorName, lang: Lang): Part {
  const tf = vocab.tf(t.timeframe, lang);
  const ind = t.indicators ?? {};
  const v = (k: keyof NonNullable<TimeframeFacts['indicators']>) => ind[k] ?? null;
  const na = L(lang, `The ${t.timeframe} ${name.toUpperCase()} value is not available yet.`, `${tf} ${name.toUpperCase()} 数值暂不可用。`);
  const px = t.last_price;
  const above = (x: number) => (px > x ? L(lang, 'above', '上方') : L(lang, 'below', '下方'));
  switch (name) {
    case 'rsi': {
      if (t.rsi === null) return { short: na, items: [] };
      const zone = t.rsi >= 70 ? L(lang, 'overbought (70 or more)', '超买（70 及以上）') : t.rsi <= 30 ? L(lang, 'oversold (30 or less)', '超卖（30 及以下）') : L(lang, 'neutral (between 30 and 70)', '中性（30 到 70 之间）');
      return {
        short: L(lang, `${t.timeframe} RSI 14 is **${fmtNum1(t.rsi)}**: ${zone}.`, `${tf} RSI 14 为 **${fmtNum1(t.rsi)}**：${zone}。`),
        items: [L(lang, `- **What RSI is**: the relative strength of up and down closes over 14 candles on a 0–100 scale; above 70 is usually read as overbought, below 30 as oversold`, `- **RSI 是什么**：14 根 K 线内上涨与下跌收盘的相对强度，范围 0–100；高于 70 通常视为超买，低于 30 视为超卖`)],
      };
    }
    case 'macd': {
      const m = v('macd');
      const s = v('macd_signal');
      const h = v('macd_hist');
      if (m === null || s === null || h === null) return { short: na, items: [] };
      return {
        short: L(lang, `${t.timeframe} MACD is **${fmtPrice(m)}** against its signal line ${fmtPrice(s)}: the histogram is ${fmtPrice(h)}, ${h > 0 ? 'positive (momentum up)' : 'negative (momentum down)'}.`, `${tf} MACD 为 **${fmtPrice(m)}**，信号线 ${fmtPrice(s)}：柱线 ${fmtPrice(h)}，${h > 0 ? '为正（动能向上）' : '为负（动能向下）'}。`),
        items: [L(lang, `- **What MACD is**: EMA 12 minus EMA 26 of the closes; the signal line is its 9-candle EMA and the histogram their difference`, `- **MACD 是什么**：收盘价 EMA 12 减 EMA 26；信号线是它的 9 周期 EMA，柱线是两者之差`)],
      };
    }
    case 'ema': {
      const e = ([20, 50, 200] as const).map((n) => [n, v(`ema_${n}`)] as const).filter(([, x]) => x !== null) as [number, number][];
      if (!e.length) return { short: na, items: [] };
      return {
        short: L(lang, `On ${t.timeframe} the live price is ${e.map(([n, x]) => `${above(x)} EMA ${n} (${fmtPrice(x)})`).join(', ')}.`, `${tf}上实时价格位于${e.map(([n, x]) => `EMA ${n}（${fmtPrice(x)}）${above(x)}`).join('、')}。`),
        items: [L(lang, `- **What an EMA is**: the exponential moving average of the closes over N candles; price above a rising EMA is read as an uptrend`, `- **EMA 是什么**：N 根 K 线收盘价的指数移动平均；价格在上升的均线上方通常视为上升趋势`)],
      };
    }
    case 'bollinger': {
      const u = v('bb_upper');
      const mid = v('bb_middle');
      const lo = v('bb_lower');
      if (u === null || mid === null || lo === null) return { short: na, items: [] };
      return {
        short: L(lang, `${t.timeframe} Bollinger bands: upper ${fmtPrice(u)}, middle ${fmtPrice(mid)}, lower ${fmtPrice(lo)}; the live price is ${px > u ? 'above the upper band' : px < lo ? 'below the lower band' : px > mid ? 'in the upper half' : 'in the lower half'}.`, `${tf}布林带：上轨 ${fmtPrice(u)}，中轨 ${fmtPrice(mid)}，下轨 ${fmtPrice(lo)}；实时价格${px > u ? '在上轨之上' : px < lo ? '在下轨之下' : px > mid ? '在上半区' : '在下半区'}。`),
        items: [L(lang, `- **What the bands are**: a 20-candle moving average with bands 2 standard deviations away; the width shows volatility`, `- **布林带是什么**：20 周期均线及其上下 2 个标准差的通道；宽度反映波动`)],
      };
    }
    case 'atr': {
      if (t.atr === null) return { short: na, items: [] };
      return {
        short: L(lang, `${t.timeframe} ATR 14 is **${fmtPrice(t.atr)}**: the average range of one ${t.timeframe} candle (volatility ${vocab.volatility(t.volatility, lang)}).`, `${tf} ATR 14 为 **${fmtPrice(t.atr)}**：单根${tf} K 线的平均波动幅度（波动${vocab.volatility(t.volatility, lang)}）。`),
        items: [L(lang, `- **How it is used here**: stops sit 0.5 × ATR beyond the level they protect`, `- **这里的用法**：止损放在所保护价位之外 0.5 × ATR`)],
      };
    }
    case 'adx': {
      const a = v('adx_14');
      if (a === null) return { short: na, items: [] };
      return {
        short: L(lang, `${t.timeframe} ADX 14 is **${fmtNum1(a)}**: ${a >= 25 ? 'a trending market (25 or more)' : 'no strong trend (below 25)'}.`, `${tf} ADX 14 为 **${fmtNum1(a)}**：${a >= 25 ? '有趋势（25 及以上）' : '趋势不强（低于 25）'}。`),
        items: [L(lang, `- **What ADX is**: trend strength on a 0–100 scale, whatever the direction`, `- **ADX 是什么**：趋势强度（0–100），不分方向`)],
      };
    }
    case 'stoch': {
      const k = v('stoch_k');
      const d = v('stoch_d');
      if (k === null || d === null) return { short: na, items: [] };
      return {
        short: L(lang, `${t.timeframe} stochastic %K is **${fmtNum1(k)}**, %D ${fmtNum1(d)}: ${k >= 80 ? 'overbought zone (80 or more)' : k <= 20 ? 'oversold zone (20 or less)' : 'mid-range'}.`, `${tf}随机指标 %K 为 **${fmtNum1(k)}**，%D ${fmtNum1(d)}：${k >= 80 ? '超买区（80 及以上）' : k <= 20 ? '超卖区（20 及以下）' : '中间区域'}。`),
        items: [L(lang, `- **What it is**: where the close sits in the recent high–low range, 0–100`, `- **随机指标是什么**：收盘价在近期高低区间中的位置（0–100）`)],
      };
    }
    case 'mfi': {
      const m = v('mfi_14');
      if (m === null) return { short: na, items: [] };
      return { short: L(lang, `${t.timeframe} MFI 14 is **${fmtNum1(m)}** (volume-weighted RSI; above 80 overbought, below 20 oversold).`, `${tf} MFI 14 为 **${fmtNum1(m)}**（成交量加权的 RSI；高于 80 超买，低于 20 超卖）。`), items: [] };
    }
  }
}

function comparePart(f: AssistantFacts, lang: Lang): Part {
  const o = f.other;
  if (!o) return { short: '', items: [] };
  const row = (x: AssistantFacts) => {
    const t = x.timeframes.find((y) => y.timeframe === '1h') ?? x.timeframes[0];
    const ch = x.live.change_24h_pct;
    const h = x.horizon;
    return L(
      lang,
      `- **${x.coin.symbol}**: ${fmtPrice(x.live.price)} USDT${ch !== null ? `, 24h ${fmtPct(ch)}` : ''}${t ? `; ${t.timeframe} ${readOf(t, lang)}` : ''}${h ? `; higher after ${horizonName(h, lang)} in ${fmtProb(h.up_share)} of past windows (n = ${h.windows})` : ''}`,
      `- **${x.coin.symbol}**：${fmtPrice(x.live.price)} USDT${ch !== null ? `，24 小时 ${fmtPct(ch)}` : ''}${t ? `；${vocab.tf(t.timeframe, lang)}${readOf(t, lang)}` : ''}${h ? `；过去 ${horizonName(h, lang)}窗口收涨占 ${fmtProb(h.up_share)}（样本 ${h.windows}）` : ''}`,
    );
  };
  const a = f.live.change_24h_pct;
  const b = o.live.change_24h_pct;
  const lead = a !== null && b !== null && a !== b ? (a > b ? f.coin.symbol : o.coin.symbol) : null;
  const short = lead
    ? L(lang, `Over the last 24 hours ${lead} is the stronger of the two (${f.coin.symbol} ${fmtPct(a!)}, ${o.coin.symbol} ${fmtPct(b!)}).`, `过去 24 小时 ${lead} 更强（${f.coin.symbol} ${fmtPct(a!)}，${o.coin.symbol} ${fmtPct(b!)}）。`)
    : L(lang, `${f.coin.symbol} and ${o.coin.symbol} side by side:`, `${f.coin.symbol} 与 ${o.coin.symbol} 对比：`);
  return { short, items: [row(f), row(o)] };
}

function newsPart(f: AssistantFacts, lang: Lang): Part {
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

/** The parts of an answer, one per intent and answered timeframe, in the order of the intents. */
function parts(f: AssistantFacts, scope: AnswerScope, r: QuestionReading, side: Side): Part[] {
  const lang = r.lang;
  const tfs = f.timeframes.filter((t) => scope.timeframes.includes(t.timeframe));
  const multi = tfs.length > 1;
  const out: Part[] = [];
  const intents = scope.intents;
  // the live price first, whenever the answer rests on a timeframe
  if (tfs.length && !intents.includes('compare')) out.push(pricePart(tfs[0], f, lang, scope.day && intents.includes('price')));
  for (const i of intents) {
    if (i === 'news') out.push(newsPart(f, lang));
    else if (i === 'accuracy') out.push({ short: accuracyText(f, lang), items: [] });
    else if (i === 'compare') out.push(comparePart(f, lang));
    else if (i === 'price') continue;
    else if (i === 'stop' && intents.includes('entry')) continue; // the entry part names the stop
    else if (i === 'targets' && intents.includes('entry')) continue;
    else
      for (const t of tfs) {
        if (i === 'support' || i === 'resistance') out.push(levelPart(t, i, f, lang, multi));
        else if (i === 'entry') out.push(entryPart(t, f, lang, r.side, multi));
        else if (i === 'stop') out.push(invalidationPart(t, r.side ?? (t.plan?.bias === 'short' ? 'bearish' : side), lang, multi));
        else if (i === 'targets') out.push(targetsPart(t, lang, multi));
        else if (i === 'outlook') out.push(outlookPart(t, f, lang, multi));
        else if (i === 'risks') out.push(risksPart(t, f, lang, multi, intents.includes('outlook')));
        else if (i === 'trend') out.push(trendPart(t, lang, multi));
        else if (i === 'indicator') out.push(indicatorPart(t, r.indicator ?? 'rsi', lang));
        else if (i === 'signals') out.push(signalsPart(t, lang));
      }
  }
  return out;
}

/** The one line on what the analyst cannot know (answers about a decision, a horizon or risk). */
export function cannotKnow(lang: Lang): string {
  return L(
    lang,
    'What I can’t know: the future. News, liquidations or macro events can push the price through any level; the figures above are past frequencies and rules, not a forecast.',
    '我无法知道的：未来。新闻、爆仓或宏观事件都可能让价格穿过任何价位；以上数字是历史频率和规则，不是预测。',
  );
}

/** What the assistant can answer, in the question's language (the reply to an out-of-scope question, which costs no quota). */
export function scopeHelp(sym: string, lang: Lang): string {
  return L(
    lang,
    `I’m Coinlens’ built-in rule-based analyst, not a language model, and I answer from ${sym}’s market data only. Ask me about: the price now, whether to buy now or wait (entry, stop, targets), the outlook for a horizon (“next week?”), risks, news, support and resistance, indicators (RSI, MACD, EMA…) explained, or ${sym} compared with another coin. For example: “Should I buy now or wait for a pullback? Where would you put a stop?” This question did not count toward your daily questions.`,
    `我是 Coinlens 内置的规则分析器，不是语言模型，只根据 ${sym} 的市场数据回答。可以问我：现价、现在买还是等回调（入场、止损、目标）、某个周期的前景（如“下周会涨吗？”）、风险、新闻、支撑与阻力、指标解读（RSI、MACD、均线等），或 ${sym} 与其他币的对比。例如：“现在买还是等回调？止损放哪？”这个问题不计入你的每日提问次数。`,
  );
}

/**
 * The built-in analyst's markdown answer (deterministic: same facts, same text) to a question
 * read as `r` over the facts of its subject coin `f` (with `f.other` for a comparison and
 * `f.horizon` for an outlook), in the question's language. Shape: a short answer first (the live
 * price with its time, then one sentence per thing asked), the figures as one compact list, one
 * line on what it cannot know when the question is about a decision, a horizon or risk, exactly
 * one sources line naming the data used, and the not-financial-advice line. Out of scope: what it
 * can answer ({@link scopeHelp}). The text never claims a model.
 */
export function builtinAnswer(f: AssistantFacts, r: QuestionReading): string {
  const lang = r.lang;
  const sym = f.coin.symbol;
  const out: string[] = [];
  if (!r.inScope) return scopeHelp(sym, lang);
  if (!f.timeframes.length && r.intents.some((i) => i !== 'news' && i !== 'accuracy')) {
    out.push(L(lang, `There is no analysed ${sym} candle yet, so there is nothing to ground an answer on.`, `目前还没有已分析的 ${sym} K 线，无法给出有依据的回答。`), '');
  } else {
    const scope = answerScope(f, r.question ?? '', r);
    for (const s of scope.substituted) out.push(L(lang, `_${s.asked} is not an analysed timeframe; this answer uses the nearest one, ${s.used}._`, `_未分析 ${s.asked} 周期；以下使用最接近的${vocab.tf(s.used, lang)}周期。_`), '');
    const sf = scopeFacts(f, scope);
    const defaultSide: Side = sf.strategy.short_term?.bias === 'short' ? 'bearish' : 'bullish';
    const ps = parts(sf, scope, r, r.side ?? defaultSide);
    out.push(ps.map((p) => p.short).filter(Boolean).join(L(lang, ' ', '')), '');
    const items = ps.flatMap((p) => p.items);
    if (items.length) out.push(...items, '');
    if (r.intents.some((i) => i === 'entry' || i === 'outlook' || i === 'targets' || i === 'risks' || i === 'compare')) out.push(`_${cannotKnow(lang)}_`, '');
    const src = sourcesLine(sf, scope, lang);
    if (src) out.push(src, '');
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
  constructor(private readonly pauseMs = 25) {}

  async *answer(turn: ChatTurn): AsyncIterable<WriterChunk> {
    const text = builtinAnswer(turn.facts, turn.reading);
    const pieces = text.match(/[^\n]*\n?/g)!.filter(Boolean);
    for (const p of pieces) {
      if (turn.signal?.aborted) return;
      yield { type: 'delta', text: p };
      if (this.pauseMs) await sleep(this.pauseMs, turn.signal);
    }
  }
}

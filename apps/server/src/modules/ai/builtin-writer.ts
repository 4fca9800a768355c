import type { AiHighlight, KlineInsight, Lang, StrategyPlan } from '@coinlens/contracts';
import { EVENT_TYPE_NAMES } from '../news/nlp';
import type { CoinFacts, NewsFact, TimeframeFacts } from './facts';
import type { PlanNumbers } from './strategy';
import { enCount, fmtHorizon, fmtNum1, fmtPct, fmtPrice, fmtProb, fmtRatio, fmtTime } from './format';
import { L, vocab } from './vocab';

/**
 * The built-in analyst's texts of the coin page (no model): 24-hour highlights, K-line insights and
 * the strategy sections (trend, strategy, horizon, risks, summary), in en-US or zh-CN, from facts
 * only. Every number goes through format.ts.
 */

const prob = (p: { p: number; n: number }, lang: Lang) => L(lang, `${fmtProb(p.p)} (n = ${p.n})`, `${fmtProb(p.p)}（样本 ${p.n}）`);

/**
 * The verbal label of a stated probability with how it was chosen: "no skill over the base rate (93 %
 * of levels are touched anyway)" when the calibration log finds its kind no better than the base
 * rate (the Brier skill interval reaches 0), else the calibrated label, "(not yet calibrated)" for
 * the fixed scale and "(from backfill)" while the label rests on in-sample forecasts.
 */
export function probWord(p: TimeframeFacts['touch'], kind: 'touch' | 'breakthrough', lang: Lang): string {
  const c = p.calibration;
  if (c?.no_skill && c.skill) {
    const base = fmtProb(c.skill.base_rate);
    return kind === 'touch'
      ? L(lang, `no skill over the base rate (${base} of levels are touched anyway)`, `相对基准率无预测能力（${base} 的价位本来就会被触及）`)
      : L(lang, `no skill over the base rate (${base} of levels are broken anyway)`, `相对基准率无预测能力（${base} 的价位本来就会被突破）`);
  }
  const notes = [c?.status === 'not_calibrated' ? L(lang, 'not yet calibrated', '尚未校准') : null, c?.source === 'backfill' ? L(lang, 'from backfill', '来自回填') : null].filter((x) => x !== null);
  return `${vocab.wording(p.wording, lang)}${notes.length ? L(lang, ` (${notes.join(', ')})`, `（${notes.join('，')}）`) : ''}`;
}

/**
 * `Golden cross (1h, bullish, hit rate 58 %, baseline 52 %, n = 24; no measurable edge (+6.0 pp,
 * 95 % CI −13.1 to +23.4))` for each signal: the record wording of formatEdge, never a bare hit rate.
 */
export function signalList(tf: TimeframeFacts, lang: Lang): string[] {
  return tf.signals.map((s) =>
    L(lang, `${s.name.en} (${tf.timeframe}, ${s.direction}, ${s.record.en})`, `${s.name.zh}（${vocab.tf(tf.timeframe, lang)}，${vocab.direction(s.direction, lang)}，${s.record.zh}）`),
  );
}

/** The 24-hour highlights. */
export function writeHighlights(f: CoinFacts, lang: Lang): AiHighlight[] {
  const out: AiHighlight[] = [];
  const sym = f.coin.symbol;
  if (f.day) {
    out.push({
      kind: 'price',
      text: L(
        lang,
        `${sym} moved ${fmtPct(f.day.change_pct)} over the last 24 hours (1h candles to ${fmtTime(f.day.to, lang)}): from ${fmtPrice(f.day.open)} to ${fmtPrice(f.day.close)} USDT, range ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}.`,
        `${sym} 过去 24 小时变动 ${fmtPct(f.day.change_pct)}（1 小时 K 线，截至 ${fmtTime(f.day.to, lang)}）：从 ${fmtPrice(f.day.open)} 到 ${fmtPrice(f.day.close)} USDT，区间 ${fmtPrice(f.day.low)}–${fmtPrice(f.day.high)}。`,
      ),
    });
  }
  const sigs = f.timeframes.flatMap((t) => signalList(t, lang));
  out.push({
    kind: 'signals',
    text: sigs.length
      ? L(lang, `Signals on the latest closed candles: ${sigs.join('; ')}.`, `最新收盘 K 线上的信号：${sigs.join('；')}。`)
      : L(lang, `No catalogue signal fired on the latest closed ${f.timeframes.map((t) => t.timeframe).join(', ')} candles.`, `最新收盘的 ${f.timeframes.map((t) => vocab.tf(t.timeframe, lang)).join('、')} K 线上没有触发信号。`),
  });
  const head = f.timeframes.find((t) => t.timeframe === '1h') ?? f.timeframes[0];
  if (head) {
    const s = head.supports[0];
    const r = head.resistances[0];
    const parts: string[] = [];
    if (s) parts.push(L(lang, `nearest support ${fmtPrice(s.price)} (${fmtPct(s.distance_pct)})`, `最近支撑 ${fmtPrice(s.price)}（${fmtPct(s.distance_pct)}）`));
    if (r) parts.push(L(lang, `nearest resistance ${fmtPrice(r.price)} (${fmtPct(r.distance_pct)})`, `最近阻力 ${fmtPrice(r.price)}（${fmtPct(r.distance_pct)}）`));
    if (parts.length) out.push({ kind: 'levels', text: L(lang, `On ${head.timeframe}: ${parts.join(', ')}; trend ${vocab.trend(head.trend, lang)}.`, `${vocab.tf(head.timeframe, lang)}：${parts.join('，')}；趋势：${vocab.trend(head.trend, lang)}。`) });
  }
  for (const n of f.news.slice(0, 2)) {
    const study = eventStudyText(n, sym, lang);
    out.push({
      kind: 'news',
      news_id: n.id,
      link: n.link,
      text:
        L(lang, `News (${vocab.direction(n.trend, lang)} for ${sym}): “${n.title}” — ${n.source}, ${fmtTime(n.published_at, lang)}.`, `新闻（对 ${sym} ${vocab.direction(n.trend, lang)}）：“${n.title}” —— ${n.source}，${fmtTime(n.published_at, lang)}。`) +
        (study ? L(lang, ' ', '') + study : ''),
    });
  }
  out.push({ kind: 'accuracy', text: accuracyText(f, lang) });
  return out;
}

/**
 * The event study of a news fact as one sentence: "After earlier ETF / fund flows news, BTC moved on
 * average +0.4% at +1h (95 % CI -0.1% to +0.9%, n = 31) and -0.3% at +24h (…)." (the kind is the
 * item's sentiment when it has no event type). Empty string without a study.
 */
export function eventStudyText(n: NewsFact, sym: string, lang: Lang): string {
  const s = n.event_study;
  if (!s || !s.moves.length) return '';
  const kind = s.basis === 'event_type' && s.event_type ? EVENT_TYPE_NAMES[s.event_type] : null;
  const kindEn = kind ? kind.en : vocab.direction(s.sentiment, 'en-US');
  const kindZh = kind ? kind.zh : vocab.direction(s.sentiment, 'zh-CN');
  const ci = (m: (typeof s.moves)[number]) => (m.ci95 ? `${fmtPct(m.ci95[0])} … ${fmtPct(m.ci95[1])}` : null);
  const en = s.moves.map((m) => `${fmtPct(m.avg_change_pct)} at +${m.horizon} (${ci(m) ? `95 % CI ${ci(m)}, ` : ''}n = ${m.n})`).join(' and ');
  const zh = s.moves.map((m) => `+${m.horizon.replace('h', ' 小时')}平均 ${fmtPct(m.avg_change_pct)}（${ci(m) ? `95% 置信区间 ${ci(m)}，` : ''}样本 ${m.n}）`).join('，');
  return L(lang, `After earlier ${kindEn} news, ${sym} moved on average ${en}.`, `此前同类（${kindZh}）新闻发布后，${sym} ${zh}。`);
}

/** The track record sentence, always with its denominator. */
export function accuracyText(f: CoinFacts, lang: Lang): string {
  const a = f.accuracy;
  if (!a.total) return L(lang, `No ${f.coin.symbol} signal of the last 7 days has been scored yet (${a.pending} pending).`, `过去 7 天 ${f.coin.symbol} 的信号尚无已评分结果（${a.pending} 个待定）。`);
  return L(
    lang,
    `${f.coin.symbol} signals of the last 7 days: ${fmtProb(a.accuracy ?? 0)} hit (${a.hits} of ${a.total} scored; ${a.pending} pending).`,
    `过去 7 天 ${f.coin.symbol} 信号命中率 ${fmtProb(a.accuracy ?? 0)}（已评分 ${a.total} 个中命中 ${a.hits} 个；${a.pending} 个待定）。`,
  );
}

/** One K-line insight per analysed timeframe. */
export function writeKlineInsights(f: CoinFacts, lang: Lang): KlineInsight[] {
  return f.timeframes.map((t) => {
    const parts = [
      L(
        lang,
        `${t.timeframe}: ${vocab.trend(t.trend, lang)}, ${vocab.intensity(t.intensity, lang)} intensity, cash flow ${vocab.cash(t.cash_flow, lang)}, volatility ${vocab.volatility(t.volatility, lang)}. Last close ${fmtPrice(t.last_price)} (${fmtPct(t.price_change_pct)} over ${enCount(t.price_change_window_candles, 'candle', 'candles')}).`,
        `${vocab.tf(t.timeframe, lang)}：${vocab.trend(t.trend, lang)}，强度${vocab.intensity(t.intensity, lang)}，资金${vocab.cash(t.cash_flow, lang)}，波动${vocab.volatility(t.volatility, lang)}。最新收盘 ${fmtPrice(t.last_price)}（${t.price_change_window_candles} 根 K 线 ${fmtPct(t.price_change_pct)}）。`,
      ),
    ];
    if (t.verdict?.conflicting)
      parts.push(
        L(
          lang,
          `Direction ${vocab.direction(t.direction, lang)} on balance, with conflicting signals (${t.verdict.bullish} bullish vs ${t.verdict.bearish} bearish, trend ${vocab.trend(t.trend, lang)}).`,
          `综合方向${vocab.direction(t.direction, lang)}，但信号相互矛盾（看涨 ${t.verdict.bullish} 个，看跌 ${t.verdict.bearish} 个，趋势：${vocab.trend(t.trend, lang)}）。`,
        ),
      );
    if (t.rsi !== null) parts.push(L(lang, `RSI 14: ${fmtNum1(t.rsi)}.`, `RSI 14：${fmtNum1(t.rsi)}。`));
    if (t.supports[0]) parts.push(L(lang, `Support ${fmtPrice(t.supports[0].price)} (${fmtPct(t.supports[0].distance_pct)}).`, `支撑 ${fmtPrice(t.supports[0].price)}（${fmtPct(t.supports[0].distance_pct)}）。`));
    if (t.resistances[0]) parts.push(L(lang, `Resistance ${fmtPrice(t.resistances[0].price)} (${fmtPct(t.resistances[0].distance_pct)}).`, `阻力 ${fmtPrice(t.resistances[0].price)}（${fmtPct(t.resistances[0].distance_pct)}）。`));
    if (t.probability_target && t.probability_within_noise && t.typical_move_pct != null) {
      const side = t.probability_target === 'resistance' ? L(lang, 'resistance', '阻力') : L(lang, 'support', '支撑');
      parts.push(
        L(
          lang,
          `The nearest ${side} lies within normal noise: closer than the typical move over ${enCount(t.horizon_candles, 'candle', 'candles')} (${fmtPct(t.typical_move_pct).replace('+', '±')}), so no touch probability is stated.`,
          `最近${side}处于正常波动范围内：比 ${t.horizon_candles} 根 K 线的典型波动（${fmtPct(t.typical_move_pct).replace('+', '±')}）更近，因此不给出触及概率。`,
        ),
      );
    } else if (t.probability_target && t.touch.n > 0) {
      const side = t.probability_target === 'resistance' ? L(lang, 'resistance', '阻力') : L(lang, 'support', '支撑');
      parts.push(
        L(
          lang,
          `Touch probability of the ${side} within ${enCount(t.horizon_candles, 'candle', 'candles')}: ${prob(t.touch, lang)}, ${probWord(t.touch, 'touch', lang)}; breakthrough ${prob(t.breakthrough, lang)}${t.breakthrough.calibration?.no_skill ? `, ${probWord(t.breakthrough, 'breakthrough', lang)}` : ''}.`,
          `${t.horizon_candles} 根 K 线内触及${side}的概率：${prob(t.touch, lang)}，${probWord(t.touch, 'touch', lang)}；突破概率 ${prob(t.breakthrough, lang)}${t.breakthrough.calibration?.no_skill ? `，${probWord(t.breakthrough, 'breakthrough', lang)}` : ''}。`,
        ),
      );
    }
    const sigs = signalList(t, lang);
    if (sigs.length) parts.push(L(lang, `Signals: ${sigs.join('; ')}.`, `信号：${sigs.join('；')}。`));
    return { timeframe: t.timeframe, candle_open_time: t.candle_open_time, text: parts.join(' ') };
  });
}

/** The recent news items that read against a plan's bias (cited by its risks with their headlines), newest first. */
export function riskNews(p: Pick<PlanNumbers, 'bias'>, f: CoinFacts): NewsFact[] {
  const against = p.bias === 'long' ? 'bearish' : 'bullish';
  return f.news.filter((n) => n.trend === against);
}

/** Risks of a plan: volatility, RSI extremes, signals against the bias, small samples, news against the bias, the track record. */
export function planRisks(p: PlanNumbers, t: TimeframeFacts, f: CoinFacts, lang: Lang): string[] {
  const out: string[] = [];
  const against = p.bias === 'long' ? 'bearish' : 'bullish';
  if (t.volatility === 'high') out.push(L(lang, `High volatility on ${t.timeframe}: a one-ATR move (${fmtPrice(p.atr)}) can cross the entry zone in one candle.`, `${vocab.tf(t.timeframe, lang)} 波动较高：一个 ATR（${fmtPrice(p.atr)}）的波动可在一根 K 线内穿过入场区间。`));
  if (t.rsi !== null && t.rsi >= 70) out.push(L(lang, `RSI 14 at ${fmtNum1(t.rsi)}: overbought, pullbacks are frequent.`, `RSI 14 为 ${fmtNum1(t.rsi)}：超买，回调较常见。`));
  if (t.rsi !== null && t.rsi <= 30) out.push(L(lang, `RSI 14 at ${fmtNum1(t.rsi)}: oversold, rebounds are frequent.`, `RSI 14 为 ${fmtNum1(t.rsi)}：超卖，反弹较常见。`));
  const opp = t.signals.filter((s) => s.direction === against);
  if (opp.length) out.push(L(lang, `Signals against the bias: ${opp.map((s) => `${s.name.en} (${s.record.en})`).join('; ')}.`, `与方向相反的信号：${opp.map((s) => `${s.name.zh}（${s.record.zh}）`).join('；')}。`));
  if (t.touch.n < 20 && !t.probability_within_noise) out.push(L(lang, `Level probabilities rest on few cases (n = ${t.touch.n}).`, `关键位概率的样本较少（样本 ${t.touch.n}）。`));
  const news = riskNews(p, f);
  if (news.length) {
    const head = `“${news[0].title}” (${news[0].source})`;
    out.push(
      L(
        lang,
        news.length === 1 ? `1 recent news item reads ${against} for ${f.coin.symbol}: ${head}.` : `${news.length} recent news items read ${against} for ${f.coin.symbol}, e.g. ${head}.`,
        `近期有 ${news.length} 条新闻对 ${f.coin.symbol} 偏${vocab.direction(against, lang)}，例如“${news[0].title}”（${news[0].source}）。`,
      ),
    );
  }
  out.push(accuracyText(f, lang));
  out.push(L(lang, `Price can gap through ${fmtPrice(p.invalidation)}; a stop there is not guaranteed.`, `价格可能跳空越过 ${fmtPrice(p.invalidation)}，该位置的止损不保证成交。`));
  return out;
}

/** The strategy sections of a plan in `lang`. */
export function writePlan(p: PlanNumbers, t: TimeframeFacts, f: CoinFacts, lang: Lang, term: 'short_term' | 'medium_long_term' | 'timeframe'): StrategyPlan {
  const long = p.bias === 'long';
  const zone = `${fmtPrice(p.entry_low)}–${fmtPrice(p.entry_high)}`;
  const targets = p.targets.map(fmtPrice).join(' / ');
  const levelEn = p.level === null ? `${long ? 'last price − 1 ATR' : 'last price + 1 ATR'} (no ${long ? 'support' : 'resistance'} found)` : `${long ? 'support' : 'resistance'} ${fmtPrice(p.level)}`;
  const levelZh = p.level === null ? `${long ? '最新价 − 1 ATR' : '最新价 + 1 ATR'}（未找到${long ? '支撑' : '阻力'}）` : `${long ? '支撑' : '阻力'} ${fmtPrice(p.level)}`;
  const setupEn = p.setup === 'trend' ? (long ? 'Long with the uptrend' : 'Short with the downtrend') : long ? 'Range long from support' : 'Range short from resistance';
  const setupZh = p.setup === 'trend' ? (long ? '顺势做多（上升趋势）' : '顺势做空（下降趋势）') : long ? '区间内支撑附近做多' : '区间内阻力附近做空';
  const trend = L(
    lang,
    `${t.timeframe}: ${vocab.trend(t.trend, lang)} (${vocab.intensity(t.intensity, lang)}), direction ${vocab.direction(t.direction, lang)}, cash flow ${vocab.cash(t.cash_flow, lang)}, volatility ${vocab.volatility(t.volatility, lang)}.`,
    `${vocab.tf(t.timeframe, lang)}：${vocab.trend(t.trend, lang)}（强度${vocab.intensity(t.intensity, lang)}），方向${vocab.direction(t.direction, lang)}，资金${vocab.cash(t.cash_flow, lang)}，波动${vocab.volatility(t.volatility, lang)}。`,
  );
  const rr = p.reward_risk !== null ? L(lang, ` Reward/risk to the first target: ${fmtRatio(p.reward_risk)}.`, ` 至第一目标的盈亏比：${fmtRatio(p.reward_risk)}。`) : '';
  const strategy = L(
    lang,
    `${setupEn}: entry zone ${zone}, targets ${targets}, invalidation ${fmtPrice(p.invalidation)} (${levelEn} ${long ? '−' : '+'} 0.5 × ATR ${fmtPrice(p.atr)}).${rr}`,
    `${setupZh}：入场区间 ${zone}，目标 ${targets}，失效价 ${fmtPrice(p.invalidation)}（${levelZh} ${long ? '−' : '+'} 0.5 × ATR ${fmtPrice(p.atr)}）。${rr}`,
  );
  const d = p.decision;
  const noTrade = d && !d.trade ? noTradeText(p, lang) : null;
  const horizon = L(lang, `${fmtHorizon(p.horizon_hours, lang)} (${t.horizon_candles} × ${t.timeframe} candles)`, `${fmtHorizon(p.horizon_hours, lang)}（${t.horizon_candles} 根${vocab.tf(t.timeframe, lang)} K 线）`);
  const termEn = term === 'short_term' ? 'Short term' : term === 'medium_long_term' ? 'Medium/long term' : `On ${t.timeframe}`;
  const termZh = term === 'short_term' ? '短线' : term === 'medium_long_term' ? '中长线' : vocab.tf(t.timeframe, lang);
  const summary = L(
    lang,
    `${termEn} (${t.timeframe}): ${long ? 'long' : 'short'} bias; ${long ? 'buy' : 'sell'} zone ${zone}, first target ${fmtPrice(p.targets[0])}, wrong ${long ? 'below' : 'above'} ${fmtPrice(p.invalidation)}. Based on the ${t.timeframe} candle closed ${fmtTime(t.candle_close_time, lang)}.`,
    `${termZh}（${vocab.tf(t.timeframe, lang)}）：偏${long ? '多' : '空'}；${long ? '买入' : '卖出'}区间 ${zone}，第一目标 ${fmtPrice(p.targets[0])}，${long ? '跌破' : '突破'} ${fmtPrice(p.invalidation)} 即判断失效。依据 ${fmtTime(t.candle_close_time, lang)} 收盘的${vocab.tf(t.timeframe, lang)} K 线。`,
  );
  return {
    timeframe: p.timeframe,
    candle_open_time: p.candle_open_time,
    bias: p.bias,
    setup: p.setup,
    last_price: p.last_price,
    entry_zone: { low: p.entry_low, high: p.entry_high },
    targets: p.targets,
    invalidation_price: p.invalidation,
    reward_risk: p.reward_risk,
    horizon_hours: p.horizon_hours,
    trend,
    strategy: noTrade ? `${noTrade.text} ${L(lang, 'The rules would have said:', '规则原本给出的方案：')} ${strategy}` : strategy,
    horizon,
    risks: planRisks(p, t, f, lang),
    summary: noTrade ? noTrade.summary(termEn, termZh, t, lang) : summary,
    ...(d ? { decision: { trade: d.trade, reasons: d.reasons, min_reward_risk: d.min_reward_risk, record: d.record, watch: d.watch } } : {}),
    risk_news: riskNews(p, f).map((n) => ({ id: n.id, title: n.title, link: n.link })),
  };
}

/** The "no trade" sentence of a plan that did not pass its bar, and its summary: why, and the levels to watch. */
function noTradeText(p: PlanNumbers, lang: Lang): { text: string; summary: (termEn: string, termZh: string, t: TimeframeFacts, lang: Lang) => string } {
  const d = p.decision!;
  const why: string[] = [];
  for (const r of d.reasons) {
    if (r === 'reward_risk_below_minimum' && p.reward_risk !== null)
      why.push(L(lang, `reward/risk to the first target is ${fmtRatio(p.reward_risk)}, below ${fmtRatio(d.min_reward_risk)}`, `至第一目标的盈亏比为 ${fmtRatio(p.reward_risk)}，低于 ${fmtRatio(d.min_reward_risk)}`));
    if (r === 'no_target') why.push(L(lang, 'there is no target to measure reward against', '没有可衡量收益的目标'));
    if (r === 'record_worse_than_holding' && d.record)
      why.push(
        L(
          lang,
          `this setup's record (${p.bias}, ${p.timeframe}, n = ${d.record.n}) returned ${fmtPct(d.record.mean_return_pct)} on average against ${fmtPct(d.record.mean_hold_pct)} for holding ${p.bias} (difference ${fmtPct(d.record.diff_pct)}, 95 % CI ${fmtPct(d.record.diff_lo)} to ${fmtPct(d.record.diff_hi)})`,
          `该方案类型的记录（${p.bias === 'long' ? '做多' : '做空'}，${vocab.tf(p.timeframe, lang)}，样本 ${d.record.n}）平均收益 ${fmtPct(d.record.mean_return_pct)}，同期持有 ${fmtPct(d.record.mean_hold_pct)}（差 ${fmtPct(d.record.diff_pct)}，95% 置信区间 ${fmtPct(d.record.diff_lo)} 至 ${fmtPct(d.record.diff_hi)}）`,
        ),
      );
  }
  const watch: string[] = [];
  if (d.watch.support !== null) watch.push(L(lang, `support ${fmtPrice(d.watch.support)}`, `支撑 ${fmtPrice(d.watch.support)}`));
  if (d.watch.resistance !== null) watch.push(L(lang, `resistance ${fmtPrice(d.watch.resistance)}`, `阻力 ${fmtPrice(d.watch.resistance)}`));
  const watchText = watch.length ? L(lang, ` Levels to watch: ${watch.join(', ')}.`, ` 关注价位：${watch.join('，')}。`) : '';
  return {
    text: L(lang, `No trade: ${why.join('; ')}.${watchText}`, `不建议交易：${why.join('；')}。${watchText}`),
    summary: (termEn, termZh, t, lg) =>
      L(
        lg,
        `${termEn} (${t.timeframe}): no trade.${watchText} Based on the ${t.timeframe} candle closed ${fmtTime(t.candle_close_time, lg)}.`,
        `${termZh}（${vocab.tf(t.timeframe, lg)}）：暂不交易。${watchText}依据 ${fmtTime(t.candle_close_time, lg)} 收盘的${vocab.tf(t.timeframe, lg)} K 线。`,
      ),
  };
}

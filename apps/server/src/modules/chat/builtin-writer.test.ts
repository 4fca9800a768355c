import { describe, expect, it } from 'vitest';
import { edgeStat, formatEdge, type TaTimeframe, TIMEFRAME_MS } from '@coinlens/contracts';
import type { TimeframeFacts } from '../ai/facts';
import { buildPlan } from '../ai/strategy';
import { type AssistantFacts, horizonStats, rebaseOnLive } from './assistant-facts';
import { builtinAnswer } from './builtin-writer';
import { ungroundedNumbers } from './grounding';
import { readQuestion } from './intents';
import { answerScope, parseTimeframes } from './scope';

const T0 = Date.parse('2025-05-16T12:00:00Z');
const coins = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'ETH', name: 'Ethereum' },
];

const sig = (hits: number, n: number, base: number) => {
  const edge = edgeStat(hits, n, base, 20_000, 129);
  return { label: 'macd_hist_falling', name: { en: 'MACD histogram falling', zh: 'MACD 柱线下降' }, direction: 'bearish', hit_rate: { p: hits / n, n }, edge, record: { en: formatEdge(edge, 'en-US'), zh: formatEdge(edge, 'zh-CN') } };
};

/** One analysed timeframe of a made-up BTC at ~103,000 (levels and ATR scaled by `k`, distances in price units of `unit`). */
function tf(timeframe: TaTimeframe, k: number, last: number, unit = 1): TimeframeFacts {
  const open = T0 - TIMEFRAME_MS[timeframe];
  const t: TimeframeFacts = {
    timeframe,
    candle_open_time: open,
    candle_close_time: T0,
    last_price: last,
    price_change_pct: 1.2 * k,
    price_change_window_candles: 24,
    trend: 'uptrend',
    intensity: 'strong',
    direction: 'bullish',
    volatility: 'medium',
    cash_flow: 'inflow',
    atr: 150 * k * unit,
    rsi: 55.3 + k,
    supports: [{ price: last - 300 * k * unit, distance_pct: -0.29 * k, touches: 3, strength: 0.8 }, { price: last - 900 * k * unit, distance_pct: -0.87 * k, touches: 1, strength: 0.4 }],
    resistances: [{ price: last + 400 * k * unit, distance_pct: 0.39 * k, touches: 2, strength: 0.7 }],
    signals: [sig(300, 749, 0.41)],
    probability_target: 'support',
    touch: { p: 0.62, n: 120 + k, wording: 'likely' },
    breakthrough: { p: 0.3, n: 120 + k, wording: 'unlikely' },
    horizon_candles: 24,
    invalidation: { bullish: null, bearish: null },
    plan: null,
  };
  t.plan = buildPlan(t);
  t.invalidation = { bullish: t.supports[0].price - 75 * k * unit, bearish: t.resistances[0].price + 75 * k * unit };
  return t;
}

function facts(): AssistantFacts {
  const timeframes = [tf('5m', 1, 103_120.5), tf('1h', 4, 103_050), tf('1d', 20, 102_800)].map((t) => rebaseOnLive(t, 103_150.25));
  return {
    coin: { id: 1, symbol: 'BTC', name: 'Bitcoin' },
    as_of: T0,
    mode: 'replay',
    price: 103_120.5,
    day: { from: T0 - 86_400_000, to: T0, open: 101_000, close: 103_050, high: 103_900, low: 100_700, change_pct: 2 },
    timeframes,
    accuracy: { hits: 12, total: 20, pending: 3, accuracy: 0.6 },
    news: [{ id: 'n42', title: 'Spot bitcoin ETFs log inflows', link: 'https://news.example/42', source: 'Example', published_at: T0 - 3_600_000, trend: 'bullish', event_type: null, event_study: null }],
    strategy: { short_term: timeframes[1].plan, medium_long_term: timeframes[2].plan },
    live: { price: 103_150.25, at: T0 + 26 * 60_000, basis: 'ticker', change_24h_pct: 1.9 },
    horizon: null,
    other: null,
  };
}

const f = facts();
const read = (q: string, lang: 'en-US' | 'zh-CN' = 'en-US') => readQuestion(q, coins[0], coins, lang);
const answer = (q: string, lang: 'en-US' | 'zh-CN' = 'en-US') => builtinAnswer(f, read(q, lang));
const scopeOf = (q: string, opts?: { forModel?: boolean }) => answerScope(f, q, read(q), opts);
const lines = (text: string) => text.split('\n').filter((l) => l.trim());
/** Timeframe labels of both languages that the text mentions. */
const mentioned = (text: string) => ['5m', '1h', '1d', '5 分钟', '1 小时', '日线'].filter((x) => (/^\d[a-z]$/.test(x) ? new RegExp(`(^|[^\\d.,])${x}\\b`).test(text) : text.includes(x)));

describe('timeframes a question names (en-US, zh-CN)', () => {
  it.each([
    ['Where is 1h support?', [60]],
    ['support on the 4h chart', [240]],
    ['4-hour resistance', [240]],
    ['daily trend?', [1440]],
    ['5m and daily signals', [5, 1440]],
    ['15 min levels', [15]],
    ['weekly support', [10080]],
    ['日线支撑在哪里？', [1440]],
    ['小时级别的阻力', [60]],
    ['4小时趋势', [240]],
    ['5分钟信号', [5]],
    ['What moved in the last 24 hours?', []],
    ['24小时涨跌', []],
    ['Will BTC hit 1M?', []],
    ['Where is support?', []],
  ])('%s', (q, minutes) => {
    expect(parseTimeframes(q).mentions.map((m) => m.minutes)).toEqual(minutes);
  });
  it('reads "all timeframes" and the 24-hour window', () => {
    expect(parseTimeframes('trend on all timeframes').all).toBe(true);
    expect(parseTimeframes('所有周期的趋势').all).toBe(true);
    expect(parseTimeframes('price today').day).toBe(true);
  });
});

describe('answer scope', () => {
  it('answers the timeframe asked, the nearest analysed one for another, and the most relevant by default', () => {
    expect(scopeOf('Where is support on the daily?').timeframes).toEqual(['1d']);
    expect(scopeOf('日线支撑在哪里？').timeframes).toEqual(['1d']);
    expect(scopeOf('Where is support?')).toMatchObject({ timeframes: ['1h'], asked: false });
    expect(scopeOf('What is the price?').timeframes).toEqual(['5m']);
    expect(scopeOf('4h resistance?')).toMatchObject({ timeframes: ['1h'], substituted: [{ asked: '4h', used: '1h' }] });
    expect(scopeOf('weekly trend')).toMatchObject({ timeframes: ['1d'], substituted: [{ asked: '1w', used: '1d' }] });
    expect(scopeOf('trend on all timeframes').timeframes).toEqual(['5m', '1h', '1d']);
    expect(scopeOf('Any news?')).toMatchObject({ timeframes: [], news: true });
    expect(scopeOf('tell me a joke').timeframes).toEqual([]);
    expect(scopeOf('tell me a joke', { forModel: true })).toMatchObject({ timeframes: ['1h'], news: true, accuracy: true });
  });
});

describe('the built-in analyst answers short first, on the live price, with a compact list and one sources line', () => {
  it('answers a daily question about the daily only, in English, from the live price with its time', () => {
    const text = answer('Where is support on the daily, and what would invalidate the bullish case?');
    const ls = lines(text);
    // a short answer first: the live price with its time, then one sentence per thing asked
    expect(ls[0]).toMatch(/^BTC is at \*\*103,150\.25 USDT\*\* \(live, 16 May 2025 12:26 UTC\)\. .*A long is proven wrong on a 1d close below \*\*[\d,.]+\*\*/);
    expect(ls[0]).toMatch(/Nearest 1d support: \*\*[\d,.]+\*\* \(-[\d.]+% from the live price\)/);
    expect(text).not.toMatch(/^#/m);
    const items = ls.filter((l) => l.startsWith('- '));
    expect(items.length).toBeGreaterThanOrEqual(3);
    // exactly one sources line, naming the live price and the daily candle only
    const sources = ls.filter((l) => /^(Sources|Data)\b/.test(l));
    expect(sources).toEqual(['Sources: BTC live price at 16 May 2025 12:26 UTC · BTC 1d candle closed 16 May 2025 12:00 UTC · replay data']);
    expect(mentioned(text)).toEqual(['1d']);
    expect(text).toContain('Not financial advice');
    expect(ungroundedNumbers(text, f)).toEqual([]);
  });

  it('answers a Chinese daily question about 日线 only, in Chinese, with one 数据来源 line', () => {
    const text = answer('日线支撑在哪里？什么会让看涨判断失效？', 'zh-CN');
    const ls = lines(text);
    expect(ls[0]).toMatch(/^BTC 现价 \*\*103,150\.25 USDT\*\*（实时，2025年5月16日 12:26 UTC）。日线最近支撑：\*\*[\d,.]+\*\*/);
    expect(ls.filter((l) => /^数据来源|^数据：/.test(l))).toEqual(['数据来源：BTC 实时价格（2025年5月16日 12:26 UTC） · BTC 日线 K 线收盘于 2025年5月16日 12:00 UTC · 回放数据']);
    expect(mentioned(text)).toEqual(['日线']);
    expect(text).toContain('不构成投资建议');
    expect(ungroundedNumbers(text, f)).toEqual([]);
  });

  it('answers in the language of the question, whatever the page language', () => {
    expect(answer('支撑位在哪里？', 'en-US')).toContain('最近支撑');
    expect(answer('Where is support?', 'zh-CN')).toContain('Nearest 1h support');
  });

  it('takes 1h for levels and the finest timeframe for the price when none is named', () => {
    expect(mentioned(answer('Where is support?'))).toEqual(['1h']);
    expect(mentioned(answer('支撑位在哪里？', 'zh-CN'))).toEqual(['1 小时']);
    expect(mentioned(answer('What is the price?'))).toEqual(['5m']);
    expect(lines(answer('What is the price?'))[0]).toBe('BTC is at **103,150.25 USDT** (live, 16 May 2025 12:26 UTC).');
  });

  it('says when the timeframe asked is not analysed and answers on the nearest one', () => {
    const text = answer('Where is 4h resistance?');
    expect(lines(text)[0]).toBe('_4h is not an analysed timeframe; this answer uses the nearest one, 1h._');
    expect(mentioned(text)).toEqual(['1h']);
    expect(answer('4小时阻力在哪？', 'zh-CN')).toContain('未分析 4h 周期；以下使用最接近的1 小时周期');
  });

  it('answers every timeframe only when asked, labelling each figure with its timeframe', () => {
    const text = answer('Trend on all timeframes?');
    expect(mentioned(text)).toEqual(['5m', '1h', '1d']);
    expect(text).toMatch(/^- \*\*Change\*\* \(1d\): /m);
    expect(lines(text).filter((l) => l.startsWith('Sources:'))).toHaveLength(1);
  });

  it('keeps every signal figure with its baseline, edge interval and n', () => {
    const text = answer('Which 1h signals fired?');
    expect(lines(text)[0]).toMatch(/none with a measurable edge over its baseline/);
    expect(text).toMatch(/^- MACD histogram falling \(1h, bearish, hit rate 40 %, baseline 41 %, n = 749; no measurable edge \(−0\.9 pp, 95 % CI/m);
    expect(mentioned(text)).toEqual(['1h']);
  });

  it('names the news and the track record in the one sources line when it uses them, and nothing else', () => {
    const news = answer('Any news?');
    expect(lines(news).filter((l) => l.startsWith('Sources:'))).toEqual(['Sources: news #n42 · replay data']);
    expect(mentioned(news)).toEqual([]);
    const acc = answer('What is the track record?');
    expect(lines(acc)[0]).toMatch(/^BTC signals of the last 7 days: 60% hit \(12 of 20 scored; 3 pending\)\.$/);
    expect(lines(acc).filter((l) => l.startsWith('Sources:'))).toEqual(['Sources: BTC signals scored over the last 7 days · replay data']);
  });

  it('answers "buy now or wait, and where is the stop" with the setup, the zone, the stop and one line on what it cannot know', () => {
    const text = answer('Should I buy BTC now or wait for a pullback? Where would you put a stop?');
    const p = f.timeframes[1].plan!;
    expect(lines(text)[0]).toMatch(/^BTC is at \*\*103,150\.25 USDT\*\* \(live, 16 May 2025 12:26 UTC\)\. The 1h rules lean \*\*(long|short)\*\*/);
    expect(text).toContain(`- **Stop (invalidation)**: ${p.invalidation.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(text).toMatch(/^_What I can’t know: the future\./m);
    expect(text).not.toMatch(/can’t give personal financial advice|can’t predict/);
    expect(ungroundedNumbers(text, f)).toEqual([]);
  });

  it('answers an outlook with the base rate of the horizon and its n, in Chinese too', () => {
    const closes = Array.from({ length: 400 }, (_, i) => ({ time: T0 - (400 - i) * 86_400_000, close: 100 + (i % 9) - (i % 4) + i * 0.1 }));
    const fh: AssistantFacts = { ...f, horizon: horizonStats(closes, '1d', 168) };
    const h = fh.horizon!;
    expect(h).toMatchObject({ candles_per_window: 7, windows: 57, timeframe: '1d', days: 7 });
    const zh = builtinAnswer(fh, readQuestion('比特币接下来一周会涨还是跌？主要风险是什么？', coins[0], coins, 'en-US'));
    expect(zh).toContain(`过去每 7 天的窗口中，BTC 收涨的占 **${Math.round(h.up_share * 100)}%**（样本 57，95% 区间`);
    expect(zh).toContain('日线主要风险');
    expect(zh).toMatch(/我无法知道的：未来/);
    expect(ungroundedNumbers(zh, fh)).toEqual([]);
  });

  it('re-splits levels at the live price: a support the price fell through is a resistance at once', () => {
    const t = f.timeframes[1];
    const below = rebaseOnLive(t, t.supports[0].price - 1);
    expect(below.resistances[0].price).toBe(t.supports[0].price);
    expect(below.supports[0].price).toBe(t.supports[1].price);
    expect(below.invalidation.bullish).toBe(t.supports[1].price - 0.5 * t.atr!);
    expect(below.last_close).toBe(t.last_price);
  });

  it('answers a question outside its scope with what it can answer, in the question’s language, and no sources line', () => {
    const en = answer('tell me a joke');
    expect(en).toMatch(/^I’m Coinlens’ built-in rule-based analyst, not a language model/);
    expect(en).toContain('did not count toward your daily questions');
    expect(en).not.toMatch(/^Sources:/m);
    expect(answer('讲个笑话', 'en-US')).toMatch(/^我是 Coinlens 内置的规则分析器，不是语言模型/);
  });
});

describe('a low-priced coin', () => {
  // a made-up PEPE at ~0.000013 (the BTC figures above scaled down by 8e9)
  const unit = 1.25e-10;
  const timeframes = [tf('5m', 1, 0.0000130213, unit), tf('1h', 4, 0.0000130109, unit), tf('1d', 20, 0.0000128477, unit)].map((t) => rebaseOnLive(t, 0.0000130412));
  const pepe: AssistantFacts = {
    ...f,
    coin: { id: 9, symbol: 'PEPE', name: 'Pepe' },
    price: 0.0000130213,
    day: { from: T0 - 86_400_000, to: T0, open: 0.0000126, close: 0.0000130109, high: 0.0000131, low: 0.0000125, change_pct: 2 },
    timeframes,
    strategy: { short_term: timeframes[1].plan, medium_long_term: timeframes[2].plan },
    live: { price: 0.0000130412, at: T0 + 26 * 60_000, basis: 'ticker', change_24h_pct: 1.9 },
  };
  const pepeCoins = [{ symbol: 'PEPE', name: 'Pepe' }];

  it('writes its prices in subscript-zero notation, as the screens do, and every number is grounded', () => {
    for (const [q, lang] of [
      ['Where is support and resistance?', 'en-US'],
      ['Should I buy now? Where would you put a stop?', 'en-US'],
      ['支撑和阻力在哪里？', 'zh-CN'],
    ] as const) {
      const text = builtinAnswer(pepe, readQuestion(q, pepeCoins[0], pepeCoins, lang));
      expect(text).toMatch(/\*\*0\.0₄1304 USDT\*\*/);
      expect(text).not.toMatch(/0\.0000\d/);
      expect(ungroundedNumbers(text, pepe)).toEqual([]);
    }
  });
});

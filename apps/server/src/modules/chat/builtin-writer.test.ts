import { describe, expect, it } from 'vitest';
import { edgeStat, formatEdge, type TaTimeframe, TIMEFRAME_MS } from '@coinlens/contracts';
import type { CoinFacts, TimeframeFacts } from '../ai/facts';
import { buildPlan } from '../ai/strategy';
import { builtinAnswer } from './builtin-writer';
import { ungroundedNumbers } from './grounding';
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

/** One analysed timeframe of a made-up BTC at ~103,000 (levels and ATR scaled by `k`). */
function tf(timeframe: TaTimeframe, k: number, last: number): TimeframeFacts {
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
    atr: 150 * k,
    rsi: 55.3 + k,
    supports: [{ price: last - 300 * k, distance_pct: -0.29 * k, touches: 3, strength: 0.8 }, { price: last - 900 * k, distance_pct: -0.87 * k, touches: 1, strength: 0.4 }],
    resistances: [{ price: last + 400 * k, distance_pct: 0.39 * k, touches: 2, strength: 0.7 }],
    signals: [sig(300, 749, 0.41)],
    probability_target: 'support',
    touch: { p: 0.62, n: 120 + k, wording: 'likely' },
    breakthrough: { p: 0.3, n: 120 + k, wording: 'unlikely' },
    horizon_candles: 24,
    invalidation: { bullish: null, bearish: null },
    plan: null,
  };
  t.plan = buildPlan(t);
  t.invalidation = { bullish: t.supports[0].price - 75 * k, bearish: t.resistances[0].price + 75 * k };
  return t;
}

function facts(): CoinFacts {
  const timeframes = [tf('5m', 1, 103_120.5), tf('1h', 4, 103_050), tf('1d', 20, 102_800)];
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
  };
}

const f = facts();
const answer = (q: string, lang: 'en-US' | 'zh-CN' = 'en-US') => builtinAnswer(f, q, lang, coins);
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
    expect(answerScope(f, 'Where is support on the daily?').timeframes).toEqual(['1d']);
    expect(answerScope(f, '日线支撑在哪里？').timeframes).toEqual(['1d']);
    expect(answerScope(f, 'Where is support?')).toMatchObject({ timeframes: ['1h'], asked: false });
    expect(answerScope(f, 'What is the price?').timeframes).toEqual(['5m']);
    expect(answerScope(f, '4h resistance?')).toMatchObject({ timeframes: ['1h'], substituted: [{ asked: '4h', used: '1h' }] });
    expect(answerScope(f, 'weekly trend')).toMatchObject({ timeframes: ['1d'], substituted: [{ asked: '1w', used: '1d' }] });
    expect(answerScope(f, 'trend on all timeframes').timeframes).toEqual(['5m', '1h', '1d']);
    expect(answerScope(f, 'Any news?')).toMatchObject({ timeframes: [], news: true });
    expect(answerScope(f, 'tell me a joke').timeframes).toEqual([]);
    expect(answerScope(f, 'tell me a joke', { forModel: true })).toMatchObject({ timeframes: ['1h'], news: true, accuracy: true });
  });
});

describe('the built-in analyst answers short first, with a compact list and one sources line', () => {
  it('answers a daily question about the daily only, in English', () => {
    const text = answer('Where is support on the daily, and what would invalidate the bullish case?');
    const ls = lines(text);
    // a short answer first: a sentence, not a heading or a label line
    expect(ls[0]).toMatch(/^Nearest 1d support: \*\*[\d,.]+\*\* .*The bullish case fails on a 1d close below \*\*[\d,.]+\*\*\.$/);
    expect(text).not.toMatch(/^#/m);
    // then the figures as one list
    const items = ls.filter((l) => l.startsWith('- '));
    expect(items.length).toBeGreaterThanOrEqual(3);
    const firstItem = ls.findIndex((l) => l.startsWith('- '));
    expect(ls.slice(firstItem, firstItem + items.length).every((l) => l.startsWith('- ') || l.startsWith('  '))).toBe(true);
    // exactly one sources line, naming the daily candle only
    const sources = ls.filter((l) => /^(Sources|Data)\b/.test(l));
    expect(sources).toEqual(['Sources: BTC 1d candle closed 16 May 2025 12:00 UTC · replay data']);
    expect(mentioned(text)).toEqual(['1d']);
    expect(text).toContain('Not financial advice');
    expect(ungroundedNumbers(text, f)).toEqual([]);
  });

  it('answers a Chinese daily question about 日线 only, with one 数据来源 line', () => {
    const text = answer('日线支撑在哪里？什么会让看涨判断失效？', 'zh-CN');
    const ls = lines(text);
    expect(ls[0]).toMatch(/^日线最近支撑：\*\*[\d,.]+\*\*/);
    expect(ls.filter((l) => /^数据来源|^数据：/.test(l))).toEqual(['数据来源：BTC 日线 K 线收盘于 2025年5月16日 12:00 UTC · 回放数据']);
    expect(mentioned(text)).toEqual(['日线']);
    expect(text).toContain('不构成投资建议');
    expect(ungroundedNumbers(text, f)).toEqual([]);
  });

  it('takes 1h for levels and the finest timeframe for the price when none is named', () => {
    expect(mentioned(answer('Where is support?'))).toEqual(['1h']);
    expect(mentioned(answer('支撑位在哪里？', 'zh-CN'))).toEqual(['1 小时']);
    expect(mentioned(answer('What is the price?'))).toEqual(['5m']);
    expect(lines(answer('What is the price?'))[0]).toBe('BTC last closed at **103,120.50 USDT** on the 5m chart.');
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
    const text = answer('Which 1h signals fired, and how reliable are they?');
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

  it('gives the short-term or the medium/long-term plan as the timeframe asks', () => {
    expect(lines(answer('What is the strategy?'))[0]).toMatch(/^Short term \(1h\) rules give a (long|short) bias/);
    const daily = answer('What is the daily strategy?');
    expect(lines(daily)[0]).toMatch(/^Medium\/long term \(1d\) rules give/);
    expect(mentioned(daily)).toEqual(['1d']);
  });

  it('declines what it cannot answer before anything else, and adds no sources line without data', () => {
    const pred = answer('Will BTC hit 150000 next month?');
    expect(lines(pred)[0]).toMatch(/^> I can’t predict future prices/);
    expect(pred).not.toMatch(/^Sources:/m);
  });
});

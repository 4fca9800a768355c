import { describe, expect, it } from 'vitest';
import { importanceLevelOf, isMove, newsRecord, priceCrossRecord, priceMoveRecord, strategyRecord, windowMoveRate } from './alerts.records';

const HOUR = 3_600_000;

describe('windowMoveRate', () => {
  it('counts close-to-close moves over non-overlapping windows ending before the trigger, within the look-back', () => {
    // closes: 100, 101, 103, 103, 100, 100, 102 (hourly); windows of 2 candles ending at index 6, 4, 2
    const close = [100, 101, 103, 103, 100, 100, 102];
    const openTime = close.map((_, i) => i * HOUR);
    const r = windowMoveRate(openTime, close, { end: 6, k: 2, step: 2, since: 0, test: (x) => isMove(x, 2, 'any') });
    // 6: 102/100 = +2 % (hit); 4: 100/103 = −2.9 % (hit); 2: 103/100 = +3 % (hit)
    expect(r).toEqual({ hits: 3, n: 3, from: 0, to: 6 * HOUR });
    const up = windowMoveRate(openTime, close, { end: 6, k: 2, step: 2, since: 0, test: (x) => isMove(x, 2, 'up') });
    expect(up.hits).toBe(2);
    const recent = windowMoveRate(openTime, close, { end: 6, k: 2, step: 2, since: 2 * HOUR, test: () => true });
    expect(recent.n).toBe(2);
    expect(windowMoveRate(openTime, close, { end: 1, k: 2, step: 2, since: 0, test: () => true })).toEqual({ hits: 0, n: 0, from: null, to: null });
  });

  it('treats a move of exactly the percent as a move, and direction strictly', () => {
    expect(isMove(2, 2, 'up')).toBe(true);
    expect(isMove(-2, 2, 'up')).toBe(false);
    expect(isMove(-2.5, 2, 'down')).toBe(true);
    expect(isMove(1.99, 2, 'any')).toBe(false);
  });
});

describe('record lines', () => {
  it('words a price move base rate with n, the Wilson interval and the span, in both languages', () => {
    const r = priceMoveRecord('BTC', { percent: 2, window_minutes: 60, direction: 'any' }, { hits: 203, n: 2160, from: 0, to: 90 * 24 * HOUR });
    expect(r.en).toBe('BTC moved ≥ 2 % either way within 60 min in 9.4 % of windows (95 % CI 8.2–10.7 %, n = 2,160 windows, last 90 days)');
    expect(r.zh).toBe('BTC 60 分钟内涨跌 ≥ 2 %的窗口占 9.4 %（95% 置信区间 8.2–10.7 %，样本 2,160 个窗口，近 90 天）');
    const none = priceMoveRecord('ETH', { percent: 1, window_minutes: 5, direction: 'up' }, { hits: 0, n: 0, from: null, to: null });
    expect(none.en).toContain('n = 0');
    expect(none.zh).toContain('样本 0');
  });

  it('says a price level has no track record', () => {
    expect(priceCrossRecord().en).toMatch(/no track record/);
    expect(priceCrossRecord().zh).toMatch(/没有历史记录/);
  });

  it('words the strategy record: target before invalidation and return vs holding with intervals over episodes, n, episodes and in-sample share', () => {
    // 100 strategies as 100 separate episodes (windows that do not overlap)
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => ({ episode: `a${i}`, target_first: true, return_pct: 2 + (i % 3) * 0.1, hold_pct: 1, origin: i < 30 ? 'backfill' : 'live' })),
      ...Array.from({ length: 60 }, (_, i) => ({ episode: `b${i}`, target_first: false, return_pct: -1.5 - (i % 4) * 0.1, hold_pct: 0.5, origin: 'backfill' })),
    ];
    const r = strategyRecord('builtin', '1h', rows);
    expect(r.en).toMatch(/^Built-in analyst's 1h strategies: 40 of 100 reached the target before the invalidation \(40\.0 %, 95 % CI 3\d\.\d–49\.\d %\); mean −0\.\d\d % after fees vs holding \+0\.70 % \(difference −\d\.\d\d pp, 95 % CI −\d\.\d\d to −\d\.\d\d\); n = 100, 90 of them in-sample backfill$/);
    expect(r.zh).toMatch(/^内置分析师 1h 策略：100 个中有 40 个先到达目标价、未先触及失效价（40\.0 %，95% 置信区间 3\d\.\d–49\.\d %）；扣除费用后平均 −0\.\d\d %，同期持有 \+0\.70 %（差 −\d\.\d\d 个百分点，95% 置信区间 .+）；样本 100，其中 90 个为样本内回填$/);
    expect(strategyRecord('gpt-x', '1d', []).en).toBe("gpt-x's 1d strategies: none scored yet (n = 0), so no track record");
    expect(strategyRecord('builtin', '1d', [{ episode: 'x', target_first: true, return_pct: 1, hold_pct: 0, origin: 'live' }]).en).toContain('no interval with 1 episode');
  });

  it('counts strategies whose windows overlap as one episode: the same record in 5 episodes is far less certain', () => {
    // the 100 strategies above, but written every few hours on 5 coins: 5 episodes of 20 that share their outcome
    const rows = Array.from({ length: 100 }, (_, i) => {
      const g = Math.floor(i / 20);
      return { episode: `coin${g}`, target_first: g < 2, return_pct: g < 2 ? 2 : -1.5, hold_pct: g < 2 ? 1 : 0.5, origin: 'backfill' };
    });
    const r = strategyRecord('builtin', '1h', rows);
    expect(r.en).toContain('n = 100 in 5 episodes');
    expect(r.zh).toContain('样本 100，5 个事件段');
    const ci = /40\.0 %, 95 % CI ([\d.]+)–([\d.]+) %/.exec(r.en)!;
    // independent cases would give about 30.9–49.8 %; over 5 episodes the interval is far wider
    expect(Number(ci[1])).toBeLessThan(20);
    expect(Number(ci[2])).toBeGreaterThan(70);
  });

  it('words the news record as an edge over the 24 h base rate, or no measurable edge, in both languages', () => {
    const strong = newsRecord('BTC', 'bullish', 2, 'coin', { hits: 150, n: 200 }, { hits: 1000, n: 2000 });
    expect(strong.en).toMatch(/^Bullish news about BTC \(importance ≥ important\): followed by a rise within 24 h in 75\.0 % of 200 items \(95 % CI 68\.\d–80\.\d %\), base rate 50\.0 % of all 24 h windows \(95 % CI 47\.\d–52\.\d %, n = 2,000\): edge \+25\.0 pp \(95 % CI \+\d+\.\d to \+\d+\.\d\)$/);
    expect(strong.zh).toMatch(/^关于 BTC 的看涨新闻（重要程度 ≥ 重要）：其后 24 小时内上涨的比例为 75\.0 %（共 200 条，.*）：优势 \+25\.0 个百分点/);
    const weak = newsRecord('ETH', 'bearish', 3, 'all', { hits: 11, n: 20 }, { hits: 1000, n: 2000 });
    expect(weak.en).toMatch(/^Bearish news about any coin \(importance ≥ most important\): followed by a fall .* no measurable edge/);
    expect(weak.zh).toContain('无可测量的优势');
    const none = newsRecord('ETH', 'bearish', 0, 'all', { hits: 0, n: 0 }, { hits: 10, n: 20 });
    expect(none.en).toContain('n = 0');
    expect(newsRecord('ETH', 'neutral', 0, 'coin', { hits: 0, n: 0 }, { hits: 0, n: 0 }).en).toContain('no direction to score');
  });

  it('maps a rule minimum importance (1 general … 4 most important; 5 of older rules) to the stored level', () => {
    expect([1, 2, 3, 4, 5].map(importanceLevelOf)).toEqual([0, 1, 2, 3, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { dailyLimit, listPlans, PLANS, savedScreenLimit, webhookEndpointLimit } from './plans';
import { ENTITLEMENTS, isEntitled } from './entitlements';

describe('plans and entitlements', () => {
  it('lists free, monthly and yearly with quotas and localized perks', () => {
    const en = listPlans('en-US');
    const zh = listPlans('zh-CN');
    expect(en.map((p) => [p.key, p.tier, p.period, p.price])).toEqual([
      ['free', 'Basic', 'Free', '0'],
      ['pro_monthly', 'Pro', 'Monthly', '19.9'],
      ['pro_yearly', 'Pro', 'Yearly', '199'],
    ]);
    expect(zh[1].perks.length).toBe(en[1].perks.length);
    expect(zh[1].name).not.toBe(en[1].name);
    expect(parseUnits(PLANS.pro_monthly.price, 6)).toBe(19_900_000n);
    expect(parseUnits(PLANS.pro_yearly.price, 18)).toBe(199n * 10n ** 18n);
  });

  it('caps webhook endpoints per plan (Free 3, Pro 20) and lists the cap among the perks', () => {
    expect([webhookEndpointLimit(false), webhookEndpointLimit(true)]).toEqual([3, 20]);
    expect(listPlans('en-US').map((p) => p.webhookEndpoints)).toEqual([3, 20, 20]);
    expect(listPlans('en-US')[0].perks).toContain('Up to 3 webhook endpoints');
    expect(listPlans('zh-CN')[1].perks).toContain('最多 20 个 Webhook 端点');
  });

  it('caps saved screener screens per plan (Free 1, Pro 20) and lists the cap among the perks', () => {
    expect([savedScreenLimit(false), savedScreenLimit(true)]).toEqual([1, 20]);
    expect(listPlans('en-US').map((p) => p.savedScreens)).toEqual([1, 20, 20]);
    expect(listPlans('en-US')[0].perks).toContain('1 saved screen');
    expect(listPlans('en-US')[1].perks).toContain('Up to 20 saved screens');
    expect(listPlans('zh-CN')[1].perks).toContain('最多保存 20 个筛选器');
  });

  it('gives Pro members the pro_monthly limits', () => {
    expect(dailyLimit(false, 'qa_per_day')).toBe(PLANS.free.qaPerDay);
    expect(dailyLimit(true, 'qa_per_day')).toBe(PLANS.pro_monthly.qaPerDay);
    expect(dailyLimit(true, 'strategy_per_day')).toBeGreaterThan(dailyLimit(false, 'strategy_per_day'));
  });

  it('keeps the free features free and the Pro features Pro-only', () => {
    for (const f of ['news.interpretation', 'coin.basics', 'news.impact', 'watchlist', 'signals.overview', 'strategy.generate', 'assistant.ask'] as const) expect(isEntitled(f, false)).toBe(true);
    for (const f of ['news.personalised_filter', 'ta.full', 'signals.full', 'search.followed_coins'] as const) {
      expect(isEntitled(f, false)).toBe(false);
      expect(isEntitled(f, true)).toBe(true);
    }
    expect(Object.values(ENTITLEMENTS).every((r) => r.pro)).toBe(true);
  });
});

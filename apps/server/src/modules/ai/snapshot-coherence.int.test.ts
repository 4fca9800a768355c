import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlineInsight, LabelledTaResult, SignalItem, StrategyPlan } from '@coinlens/contracts';
import { sql } from 'drizzle-orm';
import { createTestApp, T0 } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';

// One analysis snapshot per (coin, timeframe, candle), read by every consumer: the coin page's TA
// panel (GET /ta/:tf), the signal cards (GET /crypto/ta/all) and the AI insights and strategies
// (GET /aggregate, POST /strategy) must state the same levels and the same n, also after the clock
// has moved on by a few 5m candles inside one hour (runs on PostgreSQL too: DATABASE_URL).
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], now: T0 + 20 * 60_000 });
}, 300_000);
afterAll(async () => t?.close());

const get = async <T>(url: string, headers?: Record<string, string>): Promise<T> => {
  const r = await t.app.inject({ method: 'GET', url, headers });
  expect(r.statusCode, `${url}: ${r.body.slice(0, 300)}`).toBe(200);
  return r.json().result as T;
};

/** Every figure of a 5m insight the panel states too: candle, nearest levels, the touch n (or "within normal noise"). */
function expectInsightMatchesPanel(insight: KlineInsight | undefined, panel: LabelledTaResult) {
  expect(insight, 'a 5m insight').toBeDefined();
  expect(insight!.candle_open_time).toBe(panel.current.candle_open_time);
  if (panel.support_price !== null) expect(insight!.text).toContain(`Support ${panel.support_price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  if (panel.resistance_price !== null) expect(insight!.text).toContain(`Resistance ${panel.resistance_price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  if (panel.probability_target && panel.probability_within_noise) expect(insight!.text).toContain('within normal noise');
  else if (panel.probability_target && panel.touch_probability.n > 0) expect(insight!.text).toContain(`(n = ${panel.touch_probability.n})`);
}

describe('one analysis snapshot per coin, timeframe and candle', () => {
  it('the AI insights quote the same 5m snapshot as the TA panel and the signal card, also two 5m candles later in the same hour', async () => {
    for (const step of [0, 10 * 60_000]) {
      t.clock.advance(step);
      const panel = await get<LabelledTaResult>('/api/crypto/btc/ta/5m');
      const agg = await get<{ kline_insights: KlineInsight[] }>('/api/crypto/btc/aggregate?lang=en-US');
      expectInsightMatchesPanel(agg.kline_insights.find((k) => k.timeframe === '5m'), panel);
      const list = await get<{ signals: SignalItem[] }>('/api/crypto/ta/all?offset=0&limit=10');
      const card = list.signals.find((s) => s.cryptocurrency.symbol === 'BTC')!.ta_result.find((r) => r.current.timeframe === '5m')!;
      expect(card.current.candle_open_time).toBe(panel.current.candle_open_time);
      // the same levels (a list item leaves out the ranking inputs volume_ratio and age_candles it does not show)
      const shown = (ls: LabelledTaResult['support']) => ls.map(({ volume_ratio: _v, age_candles: _a, ...l }) => l);
      expect(card.support).toEqual(shown(panel.support));
      expect(card.resistance).toEqual(shown(panel.resistance));
      expect(card.touch_probability).toEqual(panel.touch_probability);
      expect(card.market.verdict).toEqual(panel.market.verdict);
    }
  });

  it('serves levels a trader would draw: supports below and resistances above the analysed close, at most 3 a side, at least 0.5 ATR apart', async () => {
    for (const sym of ['btc', 'eth']) {
      for (const tf of ['5m', '1h', '1d']) {
        const r = await get<LabelledTaResult>(`/api/crypto/${sym}/ta/${tf}`);
        expect(r.support.length).toBeLessThanOrEqual(3);
        expect(r.resistance.length).toBeLessThanOrEqual(3);
        for (const l of r.support) expect(l.price).toBeLessThan(r.last_price);
        for (const l of r.resistance) expect(l.price).toBeGreaterThan(r.last_price);
        const prices = [...r.support, ...r.resistance].map((l) => l.price).sort((a, b) => a - b);
        // served prices are rounded (roundPrice): allow the rounding on each side
        const tol = 0.5 * (r.indicators.atr_14 ?? 0) - 0.02 * r.last_price / 100;
        for (let k = 1; k < prices.length; k++) expect(prices[k] - prices[k - 1]).toBeGreaterThanOrEqual(tol);
        expect(r.typical_move?.n).toBeGreaterThan(0);
        expect(r.market.verdict).toBeDefined();
      }
    }
  });

  it('proposes no strategy with reward/risk below 1.5: such a plan is "no trade" with its reasons and the levels to watch', async () => {
    const u = await createSignedInUser(t.ctx);
    let plans: StrategyPlan[] = [];
    for (const sym of ['btc', 'eth']) {
      const r = await t.app.inject({ method: 'POST', url: `/api/crypto/${sym}/strategy`, headers: u.headers, payload: { lang: 'en-US' } });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      const s = r.json().result.strategy;
      plans = plans.concat([s.short_term, s.medium_long_term].filter(Boolean));
    }
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      expect(p.decision).toBeDefined();
      if (p.decision!.trade) expect(p.reward_risk!).toBeGreaterThanOrEqual(1.5);
      else {
        expect(p.decision!.reasons.length).toBeGreaterThan(0);
        expect(p.strategy).toMatch(/^No trade: /);
        expect(p.summary).toContain('no trade');
        if (p.reward_risk !== null && p.reward_risk < 1.5) expect(p.decision!.reasons).toContain('reward_risk_below_minimum');
      }
      for (const risk of p.risks) expect(risk).not.toMatch(/#[a-z]+:[0-9a-f]{8,}/);
      for (const risk of p.risks) expect(risk).not.toContain('item(s)');
    }
  });

  it('signs "avg move" in the pattern\'s direction: a fall after a bearish pattern counts positive', async () => {
    await t.ctx.signalsPipeline.backfillAll(); // the logged and scored signals of the last 7 days
    const stats = await get<{ since: number; until: number; items: { label: string; timeframe: string; direction: string; avg_move_pct: number | null; all: { n: number } }[] }>('/api/signals/pattern-stats');
    const bearish = stats.items.filter((r) => r.direction === 'bearish' && r.avg_move_pct !== null && r.all.n > 0);
    expect(bearish.length).toBeGreaterThan(0);
    for (const r of bearish.slice(0, 5)) {
      const [row] = await t.ctx.db.query<{ move: string | number; n: string | number }>(
        sql`select sum(move_pct) as move, count(*) as n from signal_events where hit is not null and due_at > ${stats.since} and due_at <= ${stats.until} and label = ${r.label} and timeframe = ${r.timeframe}`,
      );
      const plainMean = Number(row.move) / Number(row.n);
      expect(r.avg_move_pct!).toBeCloseTo(-plainMean, 1);
    }
  }, 600_000);
});

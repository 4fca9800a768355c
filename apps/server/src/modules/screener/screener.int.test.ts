import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SCREEN_PRESETS } from '@coinlens/contracts/screener/screen';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { H, T, ta } from './screener.test-helpers';

const DAY = 86_400_000;
const preset = SCREEN_PRESETS.find((p) => p.key === 'oversold_edge')!.screen;
const bullishEdge = [{ label: 'bullish_engulfing', direction: 'bullish' as const, edge: true }];

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ symbols: ['BTC', 'ETH'], timeframes: ['5m', '1h'] });
  const repo = (t.ctx.signalsPipeline as unknown as { deps: { repo: { saveSnapshot: (...a: unknown[]) => Promise<void> } } }).deps.repo;
  const btc = t.ctx.market.resolve('BTC');
  const eth = t.ctx.market.resolve('ETH');
  await repo.saveSnapshot(btc.id, '1h', T, T + H, ta({ rsi: 24.5, price: 100_000, change: -3.2, signals: bullishEdge }));
  await repo.saveSnapshot(eth.id, '1h', T, T + H, ta({ rsi: 28, price: 2500, change: -1, signals: [{ label: 'hammer', direction: 'bullish', edge: false }] }));
});
afterAll(async () => {
  await t?.close();
});

const run = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/screener/run', payload: payload as Record<string, unknown> });

describe('POST /api/screener/run', () => {
  it('finds 1h RSI below 30 with a bullish signal that has a measurable edge, with the figures that matched', async () => {
    const r = await run(preset);
    expect(r.statusCode).toBe(200);
    const res = r.json().result;
    expect(res).toMatchObject({ timeframe: '1h', coins: 2, analysed: 2, total: 1, as_of: new Date(T + H).toISOString() });
    expect(res.items).toEqual([
      expect.objectContaining({ coin: expect.objectContaining({ symbol: 'BTC', slug: 'bitcoin' }), figures: expect.objectContaining({ rsi_14: 24.5, price: 100_000, change_pct: -3.2 }), held: [0, 1], signals: [expect.objectContaining({ label: 'bullish_engulfing', verdict: 'edge' })] }),
    ]);
    // without the edge condition both coins are oversold, sorted by RSI ascending
    const loose = (await run({ ...preset, conditions: [preset.conditions[0]] })).json().result;
    expect(loose.items.map((h: { coin: { symbol: string } }) => h.coin.symbol)).toEqual(['BTC', 'ETH']);
    // a timeframe without analyses: an honest empty answer
    expect((await run({ ...preset, timeframe: '1d' })).json().result).toMatchObject({ analysed: 0, total: 0, items: [], as_of: null });
  });

  it('answers 400 VALIDATION_FAILED naming the failing condition', async () => {
    const bad = await run({ timeframe: '1h', conditions: [{ type: 'value', field: 'rsi_14', op: 'lt', value: 30 }, { type: 'signal', pattern: 'no_such_pattern' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.conditions.1.pattern' }] });
    const schema = await run({ timeframe: '4h', conditions: [{ type: 'value', field: 'rsi', op: 'lt', value: 30 }] });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().error.code).toBe('VALIDATION_FAILED');
    expect(schema.json().error.fields.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^body\.timeframe/)]));
  });

  it('lists the catalogue of fields and patterns, with the OpenAPI document describing the endpoint', async () => {
    const c = (await t.app.inject({ method: 'GET', url: '/api/screener/catalogue' })).json().result;
    expect(c.fields).toContain('rsi_14');
    expect(c.patterns.find((p: { label: string }) => p.label === 'bullish_engulfing')).toMatchObject({ direction: 'bullish' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/screener/run', '/api/screener/screens', '/api/screener/screens/{id}']));
  });
});

describe('saved screens', () => {
  it('need sign-in and keep to the plan limit (Free 1, Pro 20)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/screener/screens' })).statusCode).toBe(401);
    const free = await createSignedInUser(t.ctx);
    const first = await t.app.inject({ method: 'POST', url: '/api/screener/screens', headers: free.headers, payload: { name: 'Oversold with edge', screen: preset } });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ name: 'Oversold with edge', screen: { timeframe: '1h', match: 'all', limit: 100 }, alert: null });
    const second = await t.app.inject({ method: 'POST', url: '/api/screener/screens', headers: free.headers, payload: { name: 'Two', screen: preset } });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'SCREEN_LIMIT_REACHED', details: { limit: 1 } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/screener/screens', headers: free.headers })).json().result;
    expect(list).toMatchObject({ limit: 1, screens: [{ id: first.json().result.id }] });
    const invalid = await t.app.inject({ method: 'PUT', url: `/api/screener/screens/${first.json().result.id}`, headers: free.headers, payload: { name: 'x', screen: { ...preset, conditions: [{ type: 'signal', pattern: 'nope' }] } } });
    expect(invalid.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.screen.conditions.0.pattern' }] });

    const member = await createSignedInUser(t.ctx);
    await t.ctx.db.query(sql`update users set subscription_end_date = ${Date.now() + 30 * DAY} where id = ${member.userId}`);
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: '/api/screener/screens', headers: member.headers, payload: { name: `S${i}`, screen: preset } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/screener/screens', headers: member.headers })).json().result).toMatchObject({ limit: 20 });
    // another user's screen is not found
    expect((await t.app.inject({ method: 'DELETE', url: `/api/screener/screens/${first.json().result.id}`, headers: member.headers })).json().error.code).toBe('SCREEN_NOT_FOUND');
  });
});

describe('enter alerts', () => {
  it('fires once when a coin enters a saved screen at a candle close, through the alert channels, counted as an alert rule', async () => {
    const u = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const screen = (await t.app.inject({ method: 'POST', url: '/api/screener/screens', headers: u.headers, payload: { name: 'Oversold with edge', screen: preset } })).json().result;
    expect((await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: other.headers, payload: { rule: { kind: 'screen', screen_id: screen.id } } })).json().error.code).toBe('SCREEN_NOT_FOUND');
    const rule = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'screen', screen_id: screen.id }, channels: ['email'] } });
    expect(rule.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/screener/screens', headers: u.headers })).json().result.screens[0].alert).toEqual({ rule_id: rule.json().result.id, active: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: u.headers })).json().result).toMatchObject({ active: 1, limit: 5 });

    const ev = t.ctx.alerts.evaluator!;
    const eth = t.ctx.market.resolve('ETH');
    const base = T - 3 * H;
    // first close: the baseline (not matching), nothing fires
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base, rsi: 45, signals: bullishEdge }), 'live')).toBe(0);
    // next close: RSI 27 with a bullish edge signal — ETH entered the screen
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + H, rsi: 27, price: 2400, signals: bullishEdge }), 'live')).toBe(1);
    // the same close again, then a close where it is still in the screen: no new alert
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + H, rsi: 27, price: 2400, signals: bullishEdge }), 'live')).toBe(0);
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + 2 * H, rsi: 26, signals: bullishEdge }), 'live')).toBe(0);
    // another timeframe's close does not touch a 1h screen
    expect(await ev.onAnalysis(eth, '5m', { ...ta({ openTime: base + 2 * H, rsi: 20, signals: bullishEdge }), current: { timeframe: '5m', candle_open_time: base + 2 * H, candles_used: 500 } }, 'live')).toBe(0);
    const notes = (await t.app.inject({ method: 'GET', url: '/api/alerts/notifications', headers: u.headers })).json().result.items;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'screen', price: 2400, path: '/crypto/ethereum', market_time: new Date(base + 2 * H).toISOString() });
    expect(notes[0].title).toEqual({ en: 'ETH entered your screen "Oversold with edge" (1h)', zh: 'ETH 进入您的筛选「Oversold with edge」（1h）' });
    expect(notes[0].body.en).toMatch(/rsi_14 27/);
    expect(notes[0].record.en).toMatch(/^bullish_engulfing, 1h: /);
    const [mail] = await t.ctx.db.query<{ n: number }>(sql`select count(*)::int as n from alert_deliveries where user_id = ${u.userId} and channel = 'email'`);
    expect(Number(mail.n)).toBe(1);

    // leaving, then entering again fires again; a change of the screen sets a new baseline
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + 3 * H, rsi: 40, signals: bullishEdge }), 'live')).toBe(0);
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + 4 * H, rsi: 25, signals: bullishEdge }), 'live')).toBe(1);
    await t.app.inject({ method: 'PUT', url: `/api/screener/screens/${screen.id}`, headers: u.headers, payload: { name: 'Renamed', screen: preset } });
    expect(await ev.onAnalysis(eth, '1h', ta({ openTime: base + 5 * H, rsi: 25, signals: bullishEdge }), 'live')).toBe(0);

    // deleting the screen deletes its enter alert
    expect((await t.app.inject({ method: 'DELETE', url: `/api/screener/screens/${screen.id}`, headers: u.headers })).json().result).toEqual({ deleted: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: u.headers })).json().result.rules).toEqual([]);
  });
});

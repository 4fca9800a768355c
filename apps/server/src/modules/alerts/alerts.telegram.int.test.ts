import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { risingCandle } from './alerts.test-helpers';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { createTestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { TelegramStandIn } from '../../../test/telegram-stand-in';
import { AlertDispatcher } from './alerts.dispatcher';
import { hashLinkToken } from './alerts.telegram';

/**
 * The Telegram channel end to end against a local Bot API stand-in speaking Telegram's wire format:
 * linking through `/start <token>` (received by long polling `getUpdates`), alerts sent with
 * `sendMessage` (HTML, escaped), 429 retried after `retry_after`, 403 (blocked) failing and unlinking.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const tg = new TelegramStandIn();
let chatSeq = 700_000_000;

beforeAll(async () => {
  await tg.start();
  t = await createTestApp({
    symbols: ['BTC', 'ETH'],
    timeframes: ['5m', '1h'],
    env: { TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_BOT_NAME: tg.bot.username, TELEGRAM_API_ROOT: tg.url, TELEGRAM_POLL_TIMEOUT_S: '0' },
  });
});
afterAll(async () => {
  await t?.close();
  await tg.close();
});

const bot = () => t.ctx.alerts.telegramBot!;

/** Signs up a user and links a fresh chat through the deep link, as the Telegram client would. */
async function linkedUser(opts: { language?: string; username?: string } = {}) {
  const u = await createSignedInUser(t.ctx);
  if (opts.language) await t.ctx.db.query(sql`update users set language = ${opts.language} where id = ${u.userId}`);
  const link = (await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/link', headers: u.headers })).json().result;
  const chatId = chatSeq++;
  tg.pushStart(chatId, link.token, { username: opts.username ?? `user${chatId}` });
  expect(await bot().pollOnce()).toBe(1);
  return { ...u, chatId, link };
}

describe('linking a chat', () => {
  it('reports the channel as configured, with the bot name', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const ch = (await t.app.inject({ method: 'GET', url: '/api/alerts/channels' })).json().result.channels;
    expect(ch.find((c: any) => c.channel === 'telegram')).toEqual({ channel: 'telegram', enabled: true, reason: null });
    const st = await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers });
    expect(st.json().result).toEqual({ enabled: true, reason: null, bot_name: 'coinlens_test_bot', linked: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram' })).statusCode).toBe(401);
  });

  it('links through /start <token>, confirms in the user\'s language and shows the @username', async () => {
    const { headers, userId } = await createSignedInUser(t.ctx);
    await t.ctx.db.query(sql`update users set language = 'zh_CN' where id = ${userId}`);
    const r = await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/link', headers });
    expect(r.statusCode).toBe(200);
    const link = r.json().result;
    expect(link.url).toBe(`https://t.me/coinlens_test_bot?start=${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Only the token's hash is stored.
    const stored = await t.ctx.db.query<{ token: string }>(sql`select token from telegram_link_tokens where user_id = ${userId}`);
    expect(stored).toEqual([{ token: hashLinkToken(link.token) }]);

    const chatId = chatSeq++;
    tg.pushStart(chatId, link.token, { username: 'alice_tg', language_code: 'en' });
    expect(await bot().pollOnce()).toBe(1);
    expect(tg.calls.some((c) => c.method === 'getMe')).toBe(true);
    const reply = tg.messagesTo(chatId);
    expect(reply).toHaveLength(1);
    expect(reply[0].text).toContain('已关联');
    const st = (await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers })).json().result;
    expect(st.linked).toMatchObject({ username: 'alice_tg' });
    // The token is used up: a second /start with it is answered politely, nothing changes.
    tg.pushStart(chatSeq++, link.token, { language_code: 'en' });
    await bot().pollOnce();
    expect(tg.messages.at(-1)!.text).toMatch(/^Sorry, this link has expired or was already used/);
    expect((await t.ctx.alerts.repo.telegramLinksOf([userId])).get(userId)!.chat_id).toBe(String(chatId));
    // Nothing is handled twice: the offset confirmed the updates.
    expect(await bot().pollOnce()).toBe(0);
  });

  it('answers an expired or unknown token politely in the Telegram client\'s language', async () => {
    const { headers, userId } = await createSignedInUser(t.ctx);
    const link = (await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/link', headers })).json().result;
    await t.ctx.db.query(sql`update telegram_link_tokens set expires_at = ${Date.now() - 1} where user_id = ${userId}`);
    const a = chatSeq++;
    tg.pushStart(a, link.token, { language_code: 'zh-hans' });
    const b = chatSeq++;
    tg.pushStart(b, 'not-a-token', { language_code: 'en' });
    const c = chatSeq++;
    tg.pushMessage(c, '/start', { language_code: 'en' });
    expect(await bot().pollOnce()).toBe(3);
    expect(tg.messagesTo(a)[0].text).toContain('链接已过期');
    expect(tg.messagesTo(b)[0].text).toMatch(/^Sorry, this link has expired/);
    expect(tg.messagesTo(c)[0].text).toContain('Connect Telegram');
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers })).json().result.linked).toBeNull();
  });

  it('unlinks from the page and by /stop in the chat', async () => {
    const a = await linkedUser();
    const del = await t.app.inject({ method: 'DELETE', url: '/api/alerts/telegram', headers: a.headers });
    expect(del.json().result).toEqual({ unlinked: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers: a.headers })).json().result.linked).toBeNull();
    const b = await linkedUser();
    tg.pushMessage(b.chatId, '/stop');
    await bot().pollOnce();
    expect(tg.messagesTo(b.chatId).at(-1)!.text).toMatch(/^Unlinked/);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers: b.headers })).json().result.linked).toBeNull();
  });

  it('accepts telegram on a rule only once a chat is linked', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const r = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h' }, channels: ['telegram'] } });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('TELEGRAM_NOT_LINKED');
    const test = await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/test', headers });
    expect(test.json().error.code).toBe('TELEGRAM_NOT_LINKED');
    const bad = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers, payload: { rule: { kind: 'signal', timeframe: '1h' }, channels: ['telegram', 'pigeon'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: any) => f.path)).toContain('body.channels.1');
  });
});

describe('delivering alerts to Telegram', () => {
  it('sends a fired price alert to the linked chat: title, price, market time, link', async () => {
    const u = await linkedUser();
    const c = await risingCandle(t.ctx.source);
    const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
    const rule = await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up' }, channels: ['telegram'] } });
    expect(rule.statusCode).toBe(200);
    expect(rule.json().result.channels).toEqual(['telegram']);
    expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(1);
    const before = tg.messagesTo(u.chatId).length;
    await t.ctx.alerts.dispatcher!.runOnce();
    const got = tg.messagesTo(u.chatId).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].parse_mode).toBe('HTML');
    expect(got[0].text).toMatch(/^<b>BTC crossed above [\d,.]+ USDT<\/b>\nPrice [\d,.]+ USDT at 2025-\d\d-\d\d \d\d:\d\d UTC \(replay\)\./);
    expect(got[0].text).toMatch(/<a href="http:\/\/localhost:\d+\/en-US\/crypto\/bitcoin">Open in Coinlens<\/a>$/);
    const log = (await t.app.inject({ method: 'GET', url: '/api/alerts/telegram/deliveries', headers: u.headers })).json().result;
    expect(log[0]).toMatchObject({ status: 'delivered', event_type: 'alert.fired', attempts: [{ attempt: 1, ok: true, status_code: 200 }] });
  });

  it('a running dispatcher sends a fresh alert handed over by the fire (no claim) to the linked chat', async () => {
    const u = await linkedUser();
    const c = await risingCandle(t.ctx.source);
    const level = Math.round(((c.open + c.high) / 2) * 100) / 100;
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'price_cross', coin: 'bitcoin', level, direction: 'up' }, channels: ['telegram'] } });
    const d = t.ctx.alerts.dispatcher!;
    const before = tg.messagesTo(u.chatId).length;
    d.start();
    try {
      // the deliveries are written already claimed by this worker and handed to its dispatcher
      expect(await t.ctx.alerts.evaluator!.onCandleClosed({ symbol: 'BTC', timeframe: '5m', candle: c })).toBe(1);
      await expect.poll(() => tg.messagesTo(u.chatId).length, { timeout: 10_000 }).toBe(before + 1);
      expect(tg.messagesTo(u.chatId).at(-1)!.text).toMatch(/^<b>BTC crossed above/);
    } finally {
      await d.stop();
    }
  });

  it('sends a signal alert with the trigger\'s record in the user\'s language, escaped for HTML', async () => {
    const u = await linkedUser({ language: 'zh_CN' });
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'signal', coin: 'ETH', timeframe: '1h' }, channels: ['telegram'] } });
    const row = t.ctx.market.resolve('ETH');
    const result = {
      current: { timeframe: '1h', candle_open_time: Date.parse('2025-05-16T10:00:00Z') },
      last_price: 2500.5,
      market: { signals: [{ label: 'bullish_engulfing', name: { en: 'Bullish <engulfing> & co', zh: '看涨<吞没>&' }, direction: 'bullish', edge: edgeStat(5, 40, 0.5, 1000) }] },
    } as any;
    expect(await t.ctx.alerts.evaluator!.onAnalysis(row, '1h', result, 'live')).toBe(1);
    await t.ctx.alerts.dispatcher!.runOnce();
    const m = tg.messagesTo(u.chatId).at(-1)!;
    expect(m.text).toContain('<b>ETH 1h：看涨&lt;吞没&gt;&amp;（看涨）</b>');
    expect(m.text).toContain('价格 2,500.50 USDT，时间 2025-05-16 11:00 UTC（回放）。');
    expect(m.text).toMatch(/\n看涨&lt;吞没&gt;&amp;，1h：.*，样本 40\n/);
    expect(m.text).toContain('/zh-CN/crypto/ethereum">在 Coinlens 中打开</a>');
  });

  it('retries a 429 after retry_after and logs both attempts', async () => {
    const u = await linkedUser();
    tg.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    const q = await t.app.inject({ method: 'POST', url: '/api/alerts/telegram/test', headers: u.headers });
    expect(q.statusCode).toBe(200);
    let now = Date.now();
    const d = new AlertDispatcher({ repo: t.ctx.alerts.repo, mailer: t.ctx.accounts.mailer, pollMs: 0, baseBackoffMs: 1000, now: () => now, telegram: bot().api });
    const before = tg.messagesTo(u.chatId).length;
    await d.runOnce();
    expect(tg.messagesTo(u.chatId)).toHaveLength(before);
    now += 6_000; // the backoff (1 s) has passed, retry_after (7 s) has not
    await d.runOnce();
    expect(tg.messagesTo(u.chatId)).toHaveLength(before);
    now += 1_001;
    await d.runOnce();
    expect(tg.messagesTo(u.chatId)).toHaveLength(before + 1);
    expect(tg.messagesTo(u.chatId).at(-1)!.text).toContain('Coinlens test message');
    const log = (await t.app.inject({ method: 'GET', url: '/api/alerts/telegram/deliveries', headers: u.headers })).json().result;
    expect(log[0]).toMatchObject({ message_id: q.json().result.message_id, status: 'delivered', event_type: 'alert.test' });
    expect(log[0].attempts.map((a: any) => [a.attempt, a.ok, a.status_code])).toEqual([
      [1, false, 429],
      [2, true, 200],
    ]);
    expect(log[0].attempts[0].error).toContain('Too Many Requests');
  });

  it('fails at once when the user blocked the bot (403) and removes the link', async () => {
    const u = await linkedUser();
    tg.blocked.add(String(u.chatId));
    await t.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: u.headers, payload: { rule: { kind: 'news', coin: 'BTC', min_importance: 1 }, channels: ['telegram'] } });
    const item = { id: `tg-${u.chatId}`, title: 'Headline <b>bold</b>', title_zh: null, coins: ['BTC'], importance: 4, sentiment: 'bullish', published_at: Date.parse('2025-05-16T11:30:00Z') } as any;
    expect(await t.ctx.alerts.evaluator!.onNewsReleased([item])).toBeGreaterThanOrEqual(1);
    await t.ctx.alerts.dispatcher!.runOnce();
    const log = (await t.app.inject({ method: 'GET', url: '/api/alerts/telegram/deliveries', headers: u.headers })).json().result;
    expect(log[0]).toMatchObject({ status: 'failed', next_attempt_at: null, attempts: [{ attempt: 1, ok: false, status_code: 403 }] });
    expect(log[0].attempts[0].error).toContain('blocked');
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/telegram', headers: u.headers })).json().result.linked).toBeNull();
    // With the link gone, the next alert of the rule queues nothing for Telegram.
    const n = await t.ctx.db.query(sql`select id from alert_deliveries where user_id = ${u.userId} and channel = 'telegram'`);
    expect(await t.ctx.alerts.evaluator!.onNewsReleased([{ ...item, id: `tg2-${u.chatId}` }])).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.query(sql`select id from alert_deliveries where user_id = ${u.userId} and channel = 'telegram'`)).toHaveLength(n.length);
  });
});

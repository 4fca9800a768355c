import { describe, expect, it } from 'vitest';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { parsesAsTelegramHtml } from '../../../test/telegram-stand-in';
import { alertTelegram, escapeTelegramHtml, recordLine, type AlertMessage } from './alerts.messages';
import { hashLinkToken, newLinkToken, telegramChannel } from './alerts.telegram';

const msg = (title: string): AlertMessage => ({
  kind: 'signal',
  title: { en: title, zh: `${title}（看涨）` },
  body: { en: 'Price 1.00 USDT at 2025-05-16 11:00 UTC (replay).', zh: '价格 1.00 USDT，时间 2025-05-16 11:00 UTC（回放）。' },
  record: recordLine({ en: 'A <b> & "c"', zh: '甲<乙>' }, '1h', edgeStat(5, 40, 0.5, 1000)),
  price: 1,
  marketTime: Date.parse('2025-05-16T11:00:00Z'),
  replay: true,
  path: '/feeds/a&b',
  facts: {},
});

describe('Telegram messages', () => {
  it('escapes every text for the HTML parse mode, so Telegram parses it', () => {
    const text = alertTelegram(msg('BTC <script> & "x"'), 'en_US', 'https://coinlens.example');
    expect(text.split('\n')[0]).toBe('<b>BTC &lt;script&gt; &amp; &quot;x&quot;</b>');
    expect(text).toContain('A &lt;b&gt; &amp; &quot;c&quot;, 1h:');
    expect(text).toContain('<a href="https://coinlens.example/en-US/feeds/a&amp;b">Open in Coinlens</a>');
    expect(parsesAsTelegramHtml(text)).toBe(true);
    // The stand-in refuses what Telegram refuses: an unescaped title would fail.
    expect(parsesAsTelegramHtml('<b>BTC <script></b>')).toBe(false);
    expect(parsesAsTelegramHtml('a & b')).toBe(false);
    expect(escapeTelegramHtml('<&>"')).toBe('&lt;&amp;&gt;&quot;');
  });

  it('writes the user\'s language and cuts a very long title', () => {
    const zh = alertTelegram(msg('x'.repeat(500)), 'zh_CN', 'https://c.example');
    expect(zh).toContain('/zh-CN/feeds/');
    expect(zh).toContain('在 Coinlens 中打开');
    expect(zh.split('\n')[0].length).toBeLessThan(320);
    expect(zh).toContain('甲&lt;乙&gt;，1h：');
  });

  it('is off without a bot token and name, with the reason', () => {
    expect(telegramChannel({})).toEqual({ enabled: false, reason: 'not_configured' });
    expect(telegramChannel({ TELEGRAM_BOT_TOKEN: '1:a', TELEGRAM_BOT_NAME: 'b_bot' })).toEqual({ enabled: true, reason: null });
    expect(telegramChannel({ TELEGRAM_BOT_TOKEN: '1:a', TELEGRAM_BOT_NAME: 'b_bot', TELEGRAM_ALERTS: false })).toEqual({ enabled: false, reason: 'disabled' });
  });

  it('makes link tokens Telegram accepts as a start parameter, and stores only their hash', () => {
    const a = newLinkToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newLinkToken()).not.toBe(a);
    expect(hashLinkToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkToken(a)).not.toContain(a);
  });
});

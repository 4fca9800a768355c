import { describe, expect, it } from 'vitest';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { alertMail, alertWebhookPayload, formatMarketTime, formatUsdt, priceLine, recordLine, type AlertMessage } from './alerts.messages';
import { backoffMs } from './alerts.dispatcher';

describe('alert messages', () => {
  it('formats USDT prices as the UI does (2 decimals at or above 1, grouped; else 4 significant digits)', () => {
    for (const p of [1, 12.3456, 999.999, 1234.5, 104_321.987, 1e9 + 0.5]) expect(formatUsdt(p)).toBe(p.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    // a binary tie rounds as the stored double (toFixed, as roundPrice and the web do), not as its decimal text
    expect(formatUsdt(1.005)).toBe('1.00');
    expect(formatUsdt(104_321.987)).toBe('104,321.99');
    expect(formatUsdt(0.000123456)).toBe('0.0001235');
    expect(formatUsdt(Number.NaN)).toBe('—');
    // the UI's form of a meme coin's price: subscript zeros, 4 significant digits
    expect(formatUsdt(0.0000139)).toBe('0.0₄1390');
  });

  it('words the trigger record with the edge, its 95 % interval and n, or "no measurable edge"', () => {
    const name = { en: 'Bullish engulfing', zh: '看涨吞没' };
    const strong = edgeStat(500, 812, 0.5, 20_000);
    const r = recordLine(name, '1h', strong);
    expect(r.en).toMatch(/^Bullish engulfing, 1h: edge \+\d+\.\d pp \(95 % CI \+\d+\.\d to \+\d+\.\d\), n = 812$/);
    expect(r.zh).toMatch(/^看涨吞没，1h：优势 \+\d+\.\d 个百分点/);
    const none = recordLine(name, '1h', edgeStat(5, 10, 0.5, 1000));
    expect(none.en).toContain('no measurable edge');
    expect(none.zh).toContain('无可测量的优势');
  });

  it('labels replay time and formats the price line in both languages', () => {
    expect(formatMarketTime(Date.parse('2025-05-16T14:05:00Z'), true)).toEqual({ en: '2025-05-16 14:05 UTC (replay)', zh: '2025-05-16 14:05 UTC（回放）' });
    expect(priceLine(103_456.789, Date.parse('2025-05-16T14:05:00Z'), false).en).toBe('Price 103,456.79 USDT at 2025-05-16 14:05 UTC.');
    expect(priceLine(0.000123456, 0, false).en).toContain('0.0001235 USDT');
  });

  it('writes the e-mail and the webhook body in the user language with the link', () => {
    const m: AlertMessage = {
      kind: 'signal',
      title: { en: 'BTC 1h: Bullish engulfing (bullish)', zh: 'BTC 1h：看涨吞没（看涨）' },
      body: { en: 'Price 1.00 USDT at x.', zh: '价格 1.00 USDT，时间 x。' },
      record: { en: 'rec', zh: '记录' },
      price: 1,
      marketTime: 0,
      replay: true,
      path: '/crypto/bitcoin',
      facts: { signal: 'bullish_engulfing' },
    };
    const mail = alertMail(m, 'zh_CN', 'https://coinlens.example');
    expect(mail.subject).toContain('看涨吞没');
    expect(mail.text).toContain('记录');
    expect(mail.text).toContain('https://coinlens.example/zh-CN/crypto/bitcoin');
    const hook = alertWebhookPayload(m, { eventId: 7, ruleId: 3 }, 'en_US', 'https://coinlens.example', 0) as any;
    expect(hook).toMatchObject({ type: 'alert.fired', data: { event_id: 7, rule_id: 3, record: 'rec', replay: true, url: 'https://coinlens.example/en-US/crypto/bitcoin', signal: 'bullish_engulfing' } });
  });

  it('backs off exponentially with a cap', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 5000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30, 5000)).toBe(3_600_000);
  });
});

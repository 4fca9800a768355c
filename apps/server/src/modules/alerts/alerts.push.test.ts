import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../platform/env';
import { alertChannelConfig } from './alerts';
import { alertPushPayload, MAX_PUSH_BYTES, vapidConfigOf } from './alerts.push';
import type { AlertMessage } from './alerts.messages';

const pair = () => {
  const e = crypto.createECDH('prime256v1');
  e.generateKeys();
  return { pub: e.getPublicKey().toString('base64url'), priv: Buffer.concat([Buffer.alloc(32), e.getPrivateKey()]).subarray(-32).toString('base64url') };
};

describe('VAPID environment', () => {
  it('is off without keys, and says why', () => {
    const env = parseEnv({});
    expect(vapidConfigOf(env)).toBeNull();
    expect(alertChannelConfig(env).webPush).toEqual({ enabled: false, reason: 'not_configured' });
  });

  it('takes a key pair, with the subject defaulting to the support address', () => {
    const k = pair();
    const env = parseEnv({ VAPID_PUBLIC_KEY: k.pub, VAPID_PRIVATE_KEY: k.priv });
    expect(vapidConfigOf(env)).toEqual({ publicKey: k.pub, privateKey: k.priv, subject: 'mailto:support@coinlens.example' });
    expect(alertChannelConfig(env).webPush).toEqual({ enabled: true, reason: null });
  });

  it('refuses one key without the other, keys of two pairs, malformed keys and subjects, naming the variables', () => {
    const a = pair();
    const b = pair();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: a.pub })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: Web Push needs both/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: a.pub, VAPID_PRIVATE_KEY: b.priv })).toThrow(/of one key pair/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.priv, VAPID_SUBJECT: 'ops@example.com' })).toThrow(EnvError);
    try {
      parseEnv({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.priv, VAPID_SUBJECT: 'ops@example.com' });
    } catch (e) {
      expect((e as Error).message).toContain('VAPID_PUBLIC_KEY: must be the base64url public key');
      expect((e as Error).message).toContain('VAPID_SUBJECT: must be a mailto: address or an https: URL');
      expect((e as Error).message).not.toContain(a.priv);
    }
  });
});

describe('push payload', () => {
  const msg = (over: Partial<AlertMessage> = {}): AlertMessage => ({
    kind: 'signal',
    title: { en: 'ETH 1h: Bullish engulfing (bullish)', zh: 'ETH 1h：看涨吞没（看涨）' },
    body: { en: 'Price 2,500.50 USDT at 2025-05-16 13:00 UTC (replay).', zh: '价格 2,500.50 USDT，时间 2025-05-16 13:00 UTC（回放）。' },
    record: { en: 'Bullish engulfing, 1h: edge +3.1 pp (95 % CI +0.8 to +5.6), n = 812', zh: '看涨吞没，1h：优势 +3.1 个百分点，样本 812' },
    price: 2500.5,
    marketTime: 0,
    replay: true,
    path: '/crypto/ethereum',
    facts: {},
    ...over,
  });

  it('says the trigger, price, market time and record in the user\'s language, with the link and a per-event tag', () => {
    expect(alertPushPayload(msg(), 42, 'en_US', 'https://x.example')).toEqual({
      notification: {
        title: 'ETH 1h: Bullish engulfing (bullish)',
        body: 'Price 2,500.50 USDT at 2025-05-16 13:00 UTC (replay).\nBullish engulfing, 1h: edge +3.1 pp (95 % CI +0.8 to +5.6), n = 812',
        url: 'https://x.example/en-US/crypto/ethereum',
        tag: 'coinlens-alert-42',
      },
      ttl: 86_400,
      urgency: 'normal',
    });
    const zh = alertPushPayload(msg({ kind: 'price_cross', record: null }), 7, 'zh_CN', 'https://x.example');
    expect(zh.notification).toMatchObject({ title: 'ETH 1h：看涨吞没（看涨）', body: '价格 2,500.50 USDT，时间 2025-05-16 13:00 UTC（回放）。', url: 'https://x.example/zh-CN/crypto/ethereum' });
    expect(zh.urgency).toBe('high');
  });

  it('stays within 3 KB of JSON, shortening the text', () => {
    const long = '新闻'.repeat(3000);
    const p = alertPushPayload(msg({ kind: 'news', title: { en: long, zh: long }, body: { en: long, zh: long } }), 1, 'zh_CN', 'https://x.example');
    expect(Buffer.byteLength(JSON.stringify(p.notification))).toBeLessThanOrEqual(MAX_PUSH_BYTES);
    expect(p.notification.body.endsWith('…')).toBe(true);
    expect(p.notification.url).toBe('https://x.example/zh-CN/crypto/ethereum');
  });
});

import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AlertNotification } from '@coinlens/contracts/alerts/rules';
import { ALERT_KEYS, applyUnread } from './alerts-api';

const note = (id: number): AlertNotification => ({
  id,
  rule_id: 1,
  kind: 'price_cross',
  title: { en: `t${id}`, zh: `t${id}` },
  body: { en: 'b', zh: 'b' },
  record: null,
  price: 1,
  market_time: '2025-05-16T00:05:00.000Z',
  replay: true,
  path: '/crypto/bitcoin',
  created_at: '2025-05-16T00:05:00.000Z',
  read: false,
});

describe('live unread count', () => {
  it('puts a pushed alert first once and takes the count from the stream', () => {
    const qc = new QueryClient();
    qc.setQueryData(ALERT_KEYS.notifications, { items: [note(1)], unread: 1 });
    applyUnread(qc, { unread: 2, latest: note(2) });
    applyUnread(qc, { unread: 2, latest: note(2) });
    expect(qc.getQueryData<{ items: AlertNotification[]; unread: number }>(ALERT_KEYS.notifications)).toMatchObject({ unread: 2, items: [{ id: 2 }, { id: 1 }] });
    applyUnread(qc, { unread: 0, latest: null });
    expect(qc.getQueryData<{ unread: number }>(ALERT_KEYS.notifications)!.unread).toBe(0);
  });
});

import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlertChannel, AlertNotification, AlertRuleParams } from '@coinlens/contracts/alerts/rules';
import { api, apiUrl } from '../../lib/api-client';
import { getToken, useSession } from '../../lib/session';
import { parseSseBuffer, parseSseJson } from '../../lib/sse';

/** Query keys of the alerts feature. */
export const ALERT_KEYS = {
  rules: ['alerts', 'rules'] as const,
  notifications: ['alerts', 'notifications'] as const,
  channels: ['alerts', 'channels'] as const,
  strategies: (coin: string) => ['alerts', 'strategies', coin] as const,
  webhooks: ['alerts', 'webhooks'] as const,
  deliveries: (id: number) => ['alerts', 'webhooks', id, 'deliveries'] as const,
  telegram: ['alerts', 'telegram'] as const,
  telegramDeliveries: ['alerts', 'telegram', 'deliveries'] as const,
  pushConfig: ['alerts', 'push', 'config'] as const,
  pushDevices: ['alerts', 'push', 'devices'] as const,
};

/** The caller's rules with the plan's active-rule limit (`GET /api/alerts/rules`); off when signed out. */
export function useAlertRules() {
  const { token } = useSession();
  return useQuery({ queryKey: ALERT_KEYS.rules, enabled: !!token, queryFn: ({ signal }) => api('getAlertRules', {}, { signal }) });
}

/** Creates a rule (`POST /api/alerts/rules`); the list reloads. Rejects with ApiError (e.g. ALERT_RULE_LIMIT_REACHED). */
export function useCreateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { rule: AlertRuleParams; channels: AlertChannel[] }) => api('createAlertRule', { body: b }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.rules }),
  });
}

/** Edits, pauses or resumes a rule (`PATCH /api/alerts/rules/:id`). */
export function useUpdateAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; rule?: AlertRuleParams; channels?: AlertChannel[]; active?: boolean }) =>
      api('updateAlertRule', { params: { id: v.id }, body: { rule: v.rule, channels: v.channels, active: v.active } }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.rules }),
  });
}

/** Deletes a rule. */
export function useDeleteAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('deleteAlertRule', { params: { id } }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.rules }),
  });
}

/** The caller's generated strategies, newest first (`GET /api/alerts/strategies`, of `coin` when given); off when signed out or `enabled` false. */
export function useAlertStrategies(coin: string | undefined, enabled = true) {
  const { token } = useSession();
  return useQuery({ queryKey: ALERT_KEYS.strategies(coin ?? ''), enabled: !!token && enabled, queryFn: ({ signal }) => api('getAlertStrategies', { query: coin ? { coin } : {} }, { signal }) });
}

/** Channels the server has configured (`GET /api/alerts/channels`). */
export function useAlertChannels() {
  return useQuery({ queryKey: ALERT_KEYS.channels, queryFn: ({ signal }) => api('getAlertChannels', {}, { signal }), staleTime: 300_000 });
}

/** Whether Web Push is on and the server's VAPID public key (`GET /api/alerts/push/config`). */
export function usePushConfig() {
  return useQuery({ queryKey: ALERT_KEYS.pushConfig, queryFn: ({ signal }) => api('getPushConfig', {}, { signal }), staleTime: 300_000 });
}

/** Browsers subscribed to the caller's push alerts (`GET /api/alerts/push/subscriptions`). */
export function usePushDevices() {
  const { token } = useSession();
  return useQuery({ queryKey: ALERT_KEYS.pushDevices, enabled: !!token, queryFn: ({ signal }) => api('getPushSubscriptions', {}, { signal }) });
}

/** Latest notifications and the unread count; kept fresh by {@link useAlertStream}. */
export function useNotifications() {
  const { token } = useSession();
  return useQuery({ queryKey: ALERT_KEYS.notifications, enabled: !!token, queryFn: ({ signal }) => api('getNotifications', { query: { limit: 30 } }, { signal, navigationScoped: false }) });
}

/** Marks notifications read (`ids`, or every one with `'all'`). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      ids === 'all' ? api('markNotificationsRead', { body: { all: true } }, { navigationScoped: false }) : api('markNotificationsRead', { body: { ids } }, { navigationScoped: false }),
    onSuccess: (r) => {
      qc.setQueryData(ALERT_KEYS.notifications, (old: { items: AlertNotification[]; unread: number } | undefined) =>
        old ? { items: old.items.map((i) => ({ ...i, read: true })), unread: r.unread } : old,
      );
      void qc.invalidateQueries({ queryKey: ALERT_KEYS.notifications });
    },
  });
}

/** Webhook endpoints of the caller. */
export function useWebhooks() {
  const { token } = useSession();
  return useQuery({ queryKey: ALERT_KEYS.webhooks, enabled: !!token, queryFn: ({ signal }) => api('getWebhooks', {}, { signal }) });
}

/** Delivery log of one endpoint (reloads every 5 s while shown). */
export function useDeliveries(id: number, enabled: boolean) {
  return useQuery({ queryKey: ALERT_KEYS.deliveries(id), enabled, queryFn: ({ signal }) => api('getWebhookDeliveries', { params: { id } }, { signal }), refetchInterval: 5_000 });
}

/**
 * The caller's Telegram link (`GET /api/alerts/telegram`): configured or not, the bot, the linked
 * chat. While `waiting` (a link token was handed out and the chat is not linked yet) it reloads every
 * 2 s, so the page shows "Connected" as soon as the user pressed Start in Telegram.
 */
export function useTelegram(waiting = false) {
  const { token } = useSession();
  return useQuery({
    queryKey: ALERT_KEYS.telegram,
    enabled: !!token,
    queryFn: ({ signal }) => api('getTelegramLink', {}, { signal, navigationScoped: false }),
    refetchInterval: (q) => (waiting && !q.state.data?.linked ? 2_000 : false),
  });
}

/** Asks for a one-time link token and its deep link (`POST /api/alerts/telegram/link`). */
export function useTelegramLinkToken() {
  return useMutation({ mutationFn: () => api('createTelegramLinkToken', {}, { navigationScoped: false }) });
}

/** Unlinks the chat (`DELETE /api/alerts/telegram`); the link state reloads. */
export function useUnlinkTelegram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('deleteTelegramLink', {}, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.telegram }),
  });
}

/** Queues a test message to the linked chat (`POST /api/alerts/telegram/test`). */
export function useTestTelegram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('testTelegram', {}, { navigationScoped: false }),
    onSuccess: () => setTimeout(() => void qc.invalidateQueries({ queryKey: ALERT_KEYS.telegramDeliveries }), 800),
  });
}

/** Delivery log of the Telegram channel (reloads every 5 s while shown). */
export function useTelegramDeliveries(enabled: boolean) {
  return useQuery({ queryKey: ALERT_KEYS.telegramDeliveries, enabled, queryFn: ({ signal }) => api('getTelegramDeliveries', {}, { signal }), refetchInterval: 5_000 });
}

/** Applies one `unread` event of the stream to the cached notifications (new item first). */
export function applyUnread(qc: QueryClient, ev: { unread: number; latest: AlertNotification | null }): void {
  qc.setQueryData(ALERT_KEYS.notifications, (old: { items: AlertNotification[]; unread: number } | undefined) => {
    if (!old) return old;
    const items = ev.latest && !old.items.some((i) => i.id === ev.latest!.id) ? [ev.latest, ...old.items] : old.items;
    return { items, unread: ev.unread };
  });
  if (ev.latest) void qc.invalidateQueries({ queryKey: ALERT_KEYS.rules });
}

/**
 * Keeps the unread count live while signed in: reads `GET /api/alerts/stream` (server-sent events,
 * through `fetch` because the stream needs the bearer token) and applies each `unread` event;
 * reconnects after 5 s when the stream ends.
 */
export function useAlertStream(): void {
  const { token } = useSession();
  const qc = useQueryClient();
  useEffect(() => {
    if (!token || typeof fetch === 'undefined' || typeof TextDecoder === 'undefined') return;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const connect = async () => {
      try {
        const res = await fetch(apiUrl('streamAlerts'), { headers: { authorization: `Bearer ${getToken() ?? ''}`, accept: 'text/event-stream' }, signal: ac.signal });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          const { events, rest } = parseSseBuffer(buf);
          buf = rest;
          for (const e of events) {
            if (e.event !== 'unread') continue;
            const m = parseSseJson<{ unread: number; latest: AlertNotification | null }>(e.data, e.event);
            if (m && typeof m.unread === 'number') applyUnread(qc, { unread: m.unread, latest: m.latest ?? null });
          }
        }
      } catch {
        // reconnect below
      }
      if (!ac.signal.aborted) timer = setTimeout(() => void connect(), 5_000);
    };
    void connect();
    return () => {
      ac.abort();
      if (timer) clearTimeout(timer);
    };
  }, [token, qc]);
}

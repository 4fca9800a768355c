import type { FastifyInstance } from 'fastify';
import { alertsApi as api } from '@coinlens/contracts/alerts/api';
import { currentUser, requireUser } from '../../platform/auth';
import { openSse, type SseStream } from '../../platform/sse';
import type { PubSub } from '../../platform/pubsub';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { alertsChannel, type AlertsService } from './alerts.service';
import type { TelegramService } from './alerts.telegram';

/**
 * Alerts endpoints, signed in: rules CRUD with pause/resume, the notification centre with
 * its live unread count (SSE `unread`, fanned out through pub/sub from the worker that fired), the
 * configured channels, webhook endpoints (Free 3, Pro 20) with "send test" (5 a minute per user)
 * and their delivery log, the Telegram link
 * (one-time deep-link token, status, unlink, test message, delivery log).
 */
export async function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService; telegram: TelegramService; pubsub: PubSub }) {
  const { alerts, telegram } = deps;
  route(app, api.getAlertRules, { preHandler: requireUser }, async (req) => ({ result: await alerts.list(currentUser(req).id, currentUser(req).isPro) }));
  route(app, api.createAlertRule, { preHandler: requireUser }, async (req) => ({ result: await alerts.create(currentUser(req).id, currentUser(req).isPro, req.body) }));
  route(app, api.updateAlertRule, { preHandler: requireUser }, async (req) => ({ result: await alerts.update(currentUser(req).id, currentUser(req).isPro, req.params.id, req.body) }));
  route(app, api.deleteAlertRule, { preHandler: requireUser }, async (req) => ({ result: { deleted: await alerts.remove(currentUser(req).id, req.params.id) } }));
  route(app, api.getAlertStrategies, { preHandler: requireUser }, async (req) => ({ result: await alerts.strategies(currentUser(req).id, req.query.coin) }));
  route(app, api.getAlertChannels, {}, async () => ({ result: { channels: alerts.channels() } }));
  route(app, api.getNotifications, { preHandler: requireUser }, async (req) => ({ result: await alerts.notifications(currentUser(req).id, req.query.limit) }));
  route(app, api.markNotificationsRead, { preHandler: requireUser }, async (req) => ({
    result: { unread: await alerts.markRead(currentUser(req).id, 'all' in req.body ? 'all' : req.body.ids) },
  }));
  route(app, api.getWebhooks, { preHandler: requireUser }, async (req) => ({ result: await alerts.webhooks(currentUser(req).id) }));
  route(app, api.createWebhook, { preHandler: requireUser }, async (req) => ({ result: await alerts.addWebhook(currentUser(req).id, req.body.url, req.body.description, currentUser(req).isPro) }));
  route(app, api.deleteWebhook, { preHandler: requireUser }, async (req) => ({ result: { deleted: await alerts.removeWebhook(currentUser(req).id, req.params.id) } }));
  route(app, api.testWebhook, { preHandler: requireUser, config: { rateLimit: LIMITS.webhookTest } }, async (req) => ({ result: await alerts.testWebhook(currentUser(req).id, req.params.id) }));
  route(app, api.getWebhookDeliveries, { preHandler: requireUser }, async (req) => ({ result: await alerts.deliveries(currentUser(req).id, req.params.id) }));
  route(app, api.getTelegramLink, { preHandler: requireUser }, async (req) => ({ result: await telegram.status(currentUser(req).id) }));
  route(app, api.createTelegramLinkToken, { preHandler: requireUser }, async (req) => ({ result: await telegram.createToken(currentUser(req).id) }));
  route(app, api.deleteTelegramLink, { preHandler: requireUser }, async (req) => ({ result: { unlinked: await telegram.unlink(currentUser(req).id) } }));
  route(app, api.testTelegram, { preHandler: requireUser }, async (req) => ({ result: await telegram.test(currentUser(req).id) }));
  route(app, api.getTelegramDeliveries, { preHandler: requireUser }, async (req) => ({ result: await telegram.deliveries(currentUser(req).id) }));

  /** Live unread count: `unread` at once, then after every new alert or read mark (any process). */
  route(app, api.streamAlerts, { preHandler: requireUser }, async (req, reply) => {
    const userId = currentUser(req).id;
    let sse: SseStream | null = null;
    const off = await deps.pubsub.subscribe(alertsChannel(userId), (m) => sse?.send('unread', m));
    if (req.raw.destroyed || req.raw.socket?.destroyed) {
      await off();
      reply.hijack();
      return;
    }
    sse = openSse(req, reply);
    sse.onClose(() => void off());
    sse.send('unread', { type: 'unread', unread: await alerts.unread(userId), latest: null });
  });
}

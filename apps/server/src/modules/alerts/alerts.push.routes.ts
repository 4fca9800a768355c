import type { FastifyInstance } from 'fastify';
import { pushApi as api } from '@coinlens/contracts/alerts/push';
import { currentUser, requireUser } from '../../platform/auth';
import { route } from '../../platform/route';
import type { PushSubscriptionsService } from './alerts.push.service';

/**
 * Web Push endpoints: `GET /api/alerts/push/config` (anyone: on/off and the VAPID public
 * key), and signed in: the caller's subscriptions, subscribe (the browser's PushSubscription JSON),
 * unsubscribe by endpoint, remove by id.
 */
export async function pushRoutes(app: FastifyInstance, deps: { push: PushSubscriptionsService }) {
  const { push } = deps;
  route(app, api.getPushConfig, {}, async () => ({ result: push.config() }));
  route(app, api.getPushSubscriptions, { preHandler: requireUser }, async (req) => ({ result: await push.list(currentUser(req).id) }));
  route(app, api.subscribePush, { preHandler: requireUser }, async (req) => ({ result: await push.subscribe(currentUser(req).id, req.body, req.headers['user-agent']) }));
  route(app, api.unsubscribePush, { preHandler: requireUser }, async (req) => ({ result: { deleted: await push.remove(currentUser(req).id, { endpoint: req.body.endpoint }) } }));
  route(app, api.deletePushSubscription, { preHandler: requireUser }, async (req) => ({ result: { deleted: await push.remove(currentUser(req).id, { id: req.params.id }) } }));
}

import type { FastifyInstance } from 'fastify';
import { screenerApi as api } from '@coinlens/contracts/screener/api';
import { currentUser } from '../../platform/auth';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { requireEntitlement } from '../billing/entitlements';
import type { ScreenerService } from './screener.service';

/**
 * Screener endpoints: running a screen and the catalogue are open to everyone (a screen run is an
 * expensive read: RATE_LIMIT_READS_PER_MINUTE per IP); saved screens need sign-in (`screener.save`,
 * within the plan's limit).
 */
export async function screenerRoutes(app: FastifyInstance, deps: { screener: ScreenerService }) {
  const { screener } = deps;
  const save = requireEntitlement('screener.save');
  route(app, api.runScreen, { config: { rateLimit: LIMITS.read } }, async (req) => ({ result: await screener.run(req.body) }));
  route(app, api.getScreenCatalogue, {}, async () => ({ result: screener.catalogue() }));
  route(app, api.getSavedScreens, { preHandler: save }, async (req) => ({ result: await screener.list(currentUser(req).id, currentUser(req).isPro) }));
  route(app, api.createSavedScreen, { preHandler: save }, async (req) => ({ result: await screener.create(currentUser(req).id, currentUser(req).isPro, req.body) }));
  route(app, api.updateSavedScreen, { preHandler: save }, async (req) => ({ result: await screener.update(currentUser(req).id, req.params.id, req.body) }));
  route(app, api.deleteSavedScreen, { preHandler: save }, async (req) => ({ result: { deleted: await screener.remove(currentUser(req).id, req.params.id) } }));
}

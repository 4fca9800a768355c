import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aiApi as api } from '@coinlens/contracts/ai/api';
import { currentUser, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import type { LabService } from './lab.service';

/** preHandler: signed in with the `lab` permission (403 FORBIDDEN otherwise). */
async function requireLab(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  if (!req.user!.permissions.includes('lab')) throw new AppError('FORBIDDEN', 'Lab features need the lab permission');
}

/** The trading-agent preview (lab permission): paper plans from the short-term strategy, evaluated on the clock. */
export async function labRoutes(app: FastifyInstance, deps: { lab: LabService }) {
  route(app, api.getPaperPlans, { preHandler: requireLab }, async (req) => ({ result: await deps.lab.list(req.params.coin, currentUser(req).id) }));
  route(app, api.createPaperPlan, { config: { rateLimit: LIMITS.modelCall }, preHandler: requireLab }, async (req) => ({
    result: await deps.lab.create(req.params.coin, currentUser(req).id, req.body.lang),
  }));
}

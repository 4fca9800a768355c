import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatePaperPlanBody, CreatePaperPlanResponse, ErrorResponse, GetPaperPlansResponse, LabParams } from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { LIMITS } from '../../platform/rate-limit';
import type { LabService } from './lab.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

/** preHandler: signed in with the `lab` permission (403 FORBIDDEN otherwise). */
async function requireLab(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  if (!req.user!.permissions.includes('lab')) throw new AppError('FORBIDDEN', 'Lab features need the lab permission');
}

/** The trading-agent preview (lab permission): paper plans from the short-term strategy, evaluated on the clock. */
export async function labRoutes(app: FastifyInstance, deps: { lab: LabService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lab'];
  const security = [{ bearerAuth: [] }];
  r.get('/api/lab/:coinId/plans', { preHandler: requireLab, schema: { tags, security, summary: 'Paper plans of the caller for a coin, evaluated on candles closed up to now', params: LabParams, response: { 200: GetPaperPlansResponse, ...errors } } }, async (req) => ({
    result: await deps.lab.list(req.params.coinId, currentUser(req).id),
  }));
  r.post('/api/lab/:coinId/plans', { config: { rateLimit: LIMITS.modelCall }, preHandler: requireLab, schema: { tags, security, summary: 'Freeze the current short-term strategy into a paper plan at the clock’s now', params: LabParams, body: CreatePaperPlanBody, response: { 200: CreatePaperPlanResponse, ...errors } } }, async (req) => ({
    result: await deps.lab.create(req.params.coinId, currentUser(req).id, req.body.lang),
  }));
}

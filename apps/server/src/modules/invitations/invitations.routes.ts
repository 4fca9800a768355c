import type { FastifyInstance } from 'fastify';
import { billingApi as api } from '@coinlens/contracts/billing/api';
import { currentUser, requireUser } from '../../platform/auth';
import { route } from '../../platform/route';
import type { InvitationService } from './invitations.service';

/** Invitation codes: own code, bind a code for the 7-day trial. */
export async function invitationRoutes(app: FastifyInstance, deps: { invitations: InvitationService }) {
  route(app, api.getInvitationCode, { preHandler: requireUser }, async (req) => ({ result: await deps.invitations.ownCode(currentUser(req).id) }));
  route(app, api.bindInvitation, { preHandler: requireUser }, async (req) => ({ result: await deps.invitations.bind(currentUser(req).id, req.body.code) }));
}

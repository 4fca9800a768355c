import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BindInvitationBody, BindInvitationResponse, ErrorResponse, GetInvitationCodeResponse } from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import type { InvitationService } from './invitations.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse };

/** Invitation codes (SPEC §3 Invitation code, §4): own code, bind a code for the 7-day trial. */
export async function invitationRoutes(app: FastifyInstance, deps: { invitations: InvitationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitation'];
  const security = [{ bearerAuth: [] }];

  r.get('/api/invitation/code', { preHandler: requireUser, schema: { tags, security, summary: "The caller's own invitation code and its state", response: { 200: GetInvitationCodeResponse, ...errors } } }, async (req) => ({
    result: await deps.invitations.ownCode(currentUser(req).id),
  }));

  r.post(
    '/api/invitation/bind',
    { preHandler: requireUser, schema: { tags, security, summary: "Bind another user's code: a 7-day Pro trial, once per user", body: BindInvitationBody, response: { 200: BindInvitationResponse, ...errors } } },
    async (req) => ({ result: await deps.invitations.bind(currentUser(req).id, req.body.code) }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AcceptCookiesResponse, ErrorResponse, GetMeResponse, ProfileInput, ProfileResponse, UpdateUserBody, UpdateUserResponse, UserIdParams } from '@coinlens/contracts';
import { currentUser, requireUser } from '../../platform/auth';
import type { UsersService } from './users.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** SPEC §7 Users: the signed-in user, language, cookie consent and profile. All need a session. */
export async function usersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = deps;
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  r.get('/api/users/profile/me', { preHandler: requireUser, schema: { tags, security, summary: 'The signed-in user (SPEC §3 User)', response: { 200: GetMeResponse, ...errors } } }, async (req) => ({
    result: await users.me(currentUser(req).id),
  }));

  r.patch(
    '/api/users/:id',
    { preHandler: requireUser, schema: { tags, security, summary: "Change the user's language", params: UserIdParams, body: UpdateUserBody, response: { 200: UpdateUserResponse, ...errors } } },
    async (req) => {
      users.assertSelf(currentUser(req).id, req.params.id);
      return { result: { language: await users.setLanguage(req.params.id, req.body.language) } };
    },
  );

  r.patch(
    '/api/users/accept-cookies/:id',
    { preHandler: requireUser, schema: { tags, security, summary: 'Record cookie consent', params: UserIdParams, response: { 200: AcceptCookiesResponse, ...errors } } },
    async (req) => {
      users.assertSelf(currentUser(req).id, req.params.id);
      await users.acceptCookies(req.params.id);
      return { result: { cookie_accepted: true } };
    },
  );

  r.get('/api/users/profile', { preHandler: requireUser, schema: { tags, security, summary: "The caller's profile", response: { 200: ProfileResponse, ...errors } } }, async (req) => ({
    result: await users.profile(currentUser(req).id),
  }));

  r.post(
    '/api/users/profile',
    { preHandler: requireUser, schema: { tags, security, summary: "Save the caller's profile (nickname, biography, birthday, avatar)", body: ProfileInput, response: { 200: ProfileResponse, ...errors } } },
    async (req) => ({ result: await users.updateProfile(currentUser(req).id, req.body) }),
  );

  r.patch(
    '/api/users/profile/:id',
    { preHandler: requireUser, schema: { tags, security, summary: 'Update profile fields (id = profile id or user id of the caller)', params: UserIdParams, body: ProfileInput, response: { 200: ProfileResponse, ...errors } } },
    async (req) => {
      const me = currentUser(req).id;
      const profile = await users.profile(me);
      if (req.params.id !== profile.id && req.params.id !== me) users.assertSelf(me, req.params.id);
      return { result: await users.updateProfile(me, req.body) };
    },
  );
}

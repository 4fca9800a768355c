import type { FastifyInstance } from 'fastify';
import { usersApi as api } from '@coinlens/contracts/users/api';
import { currentUser, requireUser } from '../../platform/auth';
import { route } from '../../platform/route';
import { LIMITS } from '../../platform/rate-limit';
import type { UsersService } from './users.service';
import type { AccountDataService } from './account-data.service';

/** SPEC §7 Users: the signed-in user, language, cookie consent and profile. All need a session. */
export async function usersRoutes(app: FastifyInstance, deps: { users: UsersService; accountData: AccountDataService }) {
  const { users, accountData } = deps;
  const opts = { preHandler: requireUser };

  route(app, api.getMe, opts, async (req) => ({ result: await users.me(currentUser(req).id) }));

  route(app, api.updateUser, opts, async (req) => {
    users.assertSelf(currentUser(req).id, req.params.id);
    return { result: { language: await users.setLanguage(req.params.id, req.body.language) } };
  });

  route(app, api.acceptCookies, opts, async (req) => {
    users.assertSelf(currentUser(req).id, req.params.id);
    await users.acceptCookies(req.params.id);
    return { result: { cookie_accepted: true } };
  });

  route(app, api.getProfile, opts, async (req) => ({ result: await users.profile(currentUser(req).id) }));

  route(app, api.saveProfile, opts, async (req) => ({ result: await users.updateProfile(currentUser(req).id, req.body) }));

  route(app, api.patchProfile, opts, async (req) => {
    const me = currentUser(req).id;
    const profile = await users.profile(me);
    if (req.params.id !== profile.id && req.params.id !== me) users.assertSelf(me, req.params.id);
    return { result: await users.updateProfile(me, req.body) };
  });

  // Data export: a JSON file download of everything held about the caller.
  route(app, api.exportAccount, opts, async (req, reply) => {
    const data = await accountData.exportOf(currentUser(req).id);
    void reply.header('content-disposition', `attachment; filename="coinlens-account-${currentUser(req).id}.json"`).header('cache-control', 'no-store');
    return data;
  });

  // Account deletion after re-authentication; the caller's sessions end with the account.
  route(app, api.deleteAccount, { ...opts, config: { rateLimit: LIMITS.login } }, async (req) => ({
    result: { deleted: true as const, kept_payment_records: await accountData.delete(currentUser(req).id, req.body) },
  }));
}

import type { FastifyInstance } from 'fastify';
import { usersApi as api } from '@coinlens/contracts/users/api';
import { currentUser, requireUser } from '../../platform/auth';
import { route } from '../../platform/route';
import { LIMITS } from '../../platform/rate-limit';
import type { Env } from '../../platform/env';
import { trustedOrigin } from '../../platform/origin';
import type { UsersService } from './users.service';
import type { AccountDataService } from './account-data.service';

/** The signed-in user, language, cookie consent and profile. All need a session. */
export async function usersRoutes(app: FastifyInstance, deps: { env: Env; users: UsersService; accountData: AccountDataService }) {
  const { env, users, accountData } = deps;
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

  // The SIWE message a wallet account signs to confirm its deletion (origin as for SIWE sign-in).
  route(app, api.deleteAccountMessage, { ...opts, config: { rateLimit: LIMITS.nonce } }, async (req) => ({
    result: await accountData.deletionMessage(currentUser(req).id, req.query.address, trustedOrigin(req, env)),
  }));

  // Account deletion after re-authentication; the caller's sessions end with the account. The
  // deployment's host is needed (and resolved) only for a wallet's SIWE signature.
  route(app, api.deleteAccount, { ...opts, config: { rateLimit: LIMITS.login } }, async (req) => ({
    result: { deleted: true as const, kept_payment_records: await accountData.delete(currentUser(req).id, req.body, () => new URL(trustedOrigin(req, env)).host) },
  }));
}

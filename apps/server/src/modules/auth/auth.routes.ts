import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { z } from 'zod';
import type { TelegramBody } from '@coinlens/contracts';
import { authApi as api } from '@coinlens/contracts/auth/api';
import { bearerToken, currentUser, requireUser, type SessionService } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { codeMailBudget, LIMITS } from '../../platform/rate-limit';
import type { Env } from '../../platform/env';
import { trustedOrigin } from '../../platform/origin';
import type { AuthService } from './auth.service';
import type { IdentityService } from './identity.service';
import type { SiweService } from './siwe.service';
import { route } from '../../platform/route';
import { checkTelegramAuth, telegramFields } from './telegram';

const OAUTH_COOKIE = 'cl_oauth';

export interface AuthRouteDeps {
  env: Env;
  auth: AuthService;
  identity: IdentityService;
  siwe: SiweService;
  sessions: SessionService;
  now: () => number;
}

/**
 * Origin of this deployment for SIWE and OAuth: PUBLIC_ORIGIN, else the request's own origin on a
 * loopback Host only (403 PUBLIC_ORIGIN_REQUIRED otherwise), see platform/origin.
 */
export function originOf(req: FastifyRequest, env: Env): string {
  return trustedOrigin(req, env);
}

/**
 * The sign-in endpoints under /api/auth: e-mail accounts and codes, MetaMask (SIWE), Google and X (OAuth 2.0
 * with PKCE), Telegram (Login Widget) and the list of configured providers. Rate-limited per IP
 * (and e-mail where given), see platform/rate-limit.
 */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  // Cookies are read and written only here: the cookie plugin's per-request hooks run for these
  // routes only (an encapsulated context), not on every read of the app.
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    await authRoutesIn(scope, deps);
  });
}

async function authRoutesIn(app: FastifyInstance, deps: AuthRouteDeps) {
  const { env, auth, identity, siwe, sessions } = deps;
  const ua = (req: FastifyRequest) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined);
  const host = (req: FastifyRequest) => new URL(originOf(req, env)).host;
  // Every mail of a code is counted against the client IP's, the address's and the deployment's
  // hourly budgets, once the resend countdown allowed it (refused requests spend nothing).
  const spendMail = codeMailBudget(app);
  const budget = (req: FastifyRequest) => (email: string) => spendMail(req, email);

  route(app, api.getProviders, {}, async () => ({
    result: {
      email: true,
      google: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      x: !!env.X_CLIENT_ID,
      telegram: { enabled: !!(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME), bot_name: env.TELEGRAM_BOT_TOKEN ? (env.TELEGRAM_BOT_NAME ?? null) : null },
      metamask: true,
    },
  }));

  // ---- e-mail and password -------------------------------------------------------------------

  route(app, api.login, { config: { rateLimit: LIMITS.login } }, async (req) => ({
    result: await auth.login(req.body.email, req.body.password, ua(req)),
  }));

  route(app, api.register, { config: { rateLimit: LIMITS.sendCode } }, async (req) => ({ result: await auth.register(req.body, budget(req)) }));

  route(app, api.logout, { preHandler: requireUser }, async (req) => {
    await sessions.revoke(currentUser(req).sessionId);
    return { result: { ok: true as const } };
  });

  route(app, api.validateToken, {}, async (req) => {
    const token = req.query.token ?? bearerToken(req);
    const user = token ? await sessions.authenticate(token) : null;
    return { result: { valid: !!user, user_id: user?.id ?? null } };
  });

  route(app, api.resendRegisterCode, { config: { rateLimit: LIMITS.sendCode } }, async (req) => ({ result: await auth.resendRegisterCode(req.query.email, req.query.registration_id, budget(req)) }));

  route(app, api.verifyRegisterCode, { config: { rateLimit: LIMITS.verifyCode } }, async (req) => ({ result: await auth.verifyRegisterCode(req.body.email, req.body.code, req.body.registration_id, ua(req)) }));

  route(app, api.forgotPassword, { config: { rateLimit: LIMITS.sendCode } }, async (req) => ({ result: await auth.forgotPassword(req.query.email, budget(req)) }));

  route(app, api.resendResetPasswordCode, { config: { rateLimit: LIMITS.sendCode } }, async (req) => ({ result: await auth.forgotPassword(req.query.email, budget(req)) }));

  route(app, api.verifyResetPasswordCode, { config: { rateLimit: LIMITS.verifyCode } }, async (req) => ({ result: await auth.verifyResetCode(req.body.email, req.body.code) }));

  route(app, api.resetPassword, { config: { rateLimit: LIMITS.verifyCode } }, async (req) => {
    await auth.resetPassword(req.body.email, req.body.token, req.body.password);
    return { result: { ok: true as const } };
  });

  route(app, api.sendBindEmailCode, { preHandler: requireUser, config: { rateLimit: LIMITS.sendCode } }, async (req) => ({ result: await auth.sendBindEmailCode(currentUser(req).id, req.query.email, budget(req)) }));

  route(app, api.verifyBindEmailCode, { preHandler: requireUser, config: { rateLimit: LIMITS.verifyCode } }, async (req) => {
    await auth.verifyBindEmailCode(currentUser(req).id, req.body.email, req.body.code);
    return { result: { ok: true as const } };
  });

  route(app, api.checkProviderConnection, { config: { rateLimit: LIMITS.signIn } }, async (req) => ({ result: await identity.isConnected(req.query.provider_uid, req.query.provider) }));

  // ---- MetaMask (SIWE) -----------------------------------------------------------------------

  route(app, api.metamaskNonce, { config: { rateLimit: LIMITS.nonce } }, async (req) => ({ result: await siwe.createMessage(req.query.address, originOf(req, env)) }));

  route(app, api.metamaskLogin, { config: { rateLimit: LIMITS.signIn } }, async (req) => ({ result: await identity.walletLogin(req.body, host(req), ua(req)) }));

  route(app, api.metamaskConnect, { preHandler: requireUser, config: { rateLimit: LIMITS.signIn } }, async (req) => {
    await identity.walletConnect(currentUser(req).id, req.body, host(req));
    return { result: { ok: true as const } };
  });

  // ---- Google and X (OAuth 2.0 + PKCE) -------------------------------------------------------

  const oauth = {
    google: { url: api.googleUrl, exchange: api.googleExchangeToken, connect: api.googleConnect },
    x: { url: api.xUrl, exchange: api.xExchangeToken, connect: api.xConnect },
  };
  for (const provider of ['google', 'x'] as const) {
    const callbackPath = `auth/${provider}/callback`;

    route(
      app,
      oauth[provider].url,
      { config: { rateLimit: LIMITS.signIn } },
      async (req, reply) => {
        let userId: number | null = null;
        if (req.query.purpose === 'connect') {
          await requireUser(req, reply);
          userId = currentUser(req).id;
        }
        const origin = originOf(req, env);
        const urlLang = req.query.lang === 'zh_CN' ? 'zh-CN' : 'en-US';
        const secret = crypto.randomBytes(24).toString('base64url');
        const result = await identity.startOAuth(provider, `${origin}/${urlLang}/${callbackPath}`, req.query.lang, secret, req.query.purpose, userId);
        setOAuthCookie(reply, secret, origin.startsWith('https:'));
        return { result };
      },
    );

    route(
      app,
      oauth[provider].exchange,
      { config: { rateLimit: LIMITS.signIn } },
      async (req) => ({ result: await identity.oauthExchange(provider, req.body.code, req.body.state, req.cookies[OAUTH_COOKIE], ua(req)) }),
    );

    route(
      app,
      oauth[provider].connect,
      { preHandler: requireUser, config: { rateLimit: LIMITS.signIn } },
      async (req) => {
        await identity.oauthConnect(provider, currentUser(req).id, req.body.code, req.body.state, req.cookies[OAUTH_COOKIE]);
        return { result: { ok: true as const } };
      },
    );
  }

  // ---- Telegram (Login Widget) ---------------------------------------------------------------

  const telegramIdentity = (body: z.infer<typeof TelegramBody>) => {
    if (!env.TELEGRAM_BOT_TOKEN) throw new AppError('OAUTH_NOT_CONFIGURED');
    if (!checkTelegramAuth(telegramFields(body), env.TELEGRAM_BOT_TOKEN, deps.now())) throw new AppError('TELEGRAM_LOGIN_FAILED', 'Bad or stale Telegram data');
    const name = body.username ? `@${body.username}` : [body.first_name, body.last_name].filter(Boolean).join(' ') || null;
    return { uid: String(body.id), email: null, emailVerified: false, displayName: name };
  };

  route(app, api.telegramVerify, { config: { rateLimit: LIMITS.signIn } }, async (req) => ({ result: await identity.signInOrPend('telegram', telegramIdentity(req.body), ua(req)) }));

  route(app, api.telegramConnect, { preHandler: requireUser, config: { rateLimit: LIMITS.signIn } }, async (req) => {
    await identity.connectIdentity(currentUser(req).id, 'telegram', telegramIdentity(req.body));
    return { result: { ok: true as const } };
  });

  // ---- pending identities, disconnect (every provider) ---------------------------------------

  const pending = {
    google: { login: api.googleLogin, merge: api.googleMerge },
    x: { login: api.xLogin, merge: api.xMerge },
    telegram: { login: api.telegramLogin, merge: api.telegramMerge },
  };
  for (const provider of ['google', 'x', 'telegram'] as const) {
    route(app, pending[provider].login, { config: { rateLimit: LIMITS.signIn } }, async (req) => ({ result: await identity.pendingLogin(provider, req.body, ua(req)) }));
    route(app, pending[provider].merge, { config: { rateLimit: LIMITS.signIn } }, async (req) => ({ result: await identity.pendingMerge(provider, req.body, ua(req)) }));
  }

  const disconnect = { google: api.googleDisconnect, x: api.xDisconnect, telegram: api.telegramDisconnect, metamask: api.metamaskDisconnect };
  for (const provider of ['google', 'x', 'telegram', 'metamask'] as const) {
    route(
      app,
      disconnect[provider],
      { preHandler: requireUser },
      async (req) => {
        await identity.disconnect(currentUser(req).id, provider, req.body.provider_uid);
        return { result: { ok: true as const } };
      },
    );
  }
}

function setOAuthCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(OAUTH_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: 600 });
}

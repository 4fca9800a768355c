import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import { z } from 'zod';
import {
  CheckProviderQuery, CheckProviderResponse, CodeBody, CodeSentResponse, DisconnectBody, EmailQuery, ErrorResponse, ExchangeResponse, LoginBody,
  MetamaskConnectBody, MetamaskLoginBody, NonceQuery, NonceResponse, OAuthCodeBody, OAuthUrlQuery, OAuthUrlResponse, OkResponse, PendingLoginBody,
  PendingMergeBody, ProvidersResponse, RegisterBody, RegisterCodeBody, RegisterResponse, ResendRegisterQuery, ResetPasswordBody, ResetTokenResponse, SignInResponse, TelegramBody, ValidateTokenQuery,
  ValidateTokenResponse,
} from '@coinlens/contracts';
import { bearerToken, currentUser, requireUser, type SessionService } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { LIMITS, perAddressMailLimit } from '../../platform/rate-limit';
import type { Env } from '../../platform/env';
import { trustedOrigin } from '../../platform/origin';
import type { AuthService } from './auth.service';
import type { IdentityService } from './identity.service';
import type { SiweService } from './siwe.service';
import { checkTelegramAuth, telegramFields } from './telegram';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse };
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
 * SPEC §7 Auth under /api/auth: e-mail accounts and codes, MetaMask (SIWE), Google and X (OAuth 2.0
 * with PKCE), Telegram (Login Widget) and the list of configured providers. Rate-limited per IP
 * (and e-mail where given), see platform/rate-limit.
 */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { env, auth, identity, siwe, sessions } = deps;
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];
  const ua = (req: FastifyRequest) => (typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined);
  const host = (req: FastifyRequest) => new URL(originOf(req, env)).host;
  // Every route that mails a code also counts against the address's own budget (any IP).
  const mailLimit = perAddressMailLimit(app);

  r.get('/api/auth/providers', { schema: { tags, summary: 'Sign-in methods configured on this server', response: { 200: ProvidersResponse } } }, async () => ({
    result: {
      email: true,
      google: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      x: !!env.X_CLIENT_ID,
      telegram: { enabled: !!(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME), bot_name: env.TELEGRAM_BOT_TOKEN ? (env.TELEGRAM_BOT_NAME ?? null) : null },
      metamask: true,
    },
  }));

  // ---- e-mail and password -------------------------------------------------------------------

  r.post('/api/auth/login', { config: { rateLimit: LIMITS.login }, schema: { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: SignInResponse, ...errors } } }, async (req) => ({
    result: await auth.login(req.body.email, req.body.password, ua(req)),
  }));

  r.post(
    '/api/auth/register',
    { preHandler: mailLimit, config: { rateLimit: LIMITS.sendCode }, schema: { tags, summary: 'Register with e-mail and password; mails a 6-digit code bound to this attempt (registration_id)', body: RegisterBody, response: { 200: RegisterResponse, ...errors } } },
    async (req) => ({ result: await auth.register(req.body) }),
  );

  r.post('/api/auth/logout', { preHandler: requireUser, schema: { tags, security, summary: 'Revoke the current session', response: { 200: OkResponse, ...errors } } }, async (req) => {
    await sessions.revoke(currentUser(req).sessionId);
    return { result: { ok: true as const } };
  });

  r.get('/api/auth/validate-token', { schema: { tags, summary: 'Whether a token (query or bearer header) is a live session', querystring: ValidateTokenQuery, response: { 200: ValidateTokenResponse, ...errors } } }, async (req) => {
    const token = req.query.token ?? bearerToken(req);
    const user = token ? await sessions.authenticate(token) : null;
    return { result: { valid: !!user, user_id: user?.id ?? null } };
  });

  r.get(
    '/api/auth/resend-register-code',
    { preHandler: mailLimit, config: { rateLimit: LIMITS.sendCode }, schema: { tags, summary: 'Mail a new code for the same registration attempt (after the 60 s countdown)', querystring: ResendRegisterQuery, response: { 200: CodeSentResponse, ...errors } } },
    async (req) => ({ result: await auth.resendRegisterCode(req.query.email, req.query.registration_id) }),
  );

  r.post(
    '/api/auth/verify-register-code',
    { config: { rateLimit: LIMITS.verifyCode }, schema: { tags, summary: 'Verify the code of a registration attempt (with its registration_id) and sign in', body: RegisterCodeBody, response: { 200: SignInResponse, ...errors } } },
    async (req) => ({ result: await auth.verifyRegisterCode(req.body.email, req.body.code, req.body.registration_id, ua(req)) }),
  );

  r.get(
    '/api/auth/forgot-password',
    { preHandler: mailLimit, config: { rateLimit: LIMITS.sendCode }, schema: { tags, summary: 'Mail a password reset code if the address has an account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } } },
    async (req) => ({ result: await auth.forgotPassword(req.query.email) }),
  );

  r.get(
    '/api/auth/resend-reset-password-code',
    { preHandler: mailLimit, config: { rateLimit: LIMITS.sendCode }, schema: { tags, summary: 'Mail a new reset code (after the 60 s countdown)', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } } },
    async (req) => ({ result: await auth.forgotPassword(req.query.email) }),
  );

  r.post(
    '/api/auth/verify-reset-password-code',
    { config: { rateLimit: LIMITS.verifyCode }, schema: { tags, summary: 'Verify the reset code; returns a one-time reset token', body: CodeBody, response: { 200: ResetTokenResponse, ...errors } } },
    async (req) => ({ result: await auth.verifyResetCode(req.body.email, req.body.code) }),
  );

  r.post(
    '/api/auth/reset-password',
    { config: { rateLimit: LIMITS.verifyCode }, schema: { tags, summary: 'Set a new password with the reset token; signs out every session', body: ResetPasswordBody, response: { 200: OkResponse, ...errors } } },
    async (req) => {
      await auth.resetPassword(req.body.email, req.body.token, req.body.password);
      return { result: { ok: true as const } };
    },
  );

  r.get(
    '/api/auth/send-bind-email-code',
    { preHandler: [requireUser, mailLimit], config: { rateLimit: LIMITS.sendCode }, schema: { tags, security, summary: 'Mail a code to add or verify the e-mail of the account', querystring: EmailQuery, response: { 200: CodeSentResponse, ...errors } } },
    async (req) => ({ result: await auth.sendBindEmailCode(currentUser(req).id, req.query.email) }),
  );

  r.post(
    '/api/auth/verify-bind-email-code',
    { preHandler: requireUser, config: { rateLimit: LIMITS.verifyCode }, schema: { tags, security, summary: 'Verify the e-mail code; the address becomes the verified e-mail of the account', body: CodeBody, response: { 200: OkResponse, ...errors } } },
    async (req) => {
      await auth.verifyBindEmailCode(currentUser(req).id, req.body.email, req.body.code);
      return { result: { ok: true as const } };
    },
  );

  r.get(
    '/api/auth/check-provider-connection',
    { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: 'Whether an identity (e.g. a wallet address) is linked to an account', querystring: CheckProviderQuery, response: { 200: CheckProviderResponse, ...errors } } },
    async (req) => ({ result: await identity.isConnected(req.query.provider_uid, req.query.provider) }),
  );

  // ---- MetaMask (SIWE) -----------------------------------------------------------------------

  r.get(
    '/api/auth/metamask/nonce',
    { config: { rateLimit: LIMITS.nonce }, schema: { tags, summary: 'A single-use nonce and the EIP-4361 message to sign', querystring: NonceQuery, response: { 200: NonceResponse, ...errors } } },
    async (req) => ({ result: await siwe.createMessage(req.query.address, originOf(req, env)) }),
  );

  r.post(
    '/api/auth/metamask/login',
    { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: 'Sign in with a signed SIWE message; an unknown wallet gets a new wallet-only account', body: MetamaskLoginBody, response: { 200: SignInResponse, ...errors } } },
    async (req) => ({ result: await identity.walletLogin(req.body, host(req), ua(req)) }),
  );

  r.post(
    '/api/auth/metamask/connect',
    { preHandler: requireUser, config: { rateLimit: LIMITS.signIn }, schema: { tags, security, summary: 'Link a wallet to the account (signed SIWE message)', body: MetamaskConnectBody, response: { 200: OkResponse, ...errors } } },
    async (req) => {
      await identity.walletConnect(currentUser(req).id, req.body, host(req));
      return { result: { ok: true as const } };
    },
  );

  // ---- Google and X (OAuth 2.0 + PKCE) -------------------------------------------------------

  for (const provider of ['google', 'x'] as const) {
    const base = `/api/auth/${provider}`;
    const label = provider === 'google' ? 'Google' : 'X';
    const callbackPath = `auth/${provider}/callback`;

    r.get(
      `${base}/url`,
      { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: `${label} authorization URL (sets the state cookie)`, querystring: OAuthUrlQuery, response: { 200: OAuthUrlResponse, ...errors } } },
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

    r.post(
      `${base}/exchange-token`,
      { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: `Finish ${label} sign-in: signed in, or a new identity to create or merge`, body: OAuthCodeBody, response: { 200: ExchangeResponse, ...errors } } },
      async (req) => ({ result: await identity.oauthExchange(provider, req.body.code, req.body.state, req.cookies[OAUTH_COOKIE], ua(req)) }),
    );

    r.post(
      `${base}/connect`,
      { preHandler: requireUser, config: { rateLimit: LIMITS.signIn }, schema: { tags, security, summary: `Link a ${label} account (code from a connect authorization)`, body: OAuthCodeBody, response: { 200: OkResponse, ...errors } } },
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

  r.post(
    '/api/auth/telegram/verify',
    { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: 'Sign in with Telegram Login Widget data (hash checked with the bot token)', body: TelegramBody, response: { 200: ExchangeResponse, ...errors } } },
    async (req) => ({ result: await identity.signInOrPend('telegram', telegramIdentity(req.body), ua(req)) }),
  );

  r.post(
    '/api/auth/telegram/connect',
    { preHandler: requireUser, config: { rateLimit: LIMITS.signIn }, schema: { tags, security, summary: 'Link a Telegram account (widget data)', body: TelegramBody, response: { 200: OkResponse, ...errors } } },
    async (req) => {
      await identity.connectIdentity(currentUser(req).id, 'telegram', telegramIdentity(req.body));
      return { result: { ok: true as const } };
    },
  );

  // ---- pending identities, disconnect (every provider) ---------------------------------------

  for (const provider of ['google', 'x', 'telegram'] as const) {
    r.post(
      `/api/auth/${provider}/login`,
      { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: `Create an account for a new ${provider} identity (agreement required)`, body: PendingLoginBody, response: { 200: SignInResponse, ...errors } } },
      async (req) => ({ result: await identity.pendingLogin(provider, req.body, ua(req)) }),
    );
    r.post(
      `/api/auth/${provider}/merge`,
      { config: { rateLimit: LIMITS.signIn }, schema: { tags, summary: `Link a new ${provider} identity to the account with its verified e-mail`, body: PendingMergeBody, response: { 200: SignInResponse, ...errors } } },
      async (req) => ({ result: await identity.pendingMerge(provider, req.body, ua(req)) }),
    );
  }

  for (const provider of ['google', 'x', 'telegram', 'metamask'] as const) {
    r.post(
      `/api/auth/${provider}/disconnect`,
      { preHandler: requireUser, schema: { tags, security, summary: `Unlink a ${provider} identity (not the last sign-in method)`, body: DisconnectBody, response: { 200: OkResponse, ...errors } } },
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

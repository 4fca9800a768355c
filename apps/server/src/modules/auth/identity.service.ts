import crypto from 'node:crypto';
import type { ExchangeResult, SignInResult, SocialProvider } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { UsersRepository } from '../users/users.repository';
import type { AuthService } from './auth.service';
import type { SiweService } from './siwe.service';
import type { AuthRepository } from './auth.repository';
import { generateCodeVerifier, generateState, type OAuthIdentity, type OAuthProvider } from './oauth.providers';

/** A pending identity and an OAuth request live 10 minutes. */
const PENDING_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const LOGIN_FAILED: Record<SocialProvider, 'GOOGLE_LOGIN_FAILED' | 'X_LOGIN_FAILED' | 'TELEGRAM_LOGIN_FAILED' | 'METAMASK_LOGIN_FAILED'> = {
  google: 'GOOGLE_LOGIN_FAILED',
  x: 'X_LOGIN_FAILED',
  telegram: 'TELEGRAM_LOGIN_FAILED',
  metamask: 'METAMASK_LOGIN_FAILED',
};

export interface IdentityDeps {
  /** Identities, OAuth states and links (auth.repository.ts). */
  rows: AuthRepository;
  repo: UsersRepository;
  auth: AuthService;
  siwe: SiweService;
  oauth: Partial<Record<'google' | 'x', OAuthProvider>>;
  now: () => number;
  log: (msg: string) => void;
}

/**
 * Sign-in with outside identities: Google and X (OAuth 2.0 + PKCE, state bound to the
 * browser by an HttpOnly cookie), Telegram (Login Widget, checked by the route) and MetaMask (SIWE).
 * A known identity signs in; an unknown one becomes a pending identity (10 min, single use) the user
 * turns into a new account (`…/login`) or merges into the account with the same verified e-mail
 * (`…/merge`). An unknown wallet creates a wallet-only account directly (the UI asked first).
 */
export class IdentityService {
  private readonly rows: AuthRepository;

  constructor(private readonly d: IdentityDeps) {
    this.rows = d.rows;
  }

  configured(provider: 'google' | 'x'): OAuthProvider {
    const p = this.d.oauth[provider];
    if (!p) throw new AppError('OAUTH_NOT_CONFIGURED');
    return p;
  }

  // ---- OAuth ---------------------------------------------------------------------------------

  /**
   * Starts an authorization request: stores state, PKCE verifier, redirect URI and the hash of
   * `browserSecret` (set as an HttpOnly cookie by the route). `userId` is set for `connect`.
   */
  async startOAuth(provider: 'google' | 'x', redirectUri: string, lang: string, browserSecret: string, purpose: 'login' | 'connect', userId: number | null): Promise<{ url: string; state: string }> {
    const p = this.configured(provider);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const now = this.d.now();
    await this.rows.saveOAuthState({ state, provider, codeVerifier, browserHash: sha256(browserSecret), purpose, userId, redirectUri, lang, createdAt: now, expiresAt: now + PENDING_TTL_MS });
    return { url: p.authorizationUrl(state, codeVerifier, redirectUri).toString(), state };
  }

  /**
   * Consumes the state (same provider, same browser, not expired, unused, same purpose/user) and
   * exchanges the code. 400 OAUTH_STATE_INVALID / GOOGLE_CODE_MISSING, 401 *_LOGIN_FAILED.
   */
  private async finishOAuth(provider: 'google' | 'x', code: string | undefined, state: string, browserSecret: string | undefined, purpose: 'login' | 'connect', userId: number | null): Promise<{ identity: OAuthIdentity; lang: string }> {
    const p = this.configured(provider);
    if (!code) throw new AppError(provider === 'google' ? 'GOOGLE_CODE_MISSING' : 'X_LOGIN_FAILED', 'Authorization code missing');
    const now = this.d.now();
    const row = await this.rows.takeOAuthState(provider, state, now);
    if (!row || !browserSecret || !crypto.timingSafeEqual(Buffer.from(row.browserHash, 'hex'), Buffer.from(sha256(browserSecret), 'hex'))) {
      throw new AppError('OAUTH_STATE_INVALID');
    }
    if (row.purpose !== purpose || (purpose === 'connect' && row.userId !== userId)) throw new AppError('OAUTH_STATE_INVALID');
    try {
      return { identity: await p.exchange(code, row.codeVerifier, row.redirectUri), lang: row.lang };
    } catch (e) {
      this.d.log(`${provider} code exchange failed: ${(e as Error).message}`);
      throw new AppError(LOGIN_FAILED[provider]);
    }
  }

  /** `POST /auth/{google|x}/exchange-token`. */
  async oauthExchange(provider: 'google' | 'x', code: string | undefined, state: string, browserSecret: string | undefined, userAgent?: string): Promise<ExchangeResult> {
    const { identity } = await this.finishOAuth(provider, code, state, browserSecret, 'login', null);
    return this.signInOrPend(provider, identity, userAgent);
  }

  /** `POST /auth/{google|x}/connect` (signed in). */
  async oauthConnect(provider: 'google' | 'x', userId: number, code: string | undefined, state: string, browserSecret: string | undefined): Promise<void> {
    const { identity } = await this.finishOAuth(provider, code, state, browserSecret, 'connect', userId);
    await this.connectIdentity(userId, provider, identity);
  }

  // ---- identities ----------------------------------------------------------------------------

  /** Signs in a linked identity, or records it as pending and says so. */
  async signInOrPend(provider: SocialProvider, identity: OAuthIdentity, userAgent?: string): Promise<ExchangeResult> {
    const linked = await this.d.repo.socialLogin(provider, identity.uid);
    if (linked) {
      const user = await this.d.repo.byId(linked.userId);
      if (user) return { status: 'signed_in', ...(await this.d.auth.signIn(user, userAgent)) };
    }
    const nonce = crypto.randomBytes(24).toString('base64url');
    const now = this.d.now();
    await this.rows.savePendingIdentity({
      nonce,
      provider,
      providerUid: identity.uid,
      email: identity.email,
      emailVerified: identity.emailVerified,
      displayName: identity.displayName,
      createdAt: now,
      expiresAt: now + PENDING_TTL_MS,
    });
    const owner = identity.email && identity.emailVerified ? await this.d.repo.byEmail(identity.email) : null;
    return { status: 'new', provider, provider_uid: identity.uid, nonce, email: identity.email, display_name: identity.displayName, can_merge: !!owner && !owner.walletOnly };
  }

  private async takePending(provider: SocialProvider, providerUid: string, nonce: string) {
    const now = this.d.now();
    const row = await this.rows.takePendingIdentity(provider, providerUid, nonce, now);
    if (!row) throw new AppError('OAUTH_STATE_INVALID');
    return row;
  }

  /** `POST /auth/{provider}/login`: creates the account of a pending identity (agreement required). */
  async pendingLogin(provider: SocialProvider, input: { provider_uid: string; nonce: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: 'en_US' | 'zh_CN' }, userAgent?: string): Promise<SignInResult> {
    if (!input.agreement_accepted) throw new AppError('AGREEMENT_REQUIRED', 'The user agreement must be accepted', { fields: [{ path: 'body.agreement_accepted', message: 'required' }] });
    const p = await this.takePending(provider, input.provider_uid, input.nonce);
    if (await this.d.repo.socialLogin(provider, p.providerUid)) throw new AppError('PROVIDER_ALREADY_CONNECTED');
    const emailFree = p.email && p.emailVerified && !(await this.d.repo.byEmail(p.email));
    const now = this.d.now();
    // The account and its identity commit together: two tabs finishing the same sign-up at once
    // give one account (the other answers 409 as it would a moment later), never an orphan.
    const user = await this.d.repo.createWithIdentity(
      {
        username: (p.displayName ?? `${provider}-${p.providerUid}`).slice(0, 40),
        email: emailFree ? p.email : null,
        emailVerified: !!emailFree,
        language: input.lang,
        cookieAccepted: input.cookie_accepted,
        agreementAcceptedAt: now,
        createdAt: now,
      },
      { provider, providerUid: p.providerUid, email: p.email, displayName: p.displayName },
      p.displayName?.slice(0, 40) ?? '',
    );
    if (!user) throw new AppError('PROVIDER_ALREADY_CONNECTED');
    return this.d.auth.signIn(user, userAgent);
  }

  /**
   * `POST /auth/{provider}/merge`: links a pending identity whose e-mail the provider verified to
   * the account with that e-mail, and signs in. 400 OAUTH_STATE_INVALID when there is none.
   */
  async pendingMerge(provider: SocialProvider, input: { provider_uid: string; nonce: string }, userAgent?: string): Promise<SignInResult> {
    const p = await this.takePending(provider, input.provider_uid, input.nonce);
    const owner = p.email && p.emailVerified ? await this.d.repo.byEmail(p.email) : null;
    if (!owner || owner.walletOnly) throw new AppError('OAUTH_STATE_INVALID', 'Nothing to merge with');
    await this.connectIdentity(owner.id, provider, { uid: p.providerUid, email: p.email, emailVerified: p.emailVerified, displayName: p.displayName });
    return this.d.auth.signIn(owner, userAgent);
  }

  /** Links `identity` to `userId`; 409 PROVIDER_ALREADY_CONNECTED when it (or this provider) is taken. */
  async connectIdentity(userId: number, provider: SocialProvider, identity: OAuthIdentity): Promise<void> {
    const linked = await this.d.repo.socialLogin(provider, identity.uid);
    if (linked && linked.userId === userId) return;
    const code = provider === 'metamask' ? 'METAMASK_ALREADY_CONNECTED' : 'PROVIDER_ALREADY_CONNECTED';
    if (linked) throw new AppError(code);
    const ok = await this.d.repo.link(userId, provider, identity.uid, { email: identity.email, displayName: identity.displayName }, this.d.now());
    if (!ok) throw new AppError(code);
  }

  /**
   * `POST /auth/{provider}/disconnect`: unlinks unless it is the account's last way to sign in
   * (409 PROVIDER_LAST_LOGIN_METHOD); 404 PROVIDER_NOT_CONNECTED when not linked to the caller.
   */
  async disconnect(userId: number, provider: SocialProvider, providerUid: string): Promise<void> {
    const user = await this.d.repo.byId(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    const logins = await this.d.repo.socialLoginsOf(userId);
    const uid = provider === 'metamask' ? providerUid.toLowerCase() : providerUid;
    if (!logins.some((l) => l.provider === provider && l.providerUid === uid)) throw new AppError(provider === 'metamask' ? 'METAMASK_DISCONNECT_FAILED' : 'PROVIDER_NOT_CONNECTED');
    const methods = logins.length + (user.passwordHash && user.email && user.emailVerified ? 1 : 0);
    if (methods <= 1) throw new AppError('PROVIDER_LAST_LOGIN_METHOD');
    await this.d.repo.unlink(userId, provider, uid);
  }

  // ---- MetaMask (SIWE) -----------------------------------------------------------------------

  /**
   * `POST /auth/metamask/login`. A linked wallet signs in; an unknown wallet (agreement accepted)
   * gets a new wallet-only account. The agreement is checked before the nonce is spent.
   */
  async walletLogin(input: { address: string; message: string; signature: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: 'en_US' | 'zh_CN' }, host: string, userAgent?: string): Promise<SignInResult> {
    const uid = input.address.toLowerCase();
    const linked = await this.d.repo.socialLogin('metamask', uid);
    if (!linked && !input.agreement_accepted) throw new AppError('AGREEMENT_REQUIRED', 'The user agreement must be accepted', { fields: [{ path: 'body.agreement_accepted', message: 'required' }] });
    const address = await this.d.siwe.verify(input.address, input.message, input.signature, host, 'METAMASK_LOGIN_FAILED');
    if (linked) {
      const user = await this.d.repo.byId(linked.userId);
      if (!user) throw new AppError('METAMASK_LOGIN_FAILED');
      return this.d.auth.signIn(user, userAgent);
    }
    // First sign-in: the account and its wallet identity commit together, so concurrent first
    // sign-ins of one wallet leave one user; the ones that lose the race sign in the winner's.
    const now = this.d.now();
    const created = await this.d.repo.createWithIdentity(
      {
        username: `${address.slice(0, 6)}…${address.slice(-4)}`,
        email: null,
        emailVerified: false,
        language: input.lang,
        cookieAccepted: input.cookie_accepted,
        agreementAcceptedAt: now,
        walletOnly: true,
        createdAt: now,
      },
      { provider: 'metamask', providerUid: uid, displayName: address },
    );
    const owner = created ?? (await this.walletOwner(uid));
    if (!owner) throw new AppError('METAMASK_LOGIN_FAILED');
    return this.d.auth.signIn(owner, userAgent);
  }

  /** The account a wallet (lower-case address) is linked to, or null. */
  private async walletOwner(uid: string) {
    const linked = await this.d.repo.socialLogin('metamask', uid);
    return linked ? this.d.repo.byId(linked.userId) : null;
  }

  /** `POST /auth/metamask/connect` (signed in): links a wallet after checking its signature. */
  async walletConnect(userId: number, input: { provider_uid: string; message: string; signature: string }, host: string): Promise<void> {
    const address = await this.d.siwe.verify(input.provider_uid, input.message, input.signature, host, 'METAMASK_CONNECT_FAILED');
    await this.connectIdentity(userId, 'metamask', { uid: address.toLowerCase(), email: null, emailVerified: false, displayName: address });
  }

  /** `GET /auth/check-provider-connection`: whether an identity (e.g. a wallet) has an account. */
  async isConnected(providerUid: string, provider?: SocialProvider): Promise<{ connected: boolean; provider: SocialProvider | null }> {
    const uid = /^0x[0-9a-fA-F]{40}$/.test(providerUid) ? providerUid.toLowerCase() : providerUid;
    const row = provider ? await this.d.repo.socialLogin(provider, uid) : await this.d.repo.socialLoginByUid(uid);
    return { connected: !!row, provider: (row?.provider as SocialProvider | undefined) ?? null };
  }
}

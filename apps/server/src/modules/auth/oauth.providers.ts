import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';

/** A verified outside identity. `uid` is the provider's stable user id. */
export interface OAuthIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}

/** OAuth 2.0 authorization-code flow with PKCE (S256) for one provider. */
export interface OAuthProvider {
  readonly name: 'google' | 'x';
  /** The URL to send the browser to. */
  authorizationUrl(state: string, codeVerifier: string, redirectUri: string): URL;
  /** Exchanges the code (with the same verifier and redirect URI) and reads the identity. */
  exchange(code: string, codeVerifier: string, redirectUri: string): Promise<OAuthIdentity>;
}

export interface OAuthEndpoints {
  clientId: string;
  clientSecret: string | null;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export { generateCodeVerifier, generateState };

/**
 * Provider on arctic's generic OAuth2Client (token request, client authentication, PKCE, error
 * parsing are arctic's), with configurable endpoints so tests can point them at a local server
 * speaking the provider's formats. The identity comes from the provider's userinfo endpoint.
 */
abstract class ArcticProvider implements OAuthProvider {
  abstract readonly name: 'google' | 'x';
  protected abstract readonly scopes: string[];
  constructor(protected readonly ep: OAuthEndpoints) {}

  authorizationUrl(state: string, codeVerifier: string, redirectUri: string): URL {
    const client = new OAuth2Client(this.ep.clientId, this.ep.clientSecret, redirectUri);
    return client.createAuthorizationURLWithPKCE(this.ep.authUrl, state, CodeChallengeMethod.S256, codeVerifier, this.scopes);
  }

  async exchange(code: string, codeVerifier: string, redirectUri: string): Promise<OAuthIdentity> {
    const client = new OAuth2Client(this.ep.clientId, this.ep.clientSecret, redirectUri);
    const tokens = await client.validateAuthorizationCode(this.ep.tokenUrl, code, codeVerifier);
    const res = await fetch(this.ep.userinfoUrl, { headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    return this.identityOf(await res.json());
  }

  protected abstract identityOf(body: unknown): OAuthIdentity;
}

/** Google (OpenID Connect userinfo: `sub`, `email`, `email_verified`, `name`). */
export class GoogleProvider extends ArcticProvider {
  readonly name = 'google' as const;
  protected readonly scopes = ['openid', 'email', 'profile'];
  protected identityOf(body: any): OAuthIdentity {
    if (!body || typeof body.sub !== 'string' || !body.sub) throw new Error('userinfo without sub');
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : null;
    return { uid: body.sub, email, emailVerified: !!email && (body.email_verified === true || body.email_verified === 'true'), displayName: typeof body.name === 'string' ? body.name : null };
  }
}

/** X (`GET /2/users/me` → `{data: {id, name, username}}`); X gives no e-mail. */
export class XProvider extends ArcticProvider {
  readonly name = 'x' as const;
  protected readonly scopes = ['users.read', 'tweet.read'];
  protected identityOf(body: any): OAuthIdentity {
    const d = body?.data;
    if (!d || typeof d.id !== 'string' || !d.id) throw new Error('users/me without data.id');
    return { uid: d.id, email: null, emailVerified: false, displayName: typeof d.username === 'string' ? `@${d.username}` : typeof d.name === 'string' ? d.name : null };
  }
}

import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { DatabaseHandle } from '@coinlens/db';
import { AppError } from './errors';
import { PermissionPolicy } from './permissions';
import { SessionsRepository } from './sessions.repository';

/**
 * The signed-in caller, set on `req.user` by {@link requireUser} / {@link optionalUser}:
 *  - `id`: users.id
 *  - `sessionId`: the `sid` of the access token (a row of the sessions table)
 *  - `permissions`: e.g. `['lab']`
 *  - `isPro`: membership end date in the future (wall time)
 */
export interface AuthUser {
  id: number;
  sessionId: string;
  permissions: string[];
  isPro: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` / `optionalUser` preHandlers; null when signed out. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** The session service (installed by {@link installAuth}). */
    sessions: SessionService;
  }
}

const ISSUER = 'coinlens';
const AUDIENCE = 'coinlens-api';

/**
 * The HS256 key of access tokens: `JWT_SECRET` when set, otherwise a random 256-bit secret created
 * once in the `app_secrets` table (insert-if-absent, then read) so N processes share it.
 */
export async function loadJwtSecret(db: DatabaseHandle, configured: string | undefined, now: () => number = Date.now): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = crypto.randomBytes(32).toString('base64url');
  return new TextEncoder().encode(await new SessionsRepository(db).secret('jwt_hs256', candidate, now()));
}

/**
 * Sign-in sessions and their access tokens (jose, HS256). A token carries `sub` (user id) and `sid`
 * (session id); it is valid only while its session row exists, is not revoked and not expired, so
 * logout and password resets take effect at once (the next request answers 401 SESSION_EXPIRED).
 * Times are wall time (`now`).
 */
export class SessionService {
  private readonly repo: SessionsRepository;

  constructor(
    repo: SessionsRepository,
    private readonly key: Uint8Array,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly permissions: PermissionPolicy = new PermissionPolicy(),
  ) {
    this.repo = repo;
  }

  /** Opens a session for `userId` and returns its token (lifetime in seconds). */
  async issue(userId: number, userAgent?: string): Promise<{ token: string; expiresIn: number; sessionId: string }> {
    const sid = crypto.randomBytes(18).toString('base64url');
    const now = this.now();
    await this.repo.insert({ id: sid, userId, createdAt: now, expiresAt: now + this.ttlMs, userAgent: userAgent ?? null });
    const token = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + this.ttlMs) / 1000))
      .sign(this.key);
    return { token, expiresIn: Math.floor(this.ttlMs / 1000), sessionId: sid };
  }

  /**
   * The caller of a token, or null when the token is malformed, badly signed, expired, or its
   * session was revoked. Only HS256 is accepted (no `none`, no key confusion).
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    let sub: string | undefined;
    let sid: unknown;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(this.now()) });
      sub = payload.sub;
      sid = payload.sid;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
    if (typeof sid !== 'string' || !sub || !/^\d+$/.test(sub)) return null;
    const now = this.now();
    const row = await this.repo.findActive(sid);
    if (!row || row.userId !== Number(sub) || row.expiresAt <= now) return null;
    return { id: row.userId, sessionId: sid, permissions: this.permissions.of(row.permissions, row.emailVerified ? row.email : null), isPro: row.end != null && row.end > now };
  }

  /** Revokes one session (logout). */
  async revoke(sessionId: string): Promise<void> {
    await this.repo.revoke(sessionId, this.now());
  }

  /** Revokes every session of a user (password reset). */
  async revokeAll(userId: number): Promise<void> {
    await this.repo.revokeAllOf(userId, this.now());
  }

  /** Deletes sessions that ended more than a day ago (housekeeping). */
  async prune(): Promise<void> {
    await this.repo.deleteEndedBefore(this.now() - 86_400_000);
  }
}

/** The bearer token of a request (`Authorization: Bearer …`), or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

/**
 * Installs the session service on the app (`app.sessions`) and `req.user = null` on every request.
 * Called once by `buildApp` before any module registers routes.
 */
export function installAuth(app: FastifyInstance, service: SessionService): void {
  app.decorate('sessions', service);
  app.decorateRequest('user', null);
}

/**
 * preHandler for routes that need a signed-in user:
 *
 * ```ts
 * import { requireUser, currentUser } from '../../platform/auth';
 * r.get('/api/crypto/crypto_following', { preHandler: requireUser }, async (req) => list(currentUser(req).id));
 * ```
 *
 * Sets `req.user` ({@link AuthUser}). Without a bearer token → 401 UNAUTHORIZED; with a token that
 * is invalid, expired or whose session was revoked (logout, password reset) → 401 SESSION_EXPIRED.
 * Pro features use `requireEntitlement(feature)` of `modules/billing/entitlements.ts` instead (it signs in too).
 */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  const user = await req.server.sessions.authenticate(token);
  if (!user) throw new AppError('SESSION_EXPIRED', 'Session expired, please log in again');
  req.user = user;
}

/**
 * preHandler for routes that personalise when signed in but also serve visitors: sets `req.user`
 * to the caller or null. A missing or invalid token never fails the request (it is treated as a
 * visitor), so public pages keep working with a stale token.
 */
export function optionalUser(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  // Callback style: a visitor (no token) costs no promise and no microtask hop on the cached reads.
  const token = bearerToken(req);
  if (!token) {
    req.user = null;
    return done();
  }
  req.server.sessions.authenticate(token).then(
    (user) => {
      req.user = user;
      done();
    },
    (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
  );
}

/** `req.user` after {@link requireUser}; throws 401 UNAUTHORIZED if the preHandler was not run. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  return req.user;
}

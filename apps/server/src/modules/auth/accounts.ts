import type { DatabaseHandle } from '@coinlens/db';
import type { Env } from '../../platform/env';
import { dataDirOf } from '../../platform/env';
import { loadJwtSecret, SessionService } from '../../platform/auth';
import { SessionsRepository } from '../../platform/sessions.repository';
import { PermissionPolicy } from '../../platform/permissions';
import { createMailer, type Mailer } from '../../providers/mail';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { AccountDataRepository } from '../users/account-data.repository';
import { AccountDataService } from '../users/account-data.service';
import { AuthService } from './auth.service';
import { CodesService } from './codes.service';
import { IdentityService } from './identity.service';
import { GoogleProvider, XProvider, type OAuthProvider } from './oauth.providers';
import { SiweService } from './siwe.service';
import { AuthRepository } from './auth.repository';

/** The accounts services of a process (see `createAccounts`). */
export interface Accounts {
  sessions: SessionService;
  users: UsersService;
  usersRepo: UsersRepository;
  /** Data export and account deletion. */
  accountData: AccountDataService;
  auth: AuthService;
  identity: IdentityService;
  siwe: SiweService;
  codes: CodesService;
  mailer: Mailer;
  /** Wall clock of accounts (codes, sessions, memberships); `Date.now` outside tests. */
  now: () => number;
  close(): Promise<void>;
}

/**
 * Builds the accounts services: the JWT key (JWT_SECRET or the shared generated one), sessions,
 * the mailer (SMTP_URL or DATA_DIR/outbox), codes, e-mail auth, SIWE and the OAuth providers that
 * are configured. `opts.mailer` / `opts.oauth` replace the real ones (tests).
 */
export async function createAccounts(
  env: Env,
  db: DatabaseHandle,
  opts: { log?: (m: string) => void; now?: () => number; mailer?: Mailer; oauth?: Partial<Record<'google' | 'x', OAuthProvider>> } = {},
): Promise<Accounts> {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? (() => Date.now());
  const key = await loadJwtSecret(db, env.JWT_SECRET, now);
  const permissions = new PermissionPolicy(env.LAB_EMAILS);
  const sessions = new SessionService(new SessionsRepository(db), key, env.SESSION_TTL_HOURS * 3_600_000, now, permissions);
  const usersRepo = new UsersRepository(db);
  const users = new UsersService(usersRepo, now, permissions);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: dataDirOf(env), log });
  const authRepo = new AuthRepository(db);
  const codes = new CodesService(authRepo, key, now);
  const auth = new AuthService({
    repo: usersRepo,
    sessions,
    codes,
    mailer,
    now,
    registrationEnabled: env.REGISTRATION_ENABLED,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : null,
    log,
  });
  const siwe = new SiweService(authRepo, env.SIWE_CHAIN_ID, now);
  const accountData = new AccountDataService({ repo: new AccountDataRepository(db), users: usersRepo, siwe, now });
  const oauth: Partial<Record<'google' | 'x', OAuthProvider>> = opts.oauth ?? {};
  if (!opts.oauth) {
    if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
      oauth.google = new GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, authUrl: env.GOOGLE_AUTH_URL, tokenUrl: env.GOOGLE_TOKEN_URL, userinfoUrl: env.GOOGLE_USERINFO_URL });
    }
    if (env.X_CLIENT_ID) {
      oauth.x = new XProvider({ clientId: env.X_CLIENT_ID, clientSecret: env.X_CLIENT_SECRET ?? null, authUrl: env.X_AUTH_URL, tokenUrl: env.X_TOKEN_URL, userinfoUrl: env.X_USERINFO_URL });
    }
  }
  const identity = new IdentityService({ rows: authRepo, repo: usersRepo, auth, siwe, oauth, now, log });
  return {
    sessions,
    users,
    usersRepo,
    accountData,
    auth,
    identity,
    siwe,
    codes,
    mailer,
    now,
    async close() {
      await mailer.close();
    },
  };
}

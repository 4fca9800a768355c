import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Accounts. Times are milliseconds since epoch (UTC, wall time). `email` is stored
 * lower-cased; null for wallet, X or Telegram accounts without one. `walletOnly` marks accounts
 * created from a MetaMask signature: they can never be linked to an e-mail later.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** argon2id PHC string; null for accounts without a password (social or wallet only). */
  passwordHash: text('password_hash'),
  /** `en_US` or `zh_CN`. */
  language: text('language').notNull().default('en_US'),
  timezone: text('timezone').notNull().default('UTC'),
  cookieAccepted: boolean('cookie_accepted').notNull().default(false),
  agreementAcceptedAt: bigint('agreement_accepted_at', { mode: 'number' }),
  /** Feature permissions, e.g. `['lab']`. */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  walletOnly: boolean('wallet_only').notNull().default(false),
  /** Membership window (filled by payments and invitation codes); isPro = end in the future. */
  subscriptionStartDate: bigint('subscription_start_date', { mode: 'number' }),
  subscriptionEndDate: bigint('subscription_end_date', { mode: 'number' }),
  isUsedInvitationCode: boolean('is_used_invitation_code').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** Profile of a user: one per user. `avatar.key` is a0 (default) or a1..a8. */
export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  biography: text('biography').notNull().default(''),
  /** `YYYY-MM-DD` or null. */
  birthday: text('birthday'),
  nickname: text('nickname').notNull().default(''),
  avatar: jsonb('avatar').$type<{ type: string; key: string }>().notNull().default({ type: 'preset', key: 'a0' }),
});

/** Linked sign-in identities: google, x, telegram, metamask (provider_uid = lower-case address). */
export const socialLogins = pgTable(
  'social_logins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUid: text('provider_uid').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('social_logins_provider_uid').on(t.provider, t.providerUid), uniqueIndex('social_logins_user_provider').on(t.userId, t.provider)],
);

/** Sign-in sessions; the JWT carries `sid`. Logout and password reset set `revokedAt`. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * One-time codes and tokens: `register`, `reset` (6-digit codes mailed), `reset_token` (the token
 * returned after a reset code was verified), `bind_email`. Stored as an HMAC, never in clear.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    consumedAt: bigint('consumed_at', { mode: 'number' }),
    /**
     * Registration codes: HMAC of the registration attempt's id (`registration_id`, known only to the
     * browser that registered). A code verifies only together with its attempt's id.
     */
    attempt: text('attempt'),
    /** Registration codes: argon2id hash of the password chosen in that attempt; set on the user when verified. */
    passwordHash: text('password_hash'),
  },
  (t) => [index('verification_codes_lookup').on(t.purpose, t.email, t.createdAt)],
);

/** SIWE (EIP-4361) nonces with the exact message handed out; single use. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  message: text('message').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** OAuth 2.0 authorization requests: state, PKCE verifier, browser binding; single use. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** SHA-256 of the HttpOnly cookie set on the browser that started the flow. */
  browserHash: text('browser_hash').notNull(),
  /** `login` or `connect`. */
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The exact redirect_uri of the authorization request (repeated in the token request). */
  redirectUri: text('redirect_uri').notNull().default(''),
  /** `en_US` or `zh_CN` at the start of the flow. */
  lang: text('lang').notNull().default('en_US'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/**
 * A verified outside identity (Google, X, Telegram) without an account yet, waiting for the user's
 * choice (create an account, or merge into the account with the same verified e-mail). Single use.
 */
export const pendingIdentities = pgTable('pending_identities', {
  nonce: text('nonce').primaryKey(),
  provider: text('provider').notNull(),
  providerUid: text('provider_uid').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  displayName: text('display_name'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/** Generated server secrets shared by every process (e.g. the JWT key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

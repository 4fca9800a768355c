import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { oauthStates, pendingIdentities, siweNonces, verificationCodes, type DatabaseHandle } from '@coinlens/db';

/** One row of `verification_codes` (packages/db schema/users.ts). */
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
/** One row of `oauth_states`: an authorization request in flight. */
export type OAuthStateRow = typeof oauthStates.$inferSelect;
/** One row of `pending_identities`: an outside identity waiting to become or join an account. */
export type PendingIdentityRow = typeof pendingIdentities.$inferSelect;
/** One row of `siwe_nonces`: a SIWE message handed out, with its single-use nonce. */
export type SiweNonceRow = typeof siweNonces.$inferSelect;

/** Rows older than this past their expiry are deleted by the housekeeping of each insert. */
const HOUSEKEEPING_MS = 3_600_000;

/**
 * The SQL of sign-in: one-time codes and reset tokens (`verification_codes`), OAuth requests
 * (`oauth_states`), pending identities (`pending_identities`) and SIWE nonces (`siwe_nonces`).
 * Times are ms since epoch (wall time). Single use is enforced by conditional updates, so every
 * process agrees; callers turn an empty result into their error.
 */
export class AuthRepository {
  constructor(private readonly h: DatabaseHandle) {}

  // ---- verification codes ----------------------------------------------------------------------

  /** When the newest code of (purpose, e-mail) was created, or null when there is none. */
  async lastCodeAt(purpose: string, email: string): Promise<number | null> {
    const [last] = await this.h.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return last ? last.createdAt : null;
  }

  /**
   * Stores a new code in one transaction under an advisory lock on (purpose, e-mail): `build`
   * receives the newest code's creation time (null: none) and resolves to the row to insert, or
   * throws to refuse (nothing is written then); then the open codes of (purpose, e-mail) — of `voidAttempt` only, when given — are
   * voided at the new row's `createdAt` and the row is inserted. Parallel calls from any process
   * are serialised by the lock.
   */
  async issueCode(
    purpose: string,
    email: string,
    voidAttempt: string | null,
    build: (lastCreatedAt: number | null) => Promise<Omit<typeof verificationCodes.$inferInsert, 'purpose' | 'email'> & { createdAt: number }>,
  ): Promise<void> {
    await this.h.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${email}`}))`);
      const [last] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email)))
        .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
        .limit(1);
      const row = await build(last ? last.createdAt : null);
      await tx
        .update(verificationCodes)
        .set({ consumedAt: row.createdAt })
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt), voidAttempt != null ? eq(verificationCodes.attempt, voidAttempt) : undefined));
      await tx.insert(verificationCodes).values({ ...row, purpose, email });
    });
  }

  /** The newest code of (purpose, e-mail), of registration attempt `attempt` when given; null when none. */
  async newestCode(purpose: string, email: string, attempt?: string): Promise<VerificationCodeRow | null> {
    const [row] = await this.h.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), attempt !== undefined ? eq(verificationCodes.attempt, attempt) : undefined))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row ?? null;
  }

  /** Counts one wrong try of code `id`; returns the tries now counted (null when the row is gone). */
  async countWrongTry(id: number): Promise<number | null> {
    const [after] = await this.h.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id))
      .returning({ attempts: verificationCodes.attempts });
    return after ? after.attempts : null;
  }

  /** Consumes code `id` at `now` if it is unused and has fewer than `maxAttempts` wrong tries; false when another use came first. */
  async consumeCode(id: number, now: number, maxAttempts: number): Promise<boolean> {
    const used = await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, maxAttempts)))
      .returning({ id: verificationCodes.id });
    return used.length > 0;
  }

  /** The newest registration code row of `attempt` for `email` (any state): its user and password hash; null when unknown. */
  async registrationAttempt(email: string, attempt: string): Promise<{ userId: number | null; passwordHash: string | null } | null> {
    const [row] = await this.h.db
      .select({ userId: verificationCodes.userId, passwordHash: verificationCodes.passwordHash })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), eq(verificationCodes.attempt, attempt)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row ?? null;
  }

  /** Distinct registration attempts of `email` with a code created at or after `since` (ms), at most `limit`. */
  async registrationAttemptsSince(email: string, since: number, limit = 2): Promise<string[]> {
    const rows = await this.h.db
      .selectDistinct({ attempt: verificationCodes.attempt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), isNotNull(verificationCodes.attempt), sql`${verificationCodes.createdAt} >= ${since}`))
      .limit(limit);
    return rows.map((r) => r.attempt!);
  }

  /** Password hashes of the newest `rows` registration codes of `email` that carry one, newest first (may repeat). */
  async registrationPasswordHashes(email: string, rows: number): Promise<string[]> {
    const found = await this.h.db
      .select({ passwordHash: verificationCodes.passwordHash })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), isNotNull(verificationCodes.passwordHash)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(rows);
    return found.map((r) => r.passwordHash!);
  }

  /** Voids (consumed at `now`) every open code of (purpose, e-mail). */
  async voidOpenCodes(purpose: string, email: string, now: number): Promise<void> {
    await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)));
  }

  /** Inserts a code row as is (no lock, no voiding). */
  async insertCode(row: typeof verificationCodes.$inferInsert): Promise<void> {
    await this.h.db.insert(verificationCodes).values(row);
  }

  /** Consumes the open, unexpired code of (purpose, e-mail, hash) at `now`; its user id, or undefined when none matched. */
  async consumeByHash(purpose: string, email: string, codeHash: string, now: number): Promise<{ userId: number | null } | undefined> {
    const rows = await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), eq(verificationCodes.codeHash, codeHash), isNull(verificationCodes.consumedAt), sql`${verificationCodes.expiresAt} > ${now}`))
      .returning({ userId: verificationCodes.userId });
    return rows[0];
  }

  // ---- OAuth requests and pending identities ------------------------------------------------------

  /** Stores an authorization request and deletes those that expired an hour before `row.createdAt`. */
  async saveOAuthState(row: typeof oauthStates.$inferInsert & { createdAt: number }): Promise<void> {
    await this.h.db.insert(oauthStates).values(row);
    await this.h.db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${row.createdAt - HOUSEKEEPING_MS}`);
  }

  /** Marks the unused, unexpired request `state` of `provider` used at `now` and returns it; null when there is none. */
  async takeOAuthState(provider: string, state: string, now: number): Promise<OAuthStateRow | null> {
    const [row] = await this.h.db
      .update(oauthStates)
      .set({ usedAt: now })
      .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider), isNull(oauthStates.usedAt), sql`${oauthStates.expiresAt} > ${now}`))
      .returning();
    return row ?? null;
  }

  /** Stores a pending identity and deletes those that expired an hour before `row.createdAt`. */
  async savePendingIdentity(row: typeof pendingIdentities.$inferInsert & { createdAt: number }): Promise<void> {
    await this.h.db.insert(pendingIdentities).values(row);
    await this.h.db.delete(pendingIdentities).where(sql`${pendingIdentities.expiresAt} < ${row.createdAt - HOUSEKEEPING_MS}`);
  }

  /** Marks the unused, unexpired pending identity (nonce, provider, uid) used at `now` and returns it; null when there is none. */
  async takePendingIdentity(provider: string, providerUid: string, nonce: string, now: number): Promise<PendingIdentityRow | null> {
    const [row] = await this.h.db
      .update(pendingIdentities)
      .set({ usedAt: now })
      .where(and(eq(pendingIdentities.nonce, nonce), eq(pendingIdentities.provider, provider), eq(pendingIdentities.providerUid, providerUid), isNull(pendingIdentities.usedAt), sql`${pendingIdentities.expiresAt} > ${now}`))
      .returning();
    return row ?? null;
  }

  // ---- SIWE nonces -------------------------------------------------------------------------------

  /** Stores a SIWE nonce with its message and deletes nonces that expired or were used an hour before `row.createdAt`. */
  async saveSiweNonce(row: typeof siweNonces.$inferInsert & { createdAt: number }): Promise<void> {
    await this.h.db.insert(siweNonces).values(row);
    const before = row.createdAt - HOUSEKEEPING_MS;
    await this.h.db.delete(siweNonces).where(or(lt(siweNonces.expiresAt, before), lt(siweNonces.usedAt, before)));
  }

  /** The SIWE nonce row, or null. */
  async siweNonce(nonce: string): Promise<SiweNonceRow | null> {
    const [row] = await this.h.db.select().from(siweNonces).where(eq(siweNonces.nonce, nonce));
    return row ?? null;
  }

  /** Spends an unused, unexpired SIWE nonce at `now`; false when it was spent or expired first. */
  async spendSiweNonce(nonce: string, now: number): Promise<boolean> {
    const spent = await this.h.db
      .update(siweNonces)
      .set({ usedAt: now })
      .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), sql`${siweNonces.expiresAt} > ${now}`))
      .returning({ nonce: siweNonces.nonce });
    return spent.length > 0;
  }
}

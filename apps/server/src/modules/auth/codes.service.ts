import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { verificationCodes, type DatabaseHandle } from '@coinlens/db';
import { AppError } from '../../platform/errors';

/** Purposes of one-time codes. */
export type CodePurpose = 'register' | 'reset' | 'bind_email' | 'reset_token';

/** Rules of mailed codes (SPEC §4 E-mail verification, §5). */
export const CODE_RULES = {
  /** A code is valid for 15 minutes. */
  ttlMs: 15 * 60_000,
  /** A new code may be requested 60 s after the previous one. */
  resendAfterMs: 60_000,
  /** Five wrong tries void a code; a new one must be requested. */
  maxAttempts: 5,
} as const;

/**
 * Single-use, expiring 6-digit codes (and reset tokens) per purpose and e-mail, stored as an HMAC
 * keyed with a server secret. Only the newest code of a purpose and e-mail counts (of a
 * purpose, e-mail and attempt for registration codes, each bound to its attempt and password). The resend
 * countdown, attempt counting and consumption are enforced in the database, so every process agrees.
 */
export class CodesService {
  constructor(
    private readonly h: DatabaseHandle,
    private readonly key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  private hash(value: string): string {
    return crypto.createHmac('sha256', this.key).update(value).digest('hex');
  }

  /** Seconds until a new code of `purpose` may be sent to `email` (0 = now). */
  async resendIn(purpose: CodePurpose, email: string): Promise<number> {
    const [last] = await this.h.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!last) return 0;
    return Math.max(0, Math.ceil((last.createdAt + CODE_RULES.resendAfterMs - this.now()) / 1000));
  }

  /**
   * Creates a new 6-digit code (voiding older ones). Throws 429 RESEND_TOO_SOON with
   * `details.retry_after_s` inside the 60 s countdown. The countdown check and the insert run under a
   * transaction-scoped advisory lock on (purpose, e-mail), so parallel requests (from any process)
   * issue at most one code per countdown. `bind` ties a registration code to its attempt (the HMAC
   * from {@link attemptOf}) and that attempt's password hash; its new code voids only that attempt's
   * older codes. Returns the code in clear (to be mailed).
   */
  async issue(purpose: Exclude<CodePurpose, 'reset_token'>, email: string, userId: number | null, bind: { attempt: string; passwordHash: string | null } | null = null): Promise<string> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await this.h.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${email}`}))`);
      const [last] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email)))
        .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
        .limit(1);
      const now = this.now();
      const wait = last ? Math.max(0, Math.ceil((last.createdAt + CODE_RULES.resendAfterMs - now) / 1000)) : 0;
      if (wait > 0) throw new AppError('RESEND_TOO_SOON', `Wait ${wait} s`, { details: { retry_after_s: wait } });
      // A registration attempt's new code voids that attempt's older codes only: another attempt
      // (someone else registering the same pending address) can neither void nor reuse them.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.email, email),
            isNull(verificationCodes.consumedAt),
            bind ? eq(verificationCodes.attempt, bind.attempt) : undefined,
          ),
        );
      await tx.insert(verificationCodes).values({
        purpose,
        email,
        userId,
        codeHash: this.hash(`${purpose}:${email}:${code}`),
        createdAt: now,
        expiresAt: now + CODE_RULES.ttlMs,
        attempt: bind?.attempt ?? null,
        passwordHash: bind?.passwordHash ?? null,
      });
    });
    return code;
  }

  /**
   * Checks and consumes the newest code of `purpose` for `email` (of registration attempt `attempt`
   * when given, see {@link attemptOf}). Errors: 400
   * INVALID_VERIFICATION_CODE (wrong, none, or already used), 400 VERIFICATION_CODE_EXPIRED,
   * 429 VERIFICATION_CODE_LOCKED (5 wrong tries). Returns the user id (and, for registration codes,
   * the attempt's password hash) stored with the code.
   */
  async consume(purpose: CodePurpose, email: string, code: string, attempt?: string): Promise<{ userId: number | null; passwordHash: string | null }> {
    const [row] = await this.h.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.email, email), attempt !== undefined ? eq(verificationCodes.attempt, attempt) : undefined))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!row || row.consumedAt != null) throw new AppError('INVALID_VERIFICATION_CODE');
    if (row.attempts >= CODE_RULES.maxAttempts) throw new AppError('VERIFICATION_CODE_LOCKED');
    if (row.expiresAt <= this.now()) throw new AppError('VERIFICATION_CODE_EXPIRED');
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(this.hash(`${purpose}:${email}:${code}`), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
      const [after] = await this.h.db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id))
        .returning({ attempts: verificationCodes.attempts });
      throw new AppError(after && after.attempts >= CODE_RULES.maxAttempts ? 'VERIFICATION_CODE_LOCKED' : 'INVALID_VERIFICATION_CODE', undefined, {
        details: { attempts_left: Math.max(0, CODE_RULES.maxAttempts - (after?.attempts ?? CODE_RULES.maxAttempts)) },
      });
    }
    // Consume atomically: a concurrent second use finds consumed_at set and fails.
    const used = await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: this.now() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, CODE_RULES.maxAttempts)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new AppError('INVALID_VERIFICATION_CODE');
    return { userId: row.userId, passwordHash: row.passwordHash };
  }

  /** The stored form of a registration attempt's id (`registration_id`): an HMAC, never the id itself. */
  attemptOf(registrationId: string): string {
    return this.hash(`register-attempt:${registrationId}`);
  }

  /**
   * The newest registration code row of `attempt` for `email` (any state): its user and password
   * hash, to mail a new code for the same attempt. Null when the attempt is unknown.
   */
  async findAttempt(email: string, attempt: string): Promise<{ userId: number | null; passwordHash: string | null } | null> {
    const [row] = await this.h.db
      .select({ userId: verificationCodes.userId, passwordHash: verificationCodes.passwordHash })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), eq(verificationCodes.attempt, attempt)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row ?? null;
  }

  /** Distinct password hashes of the newest registration attempts of `email` (at most `limit`), newest first. */
  async pendingPasswordHashes(email: string, limit = 5): Promise<string[]> {
    const rows = await this.h.db
      .select({ passwordHash: verificationCodes.passwordHash })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), isNotNull(verificationCodes.passwordHash)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(limit * 4);
    return [...new Set(rows.map((r) => r.passwordHash!))].slice(0, limit);
  }

  /** Voids every open registration code of `email` (the address is verified: no attempt may activate another password). */
  async voidRegistrations(email: string): Promise<void> {
    await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: this.now() })
      .where(and(eq(verificationCodes.purpose, 'register'), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)));
  }

  /** A random reset token (returned once to the client) bound to `email` and `userId`. */
  async issueResetToken(email: string, userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.purpose, 'reset_token'), eq(verificationCodes.email, email), isNull(verificationCodes.consumedAt)));
    await this.h.db.insert(verificationCodes).values({ purpose: 'reset_token', email, userId, codeHash: this.hash(`reset_token:${email}:${token}`), createdAt: now, expiresAt: now + CODE_RULES.ttlMs });
    return token;
  }

  /** Consumes a reset token; 400 RESET_TOKEN_INVALID when unknown, used or expired. */
  async consumeResetToken(email: string, token: string): Promise<number> {
    const rows = await this.h.db
      .update(verificationCodes)
      .set({ consumedAt: this.now() })
      .where(
        and(
          eq(verificationCodes.purpose, 'reset_token'),
          eq(verificationCodes.email, email),
          eq(verificationCodes.codeHash, this.hash(`reset_token:${email}:${token}`)),
          isNull(verificationCodes.consumedAt),
          sql`${verificationCodes.expiresAt} > ${this.now()}`,
        ),
      )
      .returning({ userId: verificationCodes.userId });
    if (!rows.length || rows[0].userId == null) throw new AppError('RESET_TOKEN_INVALID');
    return rows[0].userId;
  }
}

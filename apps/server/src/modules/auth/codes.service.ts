import crypto from 'node:crypto';
import { AppError } from '../../platform/errors';
import type { AuthRepository } from './auth.repository';

/** Purposes of one-time codes. */
export type CodePurpose = 'register' | 'reset' | 'bind_email' | 'reset_token';

/** Rules of mailed codes (e-mail verification, password reset, e-mail binding). */
export const CODE_RULES = {
  /** A code is valid for 15 minutes. */
  ttlMs: 15 * 60_000,
  /** A new code may be requested 60 s after the previous one. */
  resendAfterMs: 60_000,
  /** Five wrong tries void a code; a new one must be requested. */
  maxAttempts: 5,
  /**
   * A registration code sent without its attempt's id is accepted only when no other attempt of the
   * address had a code created within this window (a day: longer than any verify page stays open
   * for the code it asked for), see {@link CodesService.soleAttempt}.
   */
  contestWindowMs: 24 * 3_600_000,
} as const;

/**
 * Single-use, expiring 6-digit codes (and reset tokens) per purpose and e-mail, stored as an HMAC
 * keyed with a server secret. Only the newest code of a purpose and e-mail counts (of a
 * purpose, e-mail and attempt for registration codes, each bound to its attempt and password). The resend
 * countdown, attempt counting and consumption are enforced in the database, so every process agrees.
 */
export class CodesService {
  private readonly repo: AuthRepository;

  constructor(
    repo: AuthRepository,
    private readonly key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = repo;
  }

  private hash(value: string): string {
    return crypto.createHmac('sha256', this.key).update(value).digest('hex');
  }

  /** Whole seconds of the resend countdown left at `now` after a code created at `last` (0: none, or over). */
  private waitSeconds(last: number | null, now: number): number {
    return last == null ? 0 : Math.max(0, Math.ceil((last + CODE_RULES.resendAfterMs - now) / 1000));
  }

  /** Seconds until a new code of `purpose` may be sent to `email` (0 = now). */
  async resendIn(purpose: CodePurpose, email: string): Promise<number> {
    const last = await this.repo.lastCodeAt(purpose, email);
    return this.waitSeconds(last, this.now());
  }

  /**
   * Creates a new 6-digit code (voiding older ones). Throws 429 RESEND_TOO_SOON with
   * `details.retry_after_s` inside the 60 s countdown. The countdown check and the insert run under a
   * transaction-scoped advisory lock on (purpose, e-mail), so parallel requests (from any process)
   * issue at most one code per countdown. `bind` ties a registration code to its attempt (the HMAC
   * from {@link attemptOf}) and that attempt's password hash; its new code voids only that attempt's
   * older codes. `spend` runs once the countdown allows the code, before it is stored (e.g. to spend
   * a mail budget): when it throws, no code is stored and the countdown is not restarted. Returns the
   * code in clear (to be mailed).
   */
  async issue(
    purpose: Exclude<CodePurpose, 'reset_token'>,
    email: string,
    userId: number | null,
    bind: { attempt: string; passwordHash: string | null } | null = null,
    spend?: () => Promise<void>,
  ): Promise<string> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.issueCode(purpose, email, bind ? bind.attempt : null, async (last) => {
      const now = this.now();
      const wait = this.waitSeconds(last, now);
      if (wait > 0) throw new AppError('RESEND_TOO_SOON', `Wait ${wait} s`, { details: { retry_after_s: wait } });
      if (spend) await spend();
      // A registration attempt's new code voids that attempt's older codes only: another attempt
      // (someone else registering the same pending address) can neither void nor reuse them.
      return {
        userId,
        codeHash: this.hash(`${purpose}:${email}:${code}`),
        createdAt: now,
        expiresAt: now + CODE_RULES.ttlMs,
        attempt: bind?.attempt ?? null,
        passwordHash: bind?.passwordHash ?? null,
      };
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
    const row = await this.repo.newestCode(purpose, email, attempt);
    if (!row || row.consumedAt != null) throw new AppError('INVALID_VERIFICATION_CODE');
    if (row.attempts >= CODE_RULES.maxAttempts) throw new AppError('VERIFICATION_CODE_LOCKED');
    if (row.expiresAt <= this.now()) throw new AppError('VERIFICATION_CODE_EXPIRED');
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(this.hash(`${purpose}:${email}:${code}`), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
      const after = await this.repo.countWrongTry(row.id);
      throw new AppError(after != null && after >= CODE_RULES.maxAttempts ? 'VERIFICATION_CODE_LOCKED' : 'INVALID_VERIFICATION_CODE', undefined, {
        details: { attempts_left: Math.max(0, CODE_RULES.maxAttempts - (after ?? CODE_RULES.maxAttempts)) },
      });
    }
    // Consume atomically: a concurrent second use finds consumed_at set and fails.
    const used = await this.repo.consumeCode(row.id, this.now(), CODE_RULES.maxAttempts);
    if (!used) throw new AppError('INVALID_VERIFICATION_CODE');
    return { userId: row.userId, passwordHash: row.passwordHash };
  }

  /** The stored form of a registration attempt's id (`registration_id`): an HMAC, never the id itself. */
  attemptOf(registrationId: string): string {
    return this.hash(`register-attempt:${registrationId}`);
  }

  /**
   * The registration attempt a code presented without `registration_id` belongs to: the address's
   * only attempt with a code created in the last {@link CODE_RULES.contestWindowMs} (else that of
   * its newest code, which then is expired). When two attempts compete for a pending address, the
   * code alone cannot tell whose password it may activate (a second registrant's code reaches the
   * owner's mailbox too), so the id is required: 400 VALIDATION_FAILED naming
   * `body.registration_id`. 400 INVALID_VERIFICATION_CODE when the address has no attempt.
   */
  async soleAttempt(email: string): Promise<string> {
    const recent = await this.repo.registrationAttemptsSince(email, this.now() - CODE_RULES.contestWindowMs);
    if (recent.length > 1) {
      throw new AppError('VALIDATION_FAILED', 'Several registrations of this address are pending: send the registration_id of yours', {
        fields: [{ path: 'body.registration_id', message: 'required: several registrations of this address are pending' }],
      });
    }
    const attempt = recent[0] ?? (await this.repo.newestCode('register', email))?.attempt;
    if (!attempt) throw new AppError('INVALID_VERIFICATION_CODE');
    return attempt;
  }

  /**
   * The newest registration code row of `attempt` for `email` (any state): its user and password
   * hash, to mail a new code for the same attempt. Null when the attempt is unknown.
   */
  async findAttempt(email: string, attempt: string): Promise<{ userId: number | null; passwordHash: string | null } | null> {
    return this.repo.registrationAttempt(email, attempt);
  }

  /** Distinct password hashes of the newest registration attempts of `email` (at most `limit`), newest first. */
  async pendingPasswordHashes(email: string, limit = 5): Promise<string[]> {
    const hashes = await this.repo.registrationPasswordHashes(email, limit * 4);
    return [...new Set(hashes)].slice(0, limit);
  }

  /** Voids every open registration code of `email` (the address is verified: no attempt may activate another password). */
  async voidRegistrations(email: string): Promise<void> {
    await this.repo.voidOpenCodes('register', email, this.now());
  }

  /** A random reset token (returned once to the client) bound to `email` and `userId`. */
  async issueResetToken(email: string, userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    await this.repo.voidOpenCodes('reset_token', email, now);
    await this.repo.insertCode({ purpose: 'reset_token', email, userId, codeHash: this.hash(`reset_token:${email}:${token}`), createdAt: now, expiresAt: now + CODE_RULES.ttlMs });
    return token;
  }

  /** Consumes a reset token; 400 RESET_TOKEN_INVALID when unknown, used or expired. */
  async consumeResetToken(email: string, token: string): Promise<number> {
    const row = await this.repo.consumeByHash('reset_token', email, this.hash(`reset_token:${email}:${token}`), this.now());
    if (!row || row.userId == null) throw new AppError('RESET_TOKEN_INVALID');
    return row.userId;
  }
}

import crypto from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { CodeSentResult, RegisterResult, SignInResult } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { SessionService } from '../../platform/auth';
import { codeMail, type CodeMailKind, type Mailer } from '../../providers/mail';
import type { UserRow, UsersRepository } from '../users/users.repository';
import { displayNameOf } from '../users/users.service';
import { CODE_RULES, type CodesService } from './codes.service';

/** Dependencies of {@link AuthService}. `now` is wall time (ms). */
export interface AuthDeps {
  repo: UsersRepository;
  sessions: SessionService;
  codes: CodesService;
  mailer: Mailer;
  now: () => number;
  registrationEnabled: boolean;
  /** Public origin used for links in mails (may be null: no link). */
  publicOrigin: string | null;
  log: (msg: string) => void;
}

const lang2url = (l: string) => (l === 'zh_CN' ? 'zh-CN' : 'en-US');

/**
 * Spends one code mail to the address from the caller's mail budgets (per IP, per address, global);
 * throws 429 RATE_LIMITED when one is used up. Called only for a mail about to be sent.
 */
export type MailBudget = (email: string) => Promise<void>;

/**
 * E-mail accounts: password sign-in, registration
 * with a mailed 6-digit code, password reset (code → one-time token → new password, which revokes
 * every session), adding/verifying an e-mail on an existing account, and sessions for every
 * sign-in path. Passwords are argon2id (@node-rs/argon2's default algorithm).
 */
export class AuthService {
  /** argon2id hash of a random string: verified against when the e-mail is unknown, so timing is alike. */
  private dummyHash: Promise<string>;
  constructor(private readonly d: AuthDeps) {
    this.dummyHash = argon2Hash(`unused-${Math.random()}`);
  }

  /** Opens a session and returns what every sign-in path answers. */
  async signIn(user: UserRow, userAgent?: string): Promise<SignInResult> {
    const { token, expiresIn } = await this.d.sessions.issue(user.id, userAgent);
    const profile = await this.d.repo.profileOf(user.id);
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, user: { id: user.id, name: displayNameOf(user, profile) } };
  }

  /**
   * `POST /auth/login`. Unknown e-mail and wrong password give the same 401 WRONG_CREDENTIALS after
   * the same argon2 work; a right password on an unverified e-mail gives 403 EMAIL_NOT_VERIFIED.
   */
  async login(email: string, password: string, userAgent?: string): Promise<SignInResult> {
    const user = await this.d.repo.byEmail(email);
    if (user && !user.emailVerified) {
      // A pending account has no password yet: each registration attempt holds its own until its
      // code is verified. The password of any recent attempt (or a legacy one) says "verify first".
      const hashes = [...(user.passwordHash ? [user.passwordHash] : []), ...(await this.d.codes.pendingPasswordHashes(email))];
      for (const h of hashes.length ? hashes : [await this.dummyHash]) {
        if (await argon2Verify(h, password).catch(() => false)) throw new AppError('EMAIL_NOT_VERIFIED', 'E-mail not verified', { details: { email } });
      }
      throw new AppError('WRONG_CREDENTIALS', 'Wrong e-mail or password');
    }
    const ok = await argon2Verify(user?.passwordHash ?? (await this.dummyHash), password).catch(() => false);
    if (!user || !user.passwordHash || !ok) throw new AppError('WRONG_CREDENTIALS', 'Wrong e-mail or password');
    return this.signIn(user, userAgent);
  }

  /**
   * `POST /auth/register`: opens a registration attempt and mails its code. The attempt's password
   * hash is stored with its code, not on the account: the account (created pending on the first
   * attempt) gets a password only when a code is verified, and then the password of the attempt that
   * code was mailed for. The answer's `registration_id` (256 random bits, stored only as an HMAC)
   * names the attempt: sent with the code, a second registrant of a pending address can neither
   * replace the first one's password nor get it activated by the first one's code; without it, a
   * code is accepted only while the address has no competing attempt. 403 REGISTRATION_UNAVAILABLE when
   * switched off, 400 AGREEMENT_REQUIRED without the agreement, 409 EMAIL_ALREADY_REGISTERED for a
   * verified account, 429 RESEND_TOO_SOON inside the 60 s countdown of the address.
   */
  async register(input: { email: string; password: string; agreement_accepted: boolean; cookie_accepted: boolean; lang: 'en_US' | 'zh_CN' }, budget?: MailBudget): Promise<RegisterResult> {
    if (!this.d.registrationEnabled) throw new AppError('REGISTRATION_UNAVAILABLE');
    if (!input.agreement_accepted) throw new AppError('AGREEMENT_REQUIRED', 'The user agreement must be accepted', { fields: [{ path: 'body.agreement_accepted', message: 'required' }] });
    const existing = await this.d.repo.byEmail(input.email);
    if (existing?.emailVerified) throw new AppError('EMAIL_ALREADY_REGISTERED');
    const wait = await this.d.codes.resendIn('register', input.email);
    if (wait > 0) throw new AppError('RESEND_TOO_SOON', `Wait ${wait} s`, { details: { retry_after_s: wait } });
    const passwordHash = await argon2Hash(input.password);
    const now = this.d.now();
    let user: UserRow;
    if (existing) user = existing;
    else {
      try {
        user = await this.d.repo.create({
          username: input.email.split('@')[0].slice(0, 40) || 'user',
          email: input.email,
          emailVerified: false,
          passwordHash: null,
          language: input.lang,
          cookieAccepted: input.cookie_accepted,
          agreementAcceptedAt: now,
          createdAt: now,
        });
      } catch {
        // a concurrent registration of the same address created the pending account first
        const again = await this.d.repo.byEmail(input.email);
        if (!again || again.emailVerified) throw new AppError('EMAIL_ALREADY_REGISTERED');
        user = again;
      }
    }
    const registrationId = crypto.randomBytes(32).toString('base64url');
    await this.sendCode('register', input.email, user.id, input.lang, true, true, { attempt: this.d.codes.attemptOf(registrationId), passwordHash }, budget);
    return { sent: true, email: input.email, resend_in: Math.ceil(CODE_RULES.resendAfterMs / 1000), registration_id: registrationId };
  }

  /**
   * `GET /auth/resend-register-code`: a new code for the same attempt (same password), voiding that
   * attempt's older code. Same neutral answer whether or not the address and attempt exist.
   */
  async resendRegisterCode(email: string, registrationId: string, budget?: MailBudget): Promise<CodeSentResult> {
    const user = await this.d.repo.byEmail(email);
    const attempt = this.d.codes.attemptOf(registrationId);
    const found = user && !user.emailVerified ? await this.d.codes.findAttempt(email, attempt) : null;
    const pending = found && found.userId === user!.id && found.passwordHash ? user : null;
    await this.sendCode('register', email, pending?.id ?? null, pending?.language ?? 'en_US', !!pending, !!pending, { attempt, passwordHash: pending ? found!.passwordHash : null }, budget);
    return { sent: true, email, resend_in: Math.ceil(CODE_RULES.resendAfterMs / 1000) };
  }

  /**
   * `POST /auth/verify-register-code`: checks the code against the newest code of its attempt (the
   * attempt `registrationId` when given, else the address's sole recent attempt, see
   * `CodesService.soleAttempt`), then verifies the e-mail, sets that attempt's password and signs
   * in; every other open attempt is void. 400 INVALID_VERIFICATION_CODE for a code of another
   * attempt, 400 VALIDATION_FAILED (`body.registration_id`) without the id while attempts compete.
   */
  async verifyRegisterCode(email: string, code: string, registrationId: string | undefined, userAgent?: string): Promise<SignInResult> {
    const attempt = registrationId != null ? this.d.codes.attemptOf(registrationId) : await this.d.codes.soleAttempt(email);
    const { userId, passwordHash } = await this.d.codes.consume('register', email, code, attempt);
    const user = userId != null ? await this.d.repo.byId(userId) : null;
    if (!user || user.email !== email || !passwordHash) throw new AppError('INVALID_VERIFICATION_CODE');
    if (!(await this.d.repo.activatePending(user.id, passwordHash))) throw new AppError('EMAIL_ALREADY_REGISTERED');
    await this.d.codes.voidRegistrations(email);
    return this.signIn({ ...user, passwordHash, emailVerified: true }, userAgent);
  }

  /**
   * `GET /auth/forgot-password` and `resend-reset-password-code`: always "sent if the address
   * exists"; the mail goes out in the background so the answer time does not depend on it.
   */
  async forgotPassword(email: string, budget?: MailBudget): Promise<CodeSentResult> {
    const user = await this.d.repo.byEmail(email);
    const target = user && user.emailVerified ? user : null;
    await this.sendCode('reset', email, target?.id ?? null, target?.language ?? 'en_US', false, !!target, null, budget);
    return { sent: true, email, resend_in: Math.ceil(CODE_RULES.resendAfterMs / 1000) };
  }

  /** `POST /auth/verify-reset-password-code` → a one-time reset token (15 min). */
  async verifyResetCode(email: string, code: string): Promise<{ email: string; token: string }> {
    const { userId } = await this.d.codes.consume('reset', email, code);
    if (userId == null) throw new AppError('INVALID_VERIFICATION_CODE');
    return { email, token: await this.d.codes.issueResetToken(email, userId) };
  }

  /** `POST /auth/reset-password`: sets the password and revokes every session of the account. */
  async resetPassword(email: string, token: string, password: string): Promise<void> {
    const userId = await this.d.codes.consumeResetToken(email, token);
    const user = await this.d.repo.byId(userId);
    if (!user || user.email !== email) throw new AppError('PASSWORD_CHANGE_FAILED');
    await this.d.repo.update(userId, { passwordHash: await argon2Hash(password) });
    await this.d.sessions.revokeAll(userId);
  }

  /**
   * `GET /auth/send-bind-email-code` (signed in): mails a code to add or verify the account's
   * e-mail. 403 WALLET_ACCOUNT_NO_EMAIL for wallet-created accounts, 409 EMAIL_ALREADY_LINKED when
   * another account has the address.
   */
  async sendBindEmailCode(userId: number, email: string, budget?: MailBudget): Promise<CodeSentResult> {
    const user = await this.requireAccount(userId);
    if (user.walletOnly) throw new AppError('WALLET_ACCOUNT_NO_EMAIL');
    const other = await this.d.repo.byEmail(email);
    if (other && other.id !== userId) throw new AppError('EMAIL_ALREADY_LINKED');
    await this.sendCode('bind_email', email, userId, user.language, true, true, null, budget);
    return { sent: true, email, resend_in: Math.ceil(CODE_RULES.resendAfterMs / 1000) };
  }

  /** `POST /auth/verify-bind-email-code` (signed in): sets the e-mail as verified on the account. */
  async verifyBindEmailCode(userId: number, email: string, code: string): Promise<void> {
    const user = await this.requireAccount(userId);
    if (user.walletOnly) throw new AppError('WALLET_ACCOUNT_NO_EMAIL');
    const { userId: owner } = await this.d.codes.consume('bind_email', email, code);
    if (owner !== userId) throw new AppError('INVALID_VERIFICATION_CODE');
    const other = await this.d.repo.byEmail(email);
    if (other && other.id !== userId) throw new AppError('EMAIL_ALREADY_LINKED');
    try {
      await this.d.repo.update(userId, { email, emailVerified: true });
    } catch {
      throw new AppError('EMAIL_ALREADY_LINKED');
    }
  }

  private async requireAccount(userId: number): Promise<UserRow> {
    const user = await this.d.repo.byId(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  /**
   * Issues a code (enforcing the countdown even when nothing is mailed, so answers look alike) and
   * mails it when `deliver`; `bind` ties a registration code to its attempt and password. `budget`
   * is spent only when a mail will go out, after the countdown allowed the code. `wait` = await the mail (its failure is reported as
   * RESET_LINK_SEND_FAILED / INTERNAL); otherwise it is sent in the background and failures logged.
   */
  private async sendCode(
    kind: CodeMailKind,
    email: string,
    userId: number | null,
    lang: string,
    wait: boolean,
    deliver = userId != null,
    bind: { attempt: string; passwordHash: string | null } | null = null,
    budget?: MailBudget,
  ): Promise<void> {
    const code = await this.d.codes.issue(kind, email, userId, bind, deliver && budget ? () => budget(email) : undefined);
    if (!deliver) return;
    const page = kind === 'reset' ? 'auth/reset-password' : kind === 'register' ? 'register' : 'settings';
    const link = this.d.publicOrigin ? `${this.d.publicOrigin}/${lang2url(lang)}/${page}?email=${encodeURIComponent(email)}` : undefined;
    const mail = codeMail(kind, lang, email, code, Math.round(CODE_RULES.ttlMs / 60_000), link);
    const send = this.d.mailer.send(mail, `${kind} code`);
    if (wait) {
      try {
        await send;
      } catch (e) {
        this.d.log(`mail to ${email} failed: ${(e as Error).message}`);
        throw new AppError(kind === 'reset' ? 'RESET_LINK_SEND_FAILED' : 'SERVICE_UNAVAILABLE', 'The mail could not be sent');
      }
    } else {
      send.catch((e: Error) => this.d.log(`mail to ${email} failed: ${e.message}`));
    }
  }
}

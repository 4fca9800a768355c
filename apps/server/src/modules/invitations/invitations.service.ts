import crypto from 'node:crypto';
import type { BindInvitationResult, InvitationCode } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import { INVITATION_TRIAL_DAYS } from '../billing/plans';
import type { SubscriptionService } from '../billing/subscription.service';
import type { InvitationsRepository, InvitationCodeRow } from './invitations.repository';

/** Code alphabet without look-alikes (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A random invitation code, e.g. `K7QD2MXA`. */
export function generateInvitationCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return s;
}

/**
 * The canonical form of an e-mail address for "one trial per address": lower case, without a
 * `+tag` in the local part, and for Gmail (`gmail.com`, `googlemail.com`) without dots and on
 * `gmail.com`, since those all reach one mailbox. E.g. `A.Lice+2@GoogleMail.com` → `alice@gmail.com`.
 * Migration 0010 computes the same form in SQL for trials granted before it.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.indexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).replace(/\+.*$/, '');
  let domain = lower.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** SHA-256 (hex) of the canonical address: the key of `trial_redemptions`. */
export function trialKeyOf(email: string): string {
  return crypto.createHash('sha256').update(canonicalEmail(email)).digest('hex');
}

/** Largest `uses` bound a code can have (stands for "no limit"). */
const NO_LIMIT = 2_147_483_647;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

export interface InvitationOptions {
  /** Trials one code can give when the code has no own `max_uses` (`INVITATION_MAX_USES`); 0 = no limit. */
  maxUses: number;
}

/**
 * Invitation codes: every user has an own code (created on first request); binding
 * another user's code adds a 7-day Pro trial, once per user. Trials go only to accounts with a
 * verified e-mail address, once per (canonical) address ever, and a code gives at most
 * `maxUses` trials (docs/decisions/040-invitation-trials.md). Wall time (`now`).
 */
export class InvitationService {
  private readonly repo: InvitationsRepository;

  constructor(
    repo: InvitationsRepository,
    private readonly subs: SubscriptionService,
    private readonly opts: InvitationOptions = { maxUses: 0 },
    public now: () => number = Date.now,
  ) {
    this.repo = repo;
  }

  /** The number of trials a code can give. */
  private limitOf(row: { maxUses: number | null }): number {
    return row.maxUses ?? (this.opts.maxUses > 0 ? this.opts.maxUses : NO_LIMIT);
  }

  /** The caller's own code, created if absent (retries on the rare code collision). */
  async ownCode(userId: number): Promise<InvitationCode> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.repo.codeOf(userId);
      if (existing) return { code: existing.code, state: this.stateOf(existing) };
      await this.repo.createCode(userId, generateInvitationCode(), this.now());
    }
    throw new Error('could not allocate an invitation code');
  }

  private stateOf(row: InvitationCodeRow): 'active' | 'inactive' {
    if (row.state !== 'active') return 'inactive';
    if (row.expiresAt != null && row.expiresAt <= this.now()) return 'inactive';
    if (row.uses >= this.limitOf(row)) return 'inactive';
    return 'active';
  }

  /**
   * Binds `rawCode` for `userId` and adds the 7-day trial. Errors: 400 INVITE_CODE_EMPTY (blank),
   * 404 INVITE_CODE_INVALID (unknown), 400 INVITE_CODE_OWN, 403 INVITE_CODE_DISABLED (inactive),
   * 410 INVITE_CODE_EXPIRED, 409 INVITE_ALREADY_USED_ONE (the caller already bound a code), 403
   * INVITE_EMAIL_REQUIRED (the account has no verified e-mail address, e.g. wallet-only), 409
   * INVITE_TRIAL_ALREADY_USED (another account of the same mailbox had a trial), 409 INVITE_CODE_USED
   * (no uses left). Atomic: the binding row (one per invitee), the redemption of the e-mail address
   * (one per canonical address), the use counter and the membership change commit together.
   */
  async bind(userId: number, rawCode: string): Promise<BindInvitationResult> {
    const code = rawCode.trim().toUpperCase();
    if (!code) throw new AppError('INVITE_CODE_EMPTY', 'The invitation code cannot be empty');
    const row = await this.repo.byCode(code);
    if (!row) throw new AppError('INVITE_CODE_INVALID', 'Unknown invitation code');
    if (row.userId === userId) throw new AppError('INVITE_CODE_OWN', 'You cannot use your own invitation code');
    if (row.state !== 'active') throw new AppError('INVITE_CODE_DISABLED', 'This invitation code is disabled');
    const now = this.now();
    if (row.expiresAt != null && row.expiresAt <= now) throw new AppError('INVITE_CODE_EXPIRED', 'This invitation code has expired');
    if ((await this.subs.status(userId)).isUsedInvitationCode) throw new AppError('INVITE_ALREADY_USED_ONE', 'You have already used an invitation code');
    const invitee = await this.repo.emailOf(userId);
    if (!invitee?.email || !invitee.emailVerified) throw new AppError('INVITE_EMAIL_REQUIRED', 'Trials need an account with a verified e-mail address');
    const trialKey = trialKeyOf(invitee.email);
    const limit = this.limitOf(row);

    const window = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.claimBinding(tx, userId, row.userId, code, now))) throw new AppError('INVITE_ALREADY_USED_ONE', 'You have already used an invitation code');
      if (!(await this.repo.claimTrial(tx, trialKey, userId, code, now))) throw new AppError('INVITE_TRIAL_ALREADY_USED', 'This e-mail address has already had a trial');
      if (!(await this.repo.countUse(tx, code, limit, now))) throw new AppError('INVITE_CODE_USED', 'This invitation code has been used up');
      await this.repo.markInvitationUsed(tx, userId);
      return this.subs.extendIn(tx, userId, { plan: 'invitation_trial', source: 'invitation', days: INVITATION_TRIAL_DAYS });
    });
    return { isPro: window.endDate > this.now(), isUsedInvitationCode: true, subscription_start_date: iso(window.startDate), subscription_end_date: iso(window.endDate) };
  }
}

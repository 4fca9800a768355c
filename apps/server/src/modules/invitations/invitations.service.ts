import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { invitationCodes, type DatabaseHandle } from '@coinlens/db';
import type { BindInvitationResult, InvitationCode } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import { INVITATION_TRIAL_DAYS } from '../billing/plans';
import type { SubscriptionService } from '../billing/subscription.service';

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

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/**
 * Invitation codes (SPEC §3, §4): every user has an own code (created on first request); binding
 * another user's code adds a 7-day Pro trial, once per user. Wall time (`now`).
 */
export class InvitationService {
  constructor(
    private readonly db: DatabaseHandle,
    private readonly subs: SubscriptionService,
    public now: () => number = Date.now,
  ) {}

  /** The caller's own code, created if absent (retries on the rare code collision). */
  async ownCode(userId: number): Promise<InvitationCode> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [existing] = await this.db.db.select().from(invitationCodes).where(eq(invitationCodes.userId, userId));
      if (existing) return { code: existing.code, state: this.stateOf(existing) };
      await this.db.db.insert(invitationCodes).values({ userId, code: generateInvitationCode(), createdAt: this.now() }).onConflictDoNothing();
    }
    throw new Error('could not allocate an invitation code');
  }

  private stateOf(row: typeof invitationCodes.$inferSelect): 'active' | 'inactive' {
    if (row.state !== 'active') return 'inactive';
    if (row.expiresAt != null && row.expiresAt <= this.now()) return 'inactive';
    if (row.maxUses != null && row.uses >= row.maxUses) return 'inactive';
    return 'active';
  }

  /**
   * Binds `rawCode` for `userId` and adds the 7-day trial. Errors: 400 INVITE_CODE_EMPTY (blank),
   * 404 INVITE_CODE_INVALID (unknown), 400 INVITE_CODE_OWN, 403 INVITE_CODE_DISABLED (inactive),
   * 410 INVITE_CODE_EXPIRED, 409 INVITE_CODE_USED (no uses left), 409 INVITE_ALREADY_USED_ONE (the
   * caller already bound a code). Atomic: the binding row (one per invitee), the use counter and
   * the membership change commit together.
   */
  async bind(userId: number, rawCode: string): Promise<BindInvitationResult> {
    const code = rawCode.trim().toUpperCase();
    if (!code) throw new AppError('INVITE_CODE_EMPTY', 'The invitation code cannot be empty');
    const [row] = await this.db.db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
    if (!row) throw new AppError('INVITE_CODE_INVALID', 'Unknown invitation code');
    if (row.userId === userId) throw new AppError('INVITE_CODE_OWN', 'You cannot use your own invitation code');
    if (row.state !== 'active') throw new AppError('INVITE_CODE_DISABLED', 'This invitation code is disabled');
    const now = this.now();
    if (row.expiresAt != null && row.expiresAt <= now) throw new AppError('INVITE_CODE_EXPIRED', 'This invitation code has expired');
    if ((await this.subs.status(userId)).isUsedInvitationCode) throw new AppError('INVITE_ALREADY_USED_ONE', 'You have already used an invitation code');

    const window = await this.db.db.transaction(async (tx) => {
      const bound = (await tx.execute(sql`
        insert into invitation_bindings (invitee_id, inviter_id, code, created_at) values (${userId}, ${row.userId}, ${code}, ${now})
        on conflict (invitee_id) do nothing returning invitee_id`)) as unknown as { rows: unknown[] };
      if (!bound.rows.length) throw new AppError('INVITE_ALREADY_USED_ONE', 'You have already used an invitation code');
      const counted = (await tx.execute(sql`
        update invitation_codes set uses = uses + 1
        where code = ${code} and state = 'active' and (max_uses is null or uses < max_uses) and (expires_at is null or expires_at > ${now})
        returning uses`)) as unknown as { rows: unknown[] };
      if (!counted.rows.length) throw new AppError('INVITE_CODE_USED', 'This invitation code has been used up');
      await tx.execute(sql`update users set is_used_invitation_code = true where id = ${userId}`);
      return this.subs.extendIn(tx, userId, { plan: 'invitation_trial', source: 'invitation', days: INVITATION_TRIAL_DAYS });
    });
    return { isPro: window.endDate > this.now(), isUsedInvitationCode: true, subscription_start_date: iso(window.startDate), subscription_end_date: iso(window.endDate) };
  }
}

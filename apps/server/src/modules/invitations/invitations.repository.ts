import { eq, sql } from 'drizzle-orm';
import { invitationCodes, users, type Database, type DatabaseHandle } from '@coinlens/db';

/** One row of `invitation_codes` (packages/db schema/billing.ts). */
export type InvitationCodeRow = typeof invitationCodes.$inferSelect;
/** A transaction handle of drizzle. */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The SQL of invitation codes: the codes (`invitation_codes`), who bound which (`invitation_bindings`,
 * one per invitee), which mailbox had a trial (`trial_redemptions`, one per canonical address hash)
 * and the `is_used_invitation_code` flag of `users`. Times are ms since epoch (wall time). The
 * `claim*` statements insert-or-nothing, so the unique keys decide races; false means "taken".
 */
export class InvitationsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** The code owned by `userId`, or null. */
  async codeOf(userId: number): Promise<InvitationCodeRow | null> {
    const [row] = await this.h.db.select().from(invitationCodes).where(eq(invitationCodes.userId, userId));
    return row ?? null;
  }

  /** Stores `code` for `userId` unless the user or the code already has one (no error). */
  async createCode(userId: number, code: string, at: number): Promise<void> {
    await this.h.db.insert(invitationCodes).values({ userId, code, createdAt: at }).onConflictDoNothing();
  }

  /** The code row of `code` (upper case), or null. */
  async byCode(code: string): Promise<InvitationCodeRow | null> {
    const [row] = await this.h.db.select().from(invitationCodes).where(eq(invitationCodes.code, code));
    return row ?? null;
  }

  /** The e-mail address of `userId` and whether it is verified (null when the user does not exist). */
  async emailOf(userId: number): Promise<{ email: string | null; emailVerified: boolean } | null> {
    const [u] = await this.h.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
    return u ?? null;
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.h.db.transaction(fn);
  }

  /** Records that `inviteeId` bound `code` of `inviterId`; false when the invitee already bound one. */
  async claimBinding(tx: Tx, inviteeId: number, inviterId: number, code: string, at: number): Promise<boolean> {
    const r = (await tx.execute(sql`
      insert into invitation_bindings (invitee_id, inviter_id, code, created_at) values (${inviteeId}, ${inviterId}, ${code}, ${at})
      on conflict (invitee_id) do nothing returning invitee_id`)) as unknown as { rows: unknown[] };
    return r.rows.length > 0;
  }

  /** Records the trial of the mailbox `emailHash`; false when that mailbox already had one. */
  async claimTrial(tx: Tx, emailHash: string, userId: number, code: string, at: number): Promise<boolean> {
    const r = (await tx.execute(sql`
      insert into trial_redemptions (email_hash, user_id, code, created_at) values (${emailHash}, ${userId}, ${code}, ${at})
      on conflict (email_hash) do nothing returning email_hash`)) as unknown as { rows: unknown[] };
    return r.rows.length > 0;
  }

  /** Counts one use of active, unexpired `code` if it has fewer than its `max_uses` (else `limit`) uses; false when used up. */
  async countUse(tx: Tx, code: string, limit: number, now: number): Promise<boolean> {
    const r = (await tx.execute(sql`
      update invitation_codes set uses = uses + 1
      where code = ${code} and state = 'active' and uses < coalesce(max_uses, ${limit}) and (expires_at is null or expires_at > ${now})
      returning uses`)) as unknown as { rows: unknown[] };
    return r.rows.length > 0;
  }

  /** Sets `is_used_invitation_code` of `userId`. */
  async markInvitationUsed(tx: Tx, userId: number): Promise<void> {
    await tx.execute(sql`update users set is_used_invitation_code = true where id = ${userId}`);
  }
}

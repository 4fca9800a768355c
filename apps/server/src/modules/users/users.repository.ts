import { and, eq } from 'drizzle-orm';
import { profiles, socialLogins, users, type DatabaseHandle } from '@coinlens/db';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SocialLoginRow = typeof socialLogins.$inferSelect;

/** PostgreSQL unique violation (23505), through drizzle's error wrapper or not. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** Data access of accounts: users, their profile (one each) and linked identities. */
export class UsersRepository {
  constructor(private readonly h: DatabaseHandle) {}

  async byId(id: number): Promise<UserRow | null> {
    const [row] = await this.h.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  /** `email` must already be lower-cased. */
  async byEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.h.db.select().from(users).where(eq(users.email, email));
    return row ?? null;
  }

  /** Creates a user and its default profile (avatar a0) in one transaction. */
  async create(values: Omit<typeof users.$inferInsert, 'id'>, nickname = ''): Promise<UserRow> {
    return this.h.db.transaction(async (tx) => {
      const [u] = await tx.insert(users).values(values).returning();
      await tx.insert(profiles).values({ userId: u.id, nickname });
      return u;
    });
  }

  /**
   * Creates a user, its default profile and its first linked identity in one transaction. Returns
   * null, with nothing written, when the identity is already linked or the e-mail address is
   * already taken (e.g. a concurrent first sign-in of the same identity committed first); the
   * caller then looks at who owns the identity. On PostgreSQL the unique indexes make a concurrent
   * insert wait for the first transaction.
   */
  async createWithIdentity(
    values: Omit<typeof users.$inferInsert, 'id'>,
    identity: { provider: string; providerUid: string; email?: string | null; displayName?: string | null },
    nickname = '',
  ): Promise<UserRow | null> {
    const taken = new Error('identity already linked');
    try {
      return await this.h.db.transaction(async (tx) => {
        const [u] = await tx.insert(users).values(values).returning();
        await tx.insert(profiles).values({ userId: u.id, nickname });
        const linked = await tx
          .insert(socialLogins)
          .values({ userId: u.id, provider: identity.provider, providerUid: identity.providerUid, email: identity.email ?? null, displayName: identity.displayName ?? null, createdAt: values.createdAt })
          .onConflictDoNothing()
          .returning({ id: socialLogins.id });
        if (!linked.length) throw taken; // rolls back the user and the profile
        return u;
      });
    } catch (e) {
      if (e === taken || isUniqueViolation(e)) return null;
      throw e;
    }
  }

  async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await this.h.db.update(users).set(values).where(eq(users.id, id));
  }

  /**
   * Verifies a pending account's e-mail and sets the password of the registration attempt that was
   * verified, only while the account is still unverified (one attempt wins). False when it already was.
   */
  async activatePending(id: number, passwordHash: string): Promise<boolean> {
    const rows = await this.h.db.update(users).set({ passwordHash, emailVerified: true }).where(and(eq(users.id, id), eq(users.emailVerified, false))).returning({ id: users.id });
    return rows.length > 0;
  }

  async profileOf(userId: number): Promise<ProfileRow> {
    const [row] = await this.h.db.select().from(profiles).where(eq(profiles.userId, userId));
    if (row) return row;
    const [created] = await this.h.db.insert(profiles).values({ userId }).onConflictDoNothing().returning();
    if (created) return created;
    const [again] = await this.h.db.select().from(profiles).where(eq(profiles.userId, userId));
    return again;
  }

  async updateProfile(userId: number, values: Partial<typeof profiles.$inferInsert>): Promise<ProfileRow> {
    await this.profileOf(userId);
    const [row] = await this.h.db.update(profiles).set(values).where(eq(profiles.userId, userId)).returning();
    return row;
  }

  async socialLoginsOf(userId: number): Promise<SocialLoginRow[]> {
    return this.h.db.select().from(socialLogins).where(eq(socialLogins.userId, userId)).orderBy(socialLogins.id);
  }

  async socialLogin(provider: string, providerUid: string): Promise<SocialLoginRow | null> {
    const [row] = await this.h.db.select().from(socialLogins).where(and(eq(socialLogins.provider, provider), eq(socialLogins.providerUid, providerUid)));
    return row ?? null;
  }

  /** Any provider with this uid (for `check-provider-connection` without a provider). */
  async socialLoginByUid(providerUid: string): Promise<SocialLoginRow | null> {
    const [row] = await this.h.db.select().from(socialLogins).where(eq(socialLogins.providerUid, providerUid)).limit(1);
    return row ?? null;
  }

  /** Links an identity; returns false when it (or this provider for the user) is already linked. */
  async link(userId: number, provider: string, providerUid: string, extra: { email?: string | null; displayName?: string | null }, now: number): Promise<boolean> {
    const rows = await this.h.db
      .insert(socialLogins)
      .values({ userId, provider, providerUid, email: extra.email ?? null, displayName: extra.displayName ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: socialLogins.id });
    return rows.length > 0;
  }

  async unlink(userId: number, provider: string, providerUid: string): Promise<boolean> {
    const rows = await this.h.db
      .delete(socialLogins)
      .where(and(eq(socialLogins.userId, userId), eq(socialLogins.provider, provider), eq(socialLogins.providerUid, providerUid)))
      .returning({ id: socialLogins.id });
    return rows.length > 0;
  }
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, users, type DatabaseHandle } from '@coinlens/db';
import { AppSecretsRepository } from './app-secrets.repository';

/**
 * SQL of sign-in sessions and the shared token key (tables `sessions`, `users`, `app_secrets`),
 * used by `SessionService` (platform/auth.ts). Times are wall time in ms.
 */
export class SessionsRepository {
  constructor(private readonly db: DatabaseHandle) {}

  /**
   * The stored secret `name`, created as `candidate` when absent (insert-if-absent, then read), so
   * N processes starting together agree on one value.
   */
  async secret(name: string, candidate: string, now: number): Promise<string> {
    return new AppSecretsRepository(this.db).secret(name, candidate, now);
  }

  /** Stores a new session (`userAgent` cut to 300 characters). */
  async insert(s: { id: string; userId: number; createdAt: number; expiresAt: number; userAgent: string | null }): Promise<void> {
    await this.db.db.insert(sessions).values({ ...s, userAgent: s.userAgent?.slice(0, 300) ?? null });
  }

  /**
   * The session `id` with what authentication needs of its user — `{ userId, expiresAt (ms),
   * permissions, email, emailVerified, end }` (`end` = users.subscription_end_date, ms or null) —
   * unless revoked; undefined when absent.
   */
  async findActive(id: string) {
    const [row] = await this.db.db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, permissions: users.permissions, email: users.email, emailVerified: users.emailVerified, end: users.subscriptionEndDate })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    return row;
  }

  /** Marks session `id` revoked at `at` (no-op when already revoked). */
  async revoke(id: string, at: number): Promise<void> {
    await this.db.db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Marks every open session of `userId` revoked at `at`. */
  async revokeAllOf(userId: number, at: number): Promise<void> {
    await this.db.db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Deletes sessions that expired or were revoked before `cutoff`. */
  async deleteEndedBefore(cutoff: number): Promise<void> {
    await this.db.db.delete(sessions).where(sql`${sessions.expiresAt} < ${cutoff} or ${sessions.revokedAt} < ${cutoff}`);
  }
}

import { eq } from 'drizzle-orm';
import { appSecrets, type DatabaseHandle } from '@coinlens/db';

/**
 * SQL of the `app_secrets` table: named values generated once per deployment (the token key of
 * the sessions, the deployment id). Times are wall time in ms.
 */
export class AppSecretsRepository {
  constructor(private readonly db: DatabaseHandle) {}

  /**
   * The stored value `name`, created as `candidate` when absent (insert-if-absent, then read), so
   * N processes starting together agree on one value. Errors: the database's.
   */
  async secret(name: string, candidate: string, now: number): Promise<string> {
    await this.db.db.insert(appSecrets).values({ name, value: candidate, createdAt: now }).onConflictDoNothing();
    const [row] = await this.db.db.select().from(appSecrets).where(eq(appSecrets.name, name));
    return row.value;
  }
}

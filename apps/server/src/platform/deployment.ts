import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets, type DatabaseHandle } from '@coinlens/db';
import type { Env } from './env';

/**
 * The id of this deployment: 12 random base32-ish characters generated once and kept in the
 * `app_secrets` table (name `deployment_id`), so every process on the same database reads the same
 * id and another database (another deployment) has another one. Not a secret.
 */
export async function loadDeploymentId(db: DatabaseHandle, now: () => number = Date.now): Promise<string> {
  const candidate = crypto.randomBytes(8).toString('hex').slice(0, 12);
  await db.db.insert(appSecrets).values({ name: 'deployment_id', value: candidate, createdAt: now() }).onConflictDoNothing();
  const [row] = await db.db.select().from(appSecrets).where(eq(appSecrets.name, 'deployment_id'));
  return row.value;
}

/**
 * Prefix of every Redis key and pub/sub channel of this deployment: `REDIS_PREFIX` when set, else
 * `coinlens:<deployment id>:` (see {@link loadDeploymentId}). Two deployments sharing one Redis
 * thus never receive each other's events nor share rate-limit counters.
 */
export async function redisPrefixOf(env: Env, db: DatabaseHandle): Promise<string> {
  return env.REDIS_PREFIX ?? `coinlens:${await loadDeploymentId(db)}:`;
}

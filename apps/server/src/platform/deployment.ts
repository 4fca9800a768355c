import crypto from 'node:crypto';
import type { DatabaseHandle } from '@coinlens/db';
import { AppSecretsRepository } from './app-secrets.repository';
import type { Env } from './env';

/**
 * The id of this deployment: 12 random base32-ish characters generated once and kept in the
 * `app_secrets` table (name `deployment_id`), so every process on the same database reads the same
 * id and another database (another deployment) has another one. Not a secret.
 */
export async function loadDeploymentId(db: DatabaseHandle, now: () => number = Date.now): Promise<string> {
  const candidate = crypto.randomBytes(8).toString('hex').slice(0, 12);
  return new AppSecretsRepository(db).secret('deployment_id', candidate, now());
}

/**
 * Prefix of every Redis key and pub/sub channel of this deployment: `REDIS_PREFIX` when set, else
 * `coinlens:<deployment id>:` (see {@link loadDeploymentId}). Two deployments sharing one Redis
 * thus never receive each other's events nor share rate-limit counters.
 */
export async function redisPrefixOf(env: Env, db: DatabaseHandle): Promise<string> {
  return env.REDIS_PREFIX ?? `coinlens:${await loadDeploymentId(db)}:`;
}

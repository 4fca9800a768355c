import { users } from '@coinlens/db';
import type { AppContext } from '../src/context';

let seq = 0;

/**
 * Creates a verified user directly in the database and issues a real session token for it (the
 * accounts flows themselves are tested in modules/auth). Returns the bearer header to send.
 */
export async function createSignedInUser(ctx: AppContext & { accounts?: any }, opts: { username?: string; permissions?: string[] } = {}) {
  seq++;
  const username = opts.username ?? `tester${seq}_${Date.now() % 100000}`;
  const [row] = await ctx.db.db
    .insert(users)
    .values({ username, email: `${username}@example.test`, emailVerified: true, createdAt: Date.now(), ...(opts.permissions ? { permissions: opts.permissions } : {}) } as any)
    .returning({ id: users.id });
  const sessions = (ctx as any).accounts?.sessions;
  if (!sessions) throw new Error('the accounts module is not in the context');
  const { token } = await sessions.issue(row.id);
  return { userId: row.id, username, headers: { authorization: `Bearer ${token}` } };
}

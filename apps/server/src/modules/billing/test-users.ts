import { users } from '@coinlens/db';
import type { AppContext } from '../../context';

/**
 * Creates a user directly in the database and signs it in; returns its id and the bearer header.
 * For integration tests of the membership modules.
 */
export async function createSignedInUser(ctx: AppContext, name: string): Promise<{ id: number; auth: { authorization: string } }> {
  const [u] = await ctx.db.db
    .insert(users)
    .values({ username: name, email: `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`, emailVerified: true, createdAt: Date.now() })
    .returning({ id: users.id });
  const { token } = await ctx.accounts.sessions.issue(u.id);
  return { id: u.id, auth: { authorization: `Bearer ${token}` } };
}

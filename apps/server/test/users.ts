import { users } from '@coinlens/db';
import type { AppContext } from '../src/context';

let seq = 0;

/** A user made by {@link createSignedInUser}: its id, username and the bearer header to send. */
export interface SignedInUser {
  userId: number;
  username: string;
  headers: { authorization: string };
}

/**
 * Creates a verified user directly in the database and issues a real session token for it (the
 * accounts flows themselves are tested in modules/auth). `username` defaults to a fresh
 * `testerN_…`; it must be unique in the database, and the email is `<username>@example.test`.
 * `permissions` are stored as given (e.g. `['lab']`).
 */
export async function createSignedInUser(ctx: AppContext, opts: { username?: string; permissions?: string[] } = {}): Promise<SignedInUser> {
  seq++;
  const username = opts.username ?? `tester${seq}_${Date.now() % 100000}`;
  const [row] = await ctx.db.db
    .insert(users)
    .values({ username, email: `${username}@example.test`, emailVerified: true, createdAt: Date.now(), ...(opts.permissions ? { permissions: opts.permissions } : {}) })
    .returning({ id: users.id });
  const { token } = await ctx.accounts.sessions.issue(row.id);
  return { userId: row.id, username, headers: { authorization: `Bearer ${token}` } };
}

import { randomBytes } from 'node:crypto';
import { startSession } from '../../src/server/auth/tokens.ts';
import type { Db } from '../../src/server/db/index.ts';
import { users } from '../../src/server/db/schema/index.ts';

/**
 * A signed-in user made straight in the database (no password hashing: registration itself is
 * tested in account.test.ts), with a real session token for the Authorization header.
 */
export async function signedInUser(db: Db): Promise<{ id: number; token: string }> {
  const tag = randomBytes(5).toString('hex');
  const [row] = await db
    .insert(users)
    .values({ username: `t_${tag}`, invitationCode: `T${tag}`, passwordHash: '!test' })
    .returning({ id: users.id });
  return { id: row!.id, token: await startSession(db, row!.id) };
}

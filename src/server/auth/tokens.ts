/**
 * Sessions and their tokens. A token is a JWT (HS256, pinned) whose `sid` names a row of
 * `sessions`: the row, not the token, decides whether it still works, so logging out, changing
 * the password or resetting it revokes tokens that have not expired yet.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { config } from '../config.ts';
import { sharedSecret } from './secrets.ts';

export const SESSION_DAYS = 90;
const ISSUER = 'coinlens';
const AUDIENCE = 'coinlens-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a request comes from, once its token checked out. */
export interface AuthUser {
  id: number;
  userName: string;
  sessionId: string;
  /** When this session began: a sign-in (password, SMS code, registration) or a password confirmation. */
  signedInAt: Date;
}

async function signingKey(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(config().JWT_SECRET ?? (await sharedSecret(db, 'jwt')));
}

/** Opens a session for the user and returns its token. */
export async function startSession(db: Db, userId: number, userAgent?: string | null): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: userAgent ? userAgent.slice(0, 300) : null })
    .returning({ id: sessions.id });
  return new SignJWT({ sid: row!.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await signingKey(db));
}

/** The user a token stands for, or null: bad signature, other algorithm, expired, revoked. */
export async function authenticate(db: Db, token: string): Promise<AuthUser | null> {
  let sub: string | undefined;
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(token, await signingKey(db), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    sub = payload.sub;
    sid = payload.sid;
  } catch {
    return null;
  }
  const userId = Number(sub);
  if (!Number.isSafeInteger(userId) || typeof sid !== 'string' || !UUID.test(sid)) return null;
  const [row] = await db
    .select({ id: users.id, userName: users.username, signedInAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sid),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row ? { ...row, sessionId: sid } : null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every session of the user but `keep` (after a password change). */
export async function revokeOtherSessions(db: Db, userId: number, keep: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
}

/** Every session of the user (after a reset or a new e-mail). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

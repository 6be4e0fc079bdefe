/**
 * One-time secrets: 6-digit codes (SMS, e-mail binding) and links (activation, reset). Only an
 * HMAC of the secret is stored (keyed by a shared server secret, so a copy of the table does
 * not give the codes away); each is used once; a code dies after five wrong tries.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verificationTokens } from '../db/schema/index.ts';
import { sharedSecret } from './secrets.ts';

export type CodePurpose = 'sms_login' | 'sms_reset' | 'sms_bind' | 'mail_bind';
/** second_factor: the sign-in challenge between the password (or SMS code) and the second factor. */
type LinkPurpose = 'activate' | 'reset' | 'second_factor';

const MINUTE = 60_000;
const LIFETIME_MS: Record<CodePurpose | LinkPurpose, number> = {
  sms_login: 5 * MINUTE,
  sms_reset: 5 * MINUTE,
  sms_bind: 5 * MINUTE,
  mail_bind: 15 * MINUTE,
  activate: 24 * 60 * MINUTE,
  reset: 60 * MINUTE,
  second_factor: 5 * MINUTE,
};
const MAX_ATTEMPTS = 5;

/** The keyed digest secrets are stored as (recovery codes use it too). */
export async function digest(db: Db, purpose: string, secret: string): Promise<string> {
  return createHmac('sha256', await sharedSecret(db, 'codes'))
    .update(`${purpose}\0${secret}`)
    .digest('hex');
}

/**
 * A new code for `identifier` (an E.164 phone or a lower-case e-mail); the codes sent to it
 * before for the same purpose stop working.
 */
export async function issueCode(
  db: Db,
  purpose: CodePurpose,
  identifier: string,
  userId: number | null = null,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = await digest(db, purpose, `${identifier}\0${code}`);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationTokens)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(verificationTokens.purpose, purpose),
          eq(verificationTokens.identifier, identifier),
          isNull(verificationTokens.consumedAt),
        ),
      );
    await tx
      .insert(verificationTokens)
      .values({ purpose, identifier, userId, tokenHash, expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
  });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'exhausted';

/**
 * Checks a code against the latest live one for `identifier`; 'ok' uses it up. A wrong try
 * counts; the fifth burns the code ('exhausted'), so guessing six digits is hopeless. With
 * `userId`, only a code issued to that account counts: a binding code one account asked for
 * cannot bind the address to another.
 */
export async function checkCode(
  db: Db,
  purpose: CodePurpose,
  identifier: string,
  code: string,
  userId?: number,
): Promise<CodeCheck> {
  const candidate = Buffer.from(await digest(db, purpose, `${identifier}\0${code}`));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verificationTokens)
      .where(
        and(
          eq(verificationTokens.purpose, purpose),
          eq(verificationTokens.identifier, identifier),
          isNull(verificationTokens.consumedAt),
        ),
      )
      .orderBy(desc(verificationTokens.createdAt), desc(verificationTokens.id))
      .limit(1)
      .for('update');
    if (!row || (userId !== undefined && row.userId !== userId)) return 'wrong';
    if (row.expiresAt.getTime() <= Date.now()) return 'expired';
    const stored = Buffer.from(row.tokenHash);
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) {
      await tx.update(verificationTokens).set({ consumedAt: sql`now()` }).where(eq(verificationTokens.id, row.id));
      return 'ok';
    }
    const attempts = row.attempts + 1;
    const burned = attempts >= MAX_ATTEMPTS;
    await tx
      .update(verificationTokens)
      .set({ attempts, ...(burned ? { consumedAt: sql`now()` } : {}) })
      .where(eq(verificationTokens.id, row.id));
    return burned ? 'exhausted' : 'wrong';
  });
}

/** A new link secret (32 random bytes, base64url) for the user; earlier ones of the purpose stop working. */
export async function issueLink(db: Db, purpose: LinkPurpose, identifier: string, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = await digest(db, purpose, token);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationTokens)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(verificationTokens.purpose, purpose),
          eq(verificationTokens.userId, userId),
          isNull(verificationTokens.consumedAt),
        ),
      );
    await tx
      .insert(verificationTokens)
      .values({ purpose, identifier, userId, tokenHash, expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
  });
  return token;
}

type LinkCheck =
  | { ok: true; userId: number; identifier: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** Uses up a link secret: its user and address, or why it does not work. */
export async function takeLink(db: Db, purpose: LinkPurpose, token: string): Promise<LinkCheck> {
  const found = await peekLink(db, purpose, token);
  if (!found.ok) return found;
  // Only one of two simultaneous clicks wins.
  if (!(await consumeLink(db, found.id))) return { ok: false, reason: 'used' };
  return found;
}

/** A live link secret, not used up (a sign-in challenge outlives a mistyped code): its row id and user. */
export async function peekLink(
  db: Db,
  purpose: LinkPurpose,
  token: string,
): Promise<(LinkCheck & { ok: true; id: number }) | (LinkCheck & { ok: false })> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const tokenHash = await digest(db, purpose, token);
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(and(eq(verificationTokens.purpose, purpose), eq(verificationTokens.tokenHash, tokenHash)))
    .limit(1);
  if (!row || row.userId === null) return { ok: false, reason: 'invalid' };
  if (row.consumedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, id: row.id, userId: row.userId, identifier: row.identifier };
}

/** Uses up the secret of row `id`; false when another request used it first. */
export async function consumeLink(db: Db, id: number): Promise<boolean> {
  const taken = await db
    .update(verificationTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationTokens.id, id), isNull(verificationTokens.consumedAt)))
    .returning({ id: verificationTokens.id });
  return taken.length > 0;
}

/** A wrong answer against row `id`'s secret; the fifth uses it up. True when it is used up now. */
export async function missLink(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .update(verificationTokens)
    .set({
      attempts: sql`${verificationTokens.attempts} + 1`,
      consumedAt: sql`case when ${verificationTokens.attempts} + 1 >= ${MAX_ATTEMPTS} then coalesce(${verificationTokens.consumedAt}, now()) else ${verificationTokens.consumedAt} end`,
    })
    .where(eq(verificationTokens.id, id))
    .returning({ consumedAt: verificationTokens.consumedAt });
  return !row || row.consumedAt !== null;
}

/**
 * Voids the user's live codes and links of these purposes (the address they went to is no
 * longer the account's: a reset link to the old e-mail must not reset the password).
 */
export async function voidSecrets(db: Db, userId: number, purposes: (CodePurpose | LinkPurpose)[]): Promise<void> {
  await db
    .update(verificationTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationTokens.userId, userId),
        inArray(verificationTokens.purpose, purposes),
        isNull(verificationTokens.consumedAt),
      ),
    );
}

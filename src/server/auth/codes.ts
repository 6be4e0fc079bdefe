/**
 * One-time secrets: 6-digit codes (SMS, e-mail binding) and links (activation, reset). Only an
 * HMAC of the secret is stored (keyed by a shared server secret, so a copy of the table does
 * not give the codes away); each is used once; a code dies after five wrong tries.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verificationTokens } from '../db/schema/index.ts';
import { sharedSecret } from './secrets.ts';

export type CodePurpose = 'sms_login' | 'sms_reset' | 'sms_bind' | 'mail_bind';
/** second_factor: the sign-in challenge between the password (or SMS code) and the second factor. */
type LinkPurpose = 'activate' | 'reset' | 'second_factor';
/** WebAuthn challenges: registering a passkey (for a user), signing in with one (for nobody yet: signedNonce). */
type NoncePurpose = 'passkey_register' | 'passkey_login';

const MINUTE = 60_000;
const LIFETIME_MS: Record<CodePurpose | LinkPurpose | NoncePurpose, number> = {
  sms_login: 5 * MINUTE,
  sms_reset: 5 * MINUTE,
  sms_bind: 5 * MINUTE,
  mail_bind: 15 * MINUTE,
  activate: 24 * 60 * MINUTE,
  reset: 60 * MINUTE,
  second_factor: 5 * MINUTE,
  passkey_register: 5 * MINUTE,
  passkey_login: 5 * MINUTE,
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
export async function issueLink(
  db: Db,
  purpose: LinkPurpose,
  identifier: string,
  userId: number,
  /** Leave the earlier ones working (sign-in challenges: a stranger's sign-in must not end the owner's). */
  keepEarlier = false,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = await digest(db, purpose, token);
  await db.transaction(async (tx) => {
    if (!keepEarlier)
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

/**
 * Counts one answer against row `id`'s secret before it is checked, so that parallel guesses
 * cannot all slip in before the count: false when the secret is used up, expired or has had its
 * five tries. After a wrong fifth answer, {@link consumeLink} ends it.
 */
export async function tryLink(db: Db, id: number): Promise<{ ok: boolean; last: boolean }> {
  const [row] = await db
    .update(verificationTokens)
    .set({ attempts: sql`${verificationTokens.attempts} + 1` })
    .where(
      and(
        eq(verificationTokens.id, id),
        isNull(verificationTokens.consumedAt),
        lt(verificationTokens.attempts, MAX_ATTEMPTS),
        sql`${verificationTokens.expiresAt} > now()`,
      ),
    )
    .returning({ attempts: verificationTokens.attempts });
  return { ok: !!row, last: !!row && row.attempts >= MAX_ATTEMPTS };
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

/**
 * A WebAuthn challenge: 32 random bytes (base64url) for the authenticator to sign, kept as a
 * digest for five minutes. Unlike links, several may be open at once (two tabs).
 */
export async function issueNonce(db: Db, purpose: NoncePurpose, userId: number | null): Promise<string> {
  const nonce = randomBytes(32).toString('base64url');
  await db.insert(verificationTokens).values({
    purpose,
    identifier: 'webauthn',
    userId,
    tokenHash: await digest(db, purpose, nonce),
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return nonce;
}

/** Uses up a WebAuthn challenge: whom it was issued to (null: a sign-in), or undefined when unknown, used or expired. */
export async function takeNonce(
  db: Db,
  purpose: NoncePurpose,
  nonce: string,
): Promise<{ userId: number | null } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(nonce)) return undefined;
  const [row] = await db
    .update(verificationTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationTokens.purpose, purpose),
        eq(verificationTokens.tokenHash, await digest(db, purpose, nonce)),
        isNull(verificationTokens.consumedAt),
        sql`${verificationTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: verificationTokens.userId });
  return row && { userId: row.userId };
}

/**
 * A challenge for anyone who asks (signing in with a passkey): 16 random bytes, when it expires,
 * and a MAC of both, so handing one out writes nothing (asking a million times fills no table).
 * Only a used one is stored, to refuse it a second time.
 */
export async function issueSignedNonce(db: Db, purpose: NoncePurpose): Promise<string> {
  const body = Buffer.alloc(24);
  randomBytes(16).copy(body);
  body.writeBigUInt64BE(BigInt(Date.now() + LIFETIME_MS[purpose]), 16);
  return Buffer.concat([body, await nonceMac(db, purpose, body)]).toString('base64url');
}

async function nonceMac(db: Db, purpose: string, body: Buffer): Promise<Buffer> {
  return createHmac('sha256', await sharedSecret(db, 'codes'))
    .update(`${purpose}\0`)
    .update(body)
    .digest()
    .subarray(0, 16);
}

/** Uses up a challenge from {@link issueSignedNonce}: false when it is not ours, expired or used. */
export async function takeSignedNonce(db: Db, purpose: NoncePurpose, nonce: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{54}$/.test(nonce)) return false;
  const raw = Buffer.from(nonce, 'base64url');
  const body = raw.subarray(0, 24);
  const expires = Number(body.readBigUInt64BE(16));
  if (!timingSafeEqual(raw.subarray(24), await nonceMac(db, purpose, body)) || expires <= Date.now()) return false;
  const tokenHash = await digest(db, purpose, nonce);
  return db.transaction(async (tx) => {
    // One of two requests with the same challenge wins.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tokenHash}, 0))`);
    const [used] = await tx
      .select({ id: verificationTokens.id })
      .from(verificationTokens)
      .where(and(eq(verificationTokens.purpose, purpose), eq(verificationTokens.tokenHash, tokenHash)))
      .limit(1);
    if (used) return false;
    await tx.insert(verificationTokens).values({
      purpose,
      identifier: 'webauthn',
      tokenHash,
      expiresAt: new Date(expires),
      consumedAt: new Date(),
    });
    return true;
  });
}

/**
 * Two-factor sign-in with a time-based one-time password (TOTP, RFC 6238, through `otpauth`) and
 * ten single-use recovery codes. Once enabled, every sign-in (password or SMS code) stops after
 * the first factor with a challenge, and a session begins only when the challenge is answered
 * with a code from the app or a recovery code. Turning it on, off, renewing the recovery codes
 * and using one are told to the account's e-mail (or, without one, its phone).
 *
 * The TOTP secret must be read back to check codes, so it cannot be hashed: it is stored
 * encrypted (AES-256-GCM) with a key derived from a shared server secret, so a copy of the
 * users table alone does not give it away. Recovery codes are random, so a keyed digest is
 * enough to store them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { Db } from '../../../server/db/client.ts';
import { recoveryCodes, users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { consumeLink, digest, issueLink, peekLink, tryLink, voidSecrets } from '../../../server/auth/codes.ts';
import { sharedSecret } from '../../../server/auth/secrets.ts';
import { attempt, type Backoff, forgive } from '../../../server/auth/throttle.ts';
import { revokeOtherSessions } from '../../../server/auth/tokens.ts';
import type { AuthUser } from '../../../server/auth/tokens.ts';
import {
  type Caller,
  expectPassword,
  guardIp,
  signIn,
  type SignedIn,
  tellAccount,
  tooMany,
  updateUser,
  userById,
  type UserRow,
} from './account.server.ts';
import { hasPasskey } from './passkeys.server.ts';
import { invalid } from './rules.ts';

const ISSUER = 'Coinlens';
const PERIOD_S = 30;
/** Steps either side of now a code may come from: a phone clock 30 s off still signs in. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 of these 31 characters (no 0/o, 1/l/i), about 50 bits; shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Wrong second factors per account: each challenge dies after five, and challenges need the password. */
export const SECOND_FACTOR_BACKOFF: Backoff = { windowMs: 15 * 60_000, free: 10, capSeconds: 300 };
/**
 * And per day: past 30 wrong codes the waits grow to six hours, so that someone who has the
 * password gets a few dozen guesses a day at a one-in-a-hundred-thousand code, not thousands.
 */
export const SECOND_FACTOR_DAILY: Backoff = { windowMs: 24 * 3_600_000, free: 30, capSeconds: 6 * 3600 };

/** What a sign-in answers when the account asks for a second factor: no session yet. */
export interface SecondFactorNeeded {
  secondFactor: { challenge: string; methods: ('totp' | 'recovery' | 'passkey')[] };
}

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_S,
    algorithm: 'SHA1',
  });

/**
 * The 30-second step `code` was made for, if it is right within {@link WINDOW} steps of `now`
 * and later than `lastStep` (a code is good once, even within its 30 seconds); else null.
 */
export function totpStep(secret: string, code: string, now: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** A code as typed: digits for the app's code, letters and digits for a recovery code (spaces, dashes and case ignored). */
export function normaliseCode(input: unknown): { kind: 'totp' | 'recovery'; code: string } | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const code = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(code)) return { kind: 'totp', code };
  if (code.length === 10 && [...code].every((ch) => RECOVERY_ALPHABET.includes(ch))) return { kind: 'recovery', code };
  return null;
}

export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

async function sealKey(db: Db): Promise<Buffer> {
  return createHash('sha256')
    .update(await sharedSecret(db, 'totp'))
    .digest();
}

/**
 * `plain` encrypted for storage: "v1.<iv>.<tag>.<ciphertext>", base64url. `owner` (the account's
 * number) is authenticated with it: a secret copied onto another account does not open.
 */
export function seal(key: Buffer, plain: string, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`totp:${owner}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function unseal(key: Buffer, sealed: string, owner: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('two-factor secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(`totp:${owner}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const recoveryDigest = (db: Db, userId: number, code: string) =>
  digest(db, 'recovery', `${userId}\0${code.replace(/-/g, '')}`);

/** The account's state as the user centre shows it. */
export async function twoFactorState(db: Db, userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await userById(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: user.totpEnabledAt !== null, recoveryCodesLeft: user.totpEnabledAt ? (left?.n ?? 0) : 0 };
}

/**
 * POST user/twoFactor/setup: the password again, then a new secret to scan (a QR code of its
 * otpauth:// URI, and the secret itself to type). Nothing changes at sign-in until a code from it
 * is confirmed (enable); asking again replaces the secret.
 */
export async function startEnrolment(
  db: Db,
  userId: number,
  password: string,
): Promise<{ secret: string; uri: string; qr: string }> {
  const user = await expectPassword(db, userId, password);
  if (user.totpEnabledAt) throw new DomainError(409, 4095, 'auth.twoFactor.alreadyOn');
  const secret = new Secret({ size: 20 }).base32;
  await updateUser(db, userId, { totpSecret: seal(await sealKey(db), secret, String(userId)), totpLastStep: null });
  const uri = totpOf(secret, user.email ?? user.username).toString();
  return { secret, uri, qr: renderSVG(uri, { border: 2, pixelSize: 4 }) };
}

/** POST user/twoFactor/enable: a code from the new secret turns it on; answers the recovery codes, shown once. */
export async function enable(
  db: Db,
  caller: Caller,
  me: AuthUser,
  input: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = await userById(db, me.id);
  if (user.totpEnabledAt) throw new DomainError(409, 4095, 'auth.twoFactor.alreadyOn');
  const sealed = user.totpSecret;
  if (!sealed) throw new DomainError(409, 4096, 'auth.twoFactor.noSetup');
  const code = normaliseCode(input);
  await checkTotp(db, user, code?.kind === 'totp' ? code.code : '');
  const codes = await db.transaction(async (tx) => {
    const [on] = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, updatedAt: sql`now()` })
      // The secret the code was checked against: another tab's new setup meanwhile does not turn on.
      .where(and(eq(users.id, me.id), isNull(users.totpEnabledAt), eq(users.totpSecret, sealed)))
      .returning({ id: users.id });
    if (!on) throw new DomainError(409, 4095, 'auth.twoFactor.alreadyOn');
    return replaceRecoveryCodes(tx as unknown as Db, me.id);
  });
  // Whoever is signed in elsewhere signed in without the second factor.
  await revokeOtherSessions(db, me.id, me.sessionId);
  await tellAccount(db, caller, user, 'twoFactorOn');
  return { recoveryCodes: codes };
}

/** POST user/twoFactor/disable: the password and a code (from the app or a recovery code). */
export async function disable(db: Db, caller: Caller, me: AuthUser, password: string, input: string): Promise<void> {
  const user = await expectOn(db, me.id);
  await expectPassword(db, me.id, password);
  await checkSecondFactor(db, caller, user, input);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, me.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
  });
  await voidSecrets(db, me.id, ['second_factor']);
  await tellAccount(db, caller, user, 'twoFactorOff');
}

/** POST user/twoFactor/recoveryCodes: ten new codes (the old ones stop working), with the password and a code. */
export async function renewRecoveryCodes(
  db: Db,
  caller: Caller,
  me: AuthUser,
  password: string,
  input: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = await expectOn(db, me.id);
  await expectPassword(db, me.id, password);
  await checkSecondFactor(db, caller, user, input);
  const codes = await db.transaction((tx) => replaceRecoveryCodes(tx as unknown as Db, me.id));
  await tellAccount(db, caller, user, 'recoveryCodesNew');
  return { recoveryCodes: codes };
}

/**
 * After the first factor (password or SMS code): a session, or, when the account has two-factor
 * sign-in on, a challenge to answer within five minutes (answerChallenge).
 */
export async function afterFirstFactor(db: Db, caller: Caller, user: UserRow): Promise<SignedIn | SecondFactorNeeded> {
  if (!user.totpEnabledAt) return signIn(db, caller, user);
  const challenge = await issueLink(db, 'second_factor', `user:${user.id}`, user.id, true);
  const passkey = (await hasPasskey(db, user.id)) ? (['passkey'] as const) : [];
  return { secondFactor: { challenge, methods: ['totp', 'recovery', ...passkey] } };
}

/** POST login/twoFactor: the challenge and a code from the app or a recovery code; a session. */
export async function answerChallenge(
  db: Db,
  caller: Caller,
  input: { challenge: string; code: string },
): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  const found = await peekLink(db, 'second_factor', input.challenge);
  if (!found.ok) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  const user = await userById(db, found.userId);
  if (!user.totpEnabledAt) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  // Each answer counts against the challenge before it is checked (parallel guesses too); the fifth wrong one ends it.
  const { ok, last } = await tryLink(db, found.id);
  if (!ok) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  try {
    await checkSecondFactor(db, caller, user, input.code);
  } catch (e) {
    if (last && e instanceof DomainError && e.status === 400) {
      await consumeLink(db, found.id);
      // Someone had the password and not the second factor: the owner should change the password.
      await tellAccount(db, caller, user, 'secondFactorFailed');
      throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
    }
    throw e;
  }
  if (!(await consumeLink(db, found.id))) throw new DomainError(401, 4016, 'auth.twoFactor.challengeGone');
  return signIn(db, caller, user);
}

async function expectOn(db: Db, userId: number): Promise<UserRow> {
  const user = await userById(db, userId);
  if (!user.totpEnabledAt || !user.totpSecret) throw new DomainError(409, 4096, 'auth.twoFactor.off');
  return user;
}

/** A code from the app or an unused recovery code, or 400 (with the account's back-off of wrong codes). */
export async function checkSecondFactor(db: Db, caller: Caller, user: UserRow, input: string): Promise<void> {
  const code = normaliseCode(input);
  if (code?.kind === 'recovery') return spendRecoveryCode(db, caller, user, code.code);
  return checkTotp(db, user, code?.code ?? '');
}

async function throttled<T>(db: Db, userId: number, check: () => Promise<T | null>): Promise<T> {
  const verdict = await attempt(db, [
    { key: `second-factor:${userId}`, backoff: SECOND_FACTOR_BACKOFF },
    { key: `second-factor-day:${userId}`, backoff: SECOND_FACTOR_DAILY },
  ]);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
  const result = await check();
  if (result === null) throw invalid('twoFactor.codeWrong');
  await forgive(db, verdict.events);
  return result;
}

/** The app's code against the stored secret; the step it was for is recorded, so it cannot be used again. */
async function checkTotp(db: Db, user: UserRow, code: string): Promise<void> {
  await throttled(db, user.id, async () => {
    if (!user.totpSecret) return null;
    const secret = unseal(await sealKey(db), user.totpSecret, String(user.id));
    const step = totpStep(secret, code, Date.now(), user.totpLastStep);
    if (step === null) return null;
    // Two requests with the same code: only one moves the step.
    const [moved] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return moved ? step : null;
  });
}

async function spendRecoveryCode(db: Db, caller: Caller, user: UserRow, code: string): Promise<void> {
  await throttled(db, user.id, async () => {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, await recoveryDigest(db, user.id, code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used ?? null;
  });
  const { recoveryCodesLeft } = await twoFactorState(db, user.id);
  await tellAccount(db, caller, user, 'recoveryCodeUsed', { left: String(recoveryCodesLeft) });
}

async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(await Promise.all(codes.map(async (c) => ({ userId, codeHash: await recoveryDigest(db, userId, c) }))));
  return codes;
}

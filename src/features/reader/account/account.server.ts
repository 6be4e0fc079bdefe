/**
 * The account operations behind SPEC §7 "Account (v1)": registration by e-mail or phone,
 * sign-in, recovery, binding, profile. Handlers parse and authenticate; everything that
 * touches accounts, secrets, limits and deliveries happens here and in the flows built on it
 * (signIn.server.ts: registration, sign-in, reset; profile.server.ts: the signed-in account).
 * This file holds what they share: the account's view, the limits, lookups and writes,
 * deliveries and the new session.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { Translate } from '../../../server/i18n/index.ts';
import { siteOrigin } from '../../../server/config.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { toRiseFallScheme, type RiseFallScheme } from '../../../lib/riseFall.ts';
import { checkCode, type CodeCheck, type CodePurpose } from '../../../server/auth/codes.ts';
import { passwordStamp, type DeviceOwner } from '../../../server/auth/cookies.ts';
import { delivery } from './delivery.server.ts';
import { SmsError } from './sms.server.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';
import { invalid } from './rules.ts';
import { attempt, consume, forgive, type Backoff, type Limit } from '../../../server/auth/throttle.ts';
import { startSession } from '../../../server/auth/tokens.ts';

/** What the API shows of an account (SPEC §3 User; never the hash). */
export interface UserView {
  userName: string;
  nickname: string | null;
  avatar: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  invitationCode: string;
  /** The rise/fall colours chosen for the account (src/lib/riseFall.ts); null: the language's. */
  colours: RiseFallScheme | null;
  /** Two-factor sign-in is on: changes that ask for the password ask for a code too. */
  twoFactor: boolean;
  updatedAt: string;
}

export type UserRow = typeof users.$inferSelect;

export function userView(u: UserRow): UserView {
  return {
    userName: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    phone: u.phone,
    invitationCode: u.invitationCode,
    colours: toRiseFallScheme(u.riseFall) ?? null,
    twoFactor: u.totpEnabledAt !== null,
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** Who is asking: for the per-IP guard, the browser of a new session and the links' language. */
export interface Caller {
  ip: string | null;
  userAgent: string | null;
  locale: Locale;
  t: Translate;
  /** The rise/fall colours this browser chose before signing in (its cookie), if any. */
  colours?: RiseFallScheme | undefined;
  /** This browser's device cookie (cookies.ts), if it sent one. */
  device?: string | undefined;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Per phone and per e-mail: one message a minute, 5 an hour, 10 a day (SMS pumping, mail bombing). */
export const PER_ADDRESS: Limit[] = [
  { windowMs: MINUTE, max: 1 },
  { windowMs: HOUR, max: 5 },
  { windowMs: DAY, max: 10 },
];
/** Per IP, coarse: messages sent, and account attempts (register, sign in, codes checked). */
const PER_IP_MESSAGES: Limit[] = [{ windowMs: HOUR, max: 30 }];
const PER_IP_ATTEMPTS: Limit[] = [{ windowMs: 10 * MINUTE, max: 100 }];
/**
 * Wrong passwords, counted per account (whatever name or address was typed), in the way of
 * OWASP's authentication cheat sheet: from one address to one account the wait grows after 5
 * failures; from browsers the account does not know, after 20 from anywhere, to a minute at
 * most. A browser the account signed in from before (its device cookie) is held only by its
 * own failures, so strangers' guesses cannot keep the owner out.
 */
export const LOGIN_BACKOFF_IP: Backoff = { windowMs: 15 * MINUTE, free: 5, capSeconds: 300 };
export const LOGIN_BACKOFF_ACCOUNT: Backoff = { windowMs: 15 * MINUTE, free: 20, capSeconds: 60 };
export const LOGIN_BACKOFF_DEVICE: Backoff = { windowMs: 15 * MINUTE, free: 10, capSeconds: 300 };
/** Confirming the current password (a change of password, of the e-mail or the phone). */
export const PASSWORD_BACKOFF: Backoff = { windowMs: 15 * MINUTE, free: 5, capSeconds: 300 };
/** Avatar pictures decoded per account: two a minute, ten an hour (each decode costs memory and a thread). */
export const PER_USER_AVATARS: Limit[] = [
  { windowMs: MINUTE, max: 2 },
  { windowMs: HOUR, max: 10 },
];
/**
 * How long a session counts as a fresh sign-in: changing the e-mail or the phone needs one (a
 * stolen token alone must not be able to move the account to its thief's address).
 */
export const FRESH_SIGN_IN_MS = 10 * MINUTE;

export const tooMany = (retryAfter: number) =>
  new DomainError(429, 429, 'auth.tooMany', { count: retryAfter }, retryAfter);

export async function limit(db: Db, key: string, limits: Limit[]): Promise<void> {
  const verdict = await consume(db, key, limits);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
}

export async function guardIp(db: Db, caller: Caller, what: 'messages' | 'attempts'): Promise<void> {
  if (caller.ip) await limit(db, `ip:${what}:${caller.ip}`, what === 'messages' ? PER_IP_MESSAGES : PER_IP_ATTEMPTS);
}

function codeFailure(result: Exclude<CodeCheck, 'ok'>): DomainError {
  return invalid(result === 'expired' ? 'codeExpired' : result === 'exhausted' ? 'codeExhausted' : 'codeWrong');
}

export async function expectCode(
  db: Db,
  purpose: CodePurpose,
  identifier: string,
  code: string,
  userId?: number,
): Promise<void> {
  const result = await checkCode(db, purpose, identifier, code, userId);
  if (result !== 'ok') throw codeFailure(result);
}

/**
 * Why a user name, e-mail or phone cannot be this account's: another account has it. Asked
 * before writing, so PostgreSQL never refuses the write (its log would keep the address).
 */
export async function takenBy(
  db: Db,
  values: { username?: string | undefined; email?: string | null | undefined; phone?: string | null | undefined },
  self?: number,
): Promise<DomainError | null> {
  const others = (cond: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(self === undefined ? cond : and(cond, ne(users.id, self)))
      .limit(1);
  if (
    values.username !== undefined &&
    (await others(sql`lower(${users.username}) = ${values.username.toLowerCase()}`)).length
  )
    return new DomainError(409, 4091, 'auth.userNameTaken');
  if (values.email && (await others(sql`lower(${users.email}) = ${values.email.toLowerCase()}`)).length)
    return new DomainError(409, 4092, 'auth.emailTaken');
  if (values.phone && (await others(eq(users.phone, values.phone))).length)
    return new DomainError(409, 4093, 'auth.phoneTaken');
  return null;
}

/** PostgreSQL's unique violation, named by the constraint that caught it (two writes racing for one name). */
function takenError(e: unknown): DomainError | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  if (!pg) return null;
  const c = pg.constraint ?? '';
  if (c.includes('email')) return new DomainError(409, 4092, 'auth.emailTaken');
  if (c.includes('phone')) return new DomainError(409, 4093, 'auth.phoneTaken');
  if (c.includes('username')) return new DomainError(409, 4091, 'auth.userNameTaken');
  return null;
}

/**
 * A new account. A name, address or phone taken meanwhile is no error for PostgreSQL (ON
 * CONFLICT DO NOTHING: its log never holds the address); we say which one it was.
 */
export async function insertUser(db: Db, values: Omit<typeof users.$inferInsert, 'invitationCode'>): Promise<UserRow> {
  for (let tries = 0; ; tries++) {
    const [row] = await db
      .insert(users)
      .values({ ...values, invitationCode: randomBytes(5).toString('hex').toUpperCase() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const taken = await takenBy(db, values);
    if (taken) throw taken;
    // An invitation code drawn twice (1 in 10^12): draw again.
    if (tries >= 3) throw new Error('could not insert the account');
  }
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const taken = values.username !== undefined || values.email || values.phone ? await takenBy(db, values, id) : null;
  if (taken) throw taken;
  try {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new DomainError(401, 401, 'auth.loginRequired');
    return row;
  } catch (e) {
    throw takenError(e) ?? e;
  }
}

export async function userById(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new DomainError(401, 401, 'auth.loginRequired');
  return row;
}

export async function userByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return row;
}

/** A link into the site in the caller's language, from SITE_URL (never the Host header). */
export function siteLink(caller: Caller, page: string, token: string): string {
  return `${siteOrigin()}/${caller.locale}${page}?token=${encodeURIComponent(token)}`;
}

type MailKind =
  | 'activate'
  | 'reset'
  | 'bind'
  | 'emailChanged'
  | 'phoneChanged'
  | 'twoFactorOn'
  | 'twoFactorOff'
  | 'recoveryCodesNew'
  | 'recoveryCodeUsed'
  | 'secondFactorFailed'
  | 'passkeyAdded'
  | 'passkeyRemoved';

export async function sendMail(
  db: Db,
  caller: Caller,
  to: string,
  kind: MailKind,
  vars: Record<string, string>,
): Promise<boolean> {
  const { t } = caller;
  try {
    await delivery(db).mailer.send({
      to,
      subject: t(`auth.mail.${kind}.subject`),
      text: t(`auth.mail.${kind}.text`, vars),
    });
    return true;
  } catch (e) {
    console.error(`[accounts] mail (${kind}) could not be sent: ${(e as Error).message}`);
    return false;
  }
}

export async function sendCodeSms(
  db: Db,
  caller: Caller,
  phone: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  try {
    await delivery(db).sms.send(phone, caller.t('auth.sms.code', { code }), purpose);
  } catch (e) {
    // The provider refused the number itself: the visitor can fix that; anything else is ours.
    if (e instanceof SmsError && e.badNumber) throw invalid('phoneError');
    console.error(`[accounts] SMS (${purpose}) could not be sent: ${(e as Error).message}`);
    throw new DomainError(503, 5031, 'auth.smsFailed');
  }
}

/** A new session: its token and the account (the answer of every sign-in, SPEC §7). */
export interface Signed {
  token: string;
  user: UserView;
}

/** A sign-in as the route gets it: which account, with which password, for the browser's device cookie. */
export type SignedIn = Signed & { userId: number; device: DeviceOwner };

export const deviceOwner = (user: UserRow): DeviceOwner => ({
  userId: user.id,
  stamp: passwordStamp(user.passwordHash),
});

/**
 * A new session for `user`. The account's own colours win (the route writes them to the cookie);
 * an account without a choice keeps the one this browser made as a visitor, so choosing before
 * signing up is not lost.
 */
export async function signIn(db: Db, caller: Caller, user: UserRow): Promise<SignedIn> {
  const keep = !user.riseFall && caller.colours ? await updateUser(db, user.id, { riseFall: caller.colours }) : user;
  return {
    token: await startSession(db, user.id, caller.userAgent),
    user: userView(keep),
    userId: user.id,
    device: deviceOwner(user),
  };
}

/**
 * Runs `work` after the answer, for answers that must not take longer when an account exists
 * (a reset link issued and mailed only then); its failure is logged, never the visitor's.
 */
export function afterAnswer(what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((e: unknown) => console.error(`[accounts] ${what}: ${(e as Error).message}`));
  });
}

/** A text that only tells (a changed phone): not sent is logged, and changes nothing (sendMail does the same for mails). */
export async function tell(what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (e) {
    console.error(`[accounts] ${what} could not be sent: ${(e as Error).message}`);
  }
}

/** A new password: every device cookie issued before it stops counting (cookies.ts). */
export async function setPassword(db: Db, userId: number, password: string): Promise<UserRow> {
  return updateUser(db, userId, { passwordHash: await hashPassword(password) });
}

/** The account's current password, or 400 "The current password is wrong." (with the back-off of guesses). */
export async function expectPassword(db: Db, userId: number, password: string): Promise<UserRow> {
  const verdict = await attempt(db, [{ key: `password:${userId}`, backoff: PASSWORD_BACKOFF }]);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
  const user = await userById(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalid('oldPasswordWrong');
  await forgive(db, verdict.events);
  return user;
}

/**
 * Tells the account about a change to how it signs in: by e-mail, or by text to a phone-only
 * account. A notice that cannot be sent is logged and changes nothing (sendMail, tell): the change
 * itself was the reader's to make.
 */
export async function tellAccount(
  db: Db,
  caller: Caller,
  user: UserRow,
  notice: MailKind,
  vars: Record<string, string> = {},
): Promise<void> {
  if (user.email) {
    await sendMail(db, caller, user.email, notice, { name: user.username, ...vars });
    return;
  }
  const phone = user.phone;
  if (phone)
    await tell(`${notice} text`, () => delivery(db).sms.send(phone, caller.t(`auth.sms.${notice}`, vars), 'notice'));
}

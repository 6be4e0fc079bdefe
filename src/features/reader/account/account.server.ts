/**
 * The account operations behind SPEC §7 "Account (v1)": registration by e-mail or phone,
 * sign-in, recovery, binding, profile. Handlers parse and authenticate; everything that
 * touches accounts, secrets, limits and deliveries happens here.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { Translate } from '../../../server/i18n/index.ts';
import { siteOrigin } from '../../../server/config.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { toRiseFallScheme, type RiseFallScheme } from '../../../lib/riseFall.ts';
import {
  checkCode,
  issueCode,
  issueLink,
  takeLink,
  voidSecrets,
  type CodeCheck,
  type CodePurpose,
} from '../../../server/auth/codes.ts';
import { knownDevice, passwordStamp, type DeviceOwner } from '../../../server/auth/cookies.ts';
import { delivery } from './delivery.server.ts';
import { maskPhone, SmsError } from './sms.server.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';
import { invalid } from './rules.ts';
import { attempt, consume, forgive, type Backoff, type Limit } from '../../../server/auth/throttle.ts';
import {
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  startSession,
  type AuthUser,
} from '../../../server/auth/tokens.ts';

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
  updatedAt: string;
}

type UserRow = typeof users.$inferSelect;

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
const PER_ADDRESS: Limit[] = [
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
const LOGIN_BACKOFF_IP: Backoff = { windowMs: 15 * MINUTE, free: 5, capSeconds: 300 };
const LOGIN_BACKOFF_ACCOUNT: Backoff = { windowMs: 15 * MINUTE, free: 20, capSeconds: 60 };
const LOGIN_BACKOFF_DEVICE: Backoff = { windowMs: 15 * MINUTE, free: 10, capSeconds: 300 };
/** Confirming the current password (a change of password, of the e-mail or the phone). */
const PASSWORD_BACKOFF: Backoff = { windowMs: 15 * MINUTE, free: 5, capSeconds: 300 };
/** Avatar pictures decoded per account: two a minute, ten an hour (each decode costs memory and a thread). */
const PER_USER_AVATARS: Limit[] = [
  { windowMs: MINUTE, max: 2 },
  { windowMs: HOUR, max: 10 },
];
/**
 * How long a session counts as a fresh sign-in: changing the e-mail or the phone needs one (a
 * stolen token alone must not be able to move the account to its thief's address).
 */
const FRESH_SIGN_IN_MS = 10 * MINUTE;

const tooMany = (retryAfter: number) => new DomainError(429, 429, 'auth.tooMany', { count: retryAfter }, retryAfter);

async function limit(db: Db, key: string, limits: Limit[]): Promise<void> {
  const verdict = await consume(db, key, limits);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
}

async function guardIp(db: Db, caller: Caller, what: 'messages' | 'attempts'): Promise<void> {
  if (caller.ip) await limit(db, `ip:${what}:${caller.ip}`, what === 'messages' ? PER_IP_MESSAGES : PER_IP_ATTEMPTS);
}

function codeFailure(result: Exclude<CodeCheck, 'ok'>): DomainError {
  return invalid(result === 'expired' ? 'codeExpired' : result === 'exhausted' ? 'codeExhausted' : 'codeWrong');
}

async function expectCode(
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
async function takenBy(
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
async function insertUser(db: Db, values: Omit<typeof users.$inferInsert, 'invitationCode'>): Promise<UserRow> {
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

async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
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

async function userByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return row;
}

/** A link into the site in the caller's language, from SITE_URL (never the Host header). */
function siteLink(caller: Caller, page: string, token: string): string {
  return `${siteOrigin()}/${caller.locale}${page}?token=${encodeURIComponent(token)}`;
}

type MailKind = 'activate' | 'reset' | 'bind' | 'emailChanged' | 'phoneChanged';

async function sendMail(
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

async function sendCodeSms(db: Db, caller: Caller, phone: string, purpose: CodePurpose, code: string): Promise<void> {
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

const deviceOwner = (user: UserRow): DeviceOwner => ({ userId: user.id, stamp: passwordStamp(user.passwordHash) });

/**
 * A new session for `user`. The account's own colours win (the route writes them to the cookie);
 * an account without a choice keeps the one this browser made as a visitor, so choosing before
 * signing up is not lost.
 */
async function signIn(db: Db, caller: Caller, user: UserRow): Promise<SignedIn> {
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
function afterAnswer(what: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((e: unknown) => console.error(`[accounts] ${what}: ${(e as Error).message}`));
  });
}

/** A text that only tells (a changed phone): not sent is logged, and changes nothing (sendMail does the same for mails). */
async function tell(what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (e) {
    console.error(`[accounts] ${what} could not be sent: ${(e as Error).message}`);
  }
}

/** POST user/preferences: the rise/fall colours; null goes back to the language's convention. */
export async function setColours(db: Db, userId: number, colours: RiseFallScheme | null): Promise<UserView> {
  return userView(await updateUser(db, userId, { riseFall: colours }));
}

/** POST register: the account, an activation mail, and a session (the e-mail is unverified until the link is followed). */
export async function register(
  db: Db,
  caller: Caller,
  input: { userName: string; email: string; password: string },
): Promise<SignedIn & { mailSent: boolean }> {
  await guardIp(db, caller, 'attempts');
  const taken = await takenBy(db, { username: input.userName, email: input.email });
  if (taken) throw taken;
  const user = await insertUser(db, {
    username: input.userName,
    email: input.email,
    passwordHash: await hashPassword(input.password),
  });
  // The address's mail limit counts this mail too; if someone just had mails sent to it, the
  // account still exists and the activation mail can be sent again from the account page.
  let mailSent = false;
  if ((await consume(db, `mail:${input.email}`, PER_ADDRESS)).ok) {
    const link = siteLink(caller, '/user/activate', await issueLink(db, 'activate', input.email, user.id));
    mailSent = await sendMail(db, caller, input.email, 'activate', { name: user.username, link });
  }
  return { ...(await signIn(db, caller, user)), mailSent };
}

/** GET sendMailByActive: the activation link again. */
export async function resendActivation(db: Db, caller: Caller, userId: number): Promise<void> {
  const user = await userById(db, userId);
  if (!user.email) throw invalid('noEmail');
  if (user.emailVerifiedAt) throw invalid('alreadyActive');
  await limit(db, `mail:${user.email.toLowerCase()}`, PER_ADDRESS);
  const link = siteLink(caller, '/user/activate', await issueLink(db, 'activate', user.email.toLowerCase(), user.id));
  if (!(await sendMail(db, caller, user.email, 'activate', { name: user.username, link })))
    throw new DomainError(503, 5032, 'auth.mailFailed');
}

/** The activation link: marks the e-mail it was sent to as verified (if it is still the account's). */
export async function activate(
  db: Db,
  token: string,
): Promise<{ ok: true; userName: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' }> {
  const taken = await takeLink(db, 'activate', token);
  if (!taken.ok) return taken;
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, taken.userId), sql`lower(${users.email}) = ${taken.identifier}`))
    .returning({ userName: users.username });
  return row ? { ok: true, userName: row.userName } : { ok: false, reason: 'invalid' };
}

/**
 * POST login: user name or e-mail plus password; the same answer, in about the same time, for an
 * unknown account. Attempts count against the account itself (by e-mail or by name alike), see
 * LOGIN_BACKOFF_*; a refusal says how long to wait.
 */
export async function login(db: Db, caller: Caller, input: { account: string; password: string }): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  const account = input.account.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${account}`, sql`lower(${users.email}) = ${account}`))
    .limit(1);
  // An unknown name is counted under what was typed: its answers look like an account's.
  const subject = user ? `user:${user.id}` : `name:${account}`;
  const device = user ? await knownDevice(db, caller.device, deviceOwner(user)) : null;
  const checks = device
    ? [{ key: `login:device:${device}`, backoff: LOGIN_BACKOFF_DEVICE }]
    : [
        ...(caller.ip ? [{ key: `login:${subject}:ip:${caller.ip}`, backoff: LOGIN_BACKOFF_IP }] : []),
        { key: `login:${subject}`, backoff: LOGIN_BACKOFF_ACCOUNT },
      ];
  const verdict = await attempt(db, checks);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) throw invalid('loginFailed');
  await forgive(db, verdict.events);
  return signIn(db, caller, user);
}

/** GET sendSMS4Login: a code for signing in or registering by phone. */
export async function sendLoginCode(db: Db, caller: Caller, phone: string): Promise<void> {
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `sms:${phone}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  await sendCodeSms(db, caller, phone, 'sms_login', await issueCode(db, 'sms_login', phone));
}

/** POST registerByPhone: phone, its code and a password; signed in at once (the phone is proven). */
export async function registerByPhone(
  db: Db,
  caller: Caller,
  input: { phone: string; code: string; password: string; userName?: string | undefined },
): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  // User names are public; whether a phone has an account is said only to whoever proves the phone.
  if (input.userName) {
    const taken = await takenBy(db, { username: input.userName });
    if (taken) throw taken;
  }
  await expectCode(db, 'sms_login', input.phone, input.code);
  if (await userByPhone(db, input.phone)) throw new DomainError(409, 4093, 'auth.phoneTaken');
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(db, {
    username: input.userName ?? `user_${randomBytes(5).toString('hex')}`,
    phone: input.phone,
    passwordHash,
  });
  return signIn(db, caller, user);
}

/** POST loginByPhone. */
export async function loginByPhone(db: Db, caller: Caller, input: { phone: string; code: string }): Promise<SignedIn> {
  await guardIp(db, caller, 'attempts');
  await expectCode(db, 'sms_login', input.phone, input.code);
  const user = await userByPhone(db, input.phone);
  if (!user) throw new DomainError(404, 4041, 'auth.phoneUnknown');
  return signIn(db, caller, user);
}

/** GET sendSMS4ResetPwd: a code to the phone if an account uses it; the same answer either way. */
export async function sendResetCode(db: Db, caller: Caller, phone: string): Promise<void> {
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `sms:${phone}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  // Looked up and sent after the answer: it takes as long whether an account uses the phone or not.
  afterAnswer('reset text', async () => {
    const user = await userByPhone(db, phone);
    if (user) await sendCodeSms(db, caller, phone, 'sms_reset', await issueCode(db, 'sms_reset', phone, user.id));
  });
}

/** A new password: every device cookie issued before it stops counting (cookies.ts). */
async function setPassword(db: Db, userId: number, password: string): Promise<UserRow> {
  return updateUser(db, userId, { passwordHash: await hashPassword(password) });
}

/** POST applyToResetPwdByPhone: a new password with the code; every session ends, no automatic sign-in. */
export async function resetByPhone(
  db: Db,
  caller: Caller,
  input: { phone: string; code: string; password: string },
): Promise<void> {
  await guardIp(db, caller, 'attempts');
  await expectCode(db, 'sms_reset', input.phone, input.code);
  const user = await userByPhone(db, input.phone);
  if (!user) throw invalid('codeWrong');
  await setPassword(db, user.id, input.password);
  await revokeAllSessions(db, user.id);
}

/** POST applyToResetPwd: a reset link to the address if an account uses it; the same answer either way. */
export async function sendResetLink(db: Db, caller: Caller, email: string): Promise<void> {
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `mail:${email}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  // Looked up, issued and mailed after the answer: it takes as long whether the address has an account or not.
  afterAnswer('reset mail', async () => {
    const user = await userByEmail(db, email);
    if (!user) return;
    const link = siteLink(caller, '/user/reset', await issueLink(db, 'reset', email, user.id));
    await sendMail(db, caller, user.email!, 'reset', { name: user.username, link });
  });
}

/** POST resetPwd: the mailed link's secret and a new password; proves the e-mail too. */
export async function resetByLink(db: Db, caller: Caller, input: { token: string; password: string }): Promise<void> {
  await guardIp(db, caller, 'attempts');
  const taken = await takeLink(db, 'reset', input.token);
  if (!taken.ok)
    throw invalid(taken.reason === 'expired' ? 'linkExpired' : taken.reason === 'used' ? 'linkUsed' : 'linkInvalid');
  // Only while the link's address is still the account's: whoever holds an old mailbox has no say.
  const [owner] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, taken.userId), sql`lower(${users.email}) = ${taken.identifier}`))
    .returning({ id: users.id });
  if (!owner) throw invalid('linkInvalid');
  await revokeAllSessions(db, taken.userId);
}

/**
 * POST changePwd: the current password, then the new one; the other sessions end, this one
 * stays. Answers who this browser's new device cookie is for (the old ones stop counting).
 */
export async function changePassword(
  db: Db,
  userId: number,
  sessionId: string,
  input: { oldPassword: string; newPassword: string },
): Promise<DeviceOwner> {
  await expectPassword(db, userId, input.oldPassword);
  const user = await setPassword(db, userId, input.newPassword);
  await revokeOtherSessions(db, userId, sessionId);
  return deviceOwner(user);
}

/** The account's current password, or 400 "The current password is wrong." (with the back-off of guesses). */
async function expectPassword(db: Db, userId: number, password: string): Promise<UserRow> {
  const verdict = await attempt(db, [{ key: `password:${userId}`, backoff: PASSWORD_BACKOFF }]);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
  const user = await userById(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalid('oldPasswordWrong');
  await forgive(db, verdict.events);
  return user;
}

/**
 * POST user/confirmPassword: the current password again, for what needs a fresh sign-in (a new
 * e-mail or phone). Answers a new session, and this one ends: a copy of the old token taken
 * before is worth nothing from now on.
 */
export async function confirmPassword(db: Db, caller: Caller, me: AuthUser, password: string): Promise<SignedIn> {
  const user = await expectPassword(db, me.id, password);
  await revokeSession(db, me.sessionId);
  return {
    token: await startSession(db, user.id, caller.userAgent),
    user: userView(user),
    userId: user.id,
    device: deviceOwner(user),
  };
}

/** 403 unless the session began within FRESH_SIGN_IN_MS (a sign-in or confirmPassword). */
function requireFresh(me: AuthUser): void {
  if (Date.now() - me.signedInAt.getTime() > FRESH_SIGN_IN_MS) throw new DomainError(403, 4031, 'auth.confirmPassword');
}

/** POST updateUserInfo. */
export async function updateProfile(
  db: Db,
  userId: number,
  input: { nickname?: string | undefined; userName?: string | undefined },
): Promise<UserView> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) values.nickname = input.nickname;
  if (input.userName !== undefined) values.username = input.userName;
  if (!Object.keys(values).length) throw invalid('nothingToUpdate');
  return userView(await updateUser(db, userId, values));
}

/** POST upload's allowance: decoding a picture costs memory and a thread, so an account gets a few. */
export async function allowAvatarDecode(db: Db, userId: number): Promise<void> {
  await limit(db, `avatar:${userId}`, PER_USER_AVATARS);
}

export async function setAvatar(db: Db, userId: number, url: string): Promise<UserView> {
  return userView(await updateUser(db, userId, { avatar: url }));
}

/**
 * GET user/sendSMS4Binding: a code to the new phone. Needs a fresh sign-in (the password
 * confirmed within minutes), so a stolen token alone cannot move the account to another phone.
 * Whether another account has the phone is said only to whoever proves the phone with its code
 * (bindPhone), as registerByPhone does: the answer here is the same for every phone.
 */
export async function sendBindingCode(db: Db, caller: Caller, me: AuthUser, phone: string): Promise<void> {
  requireFresh(me);
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `sms:${phone}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  await sendCodeSms(db, caller, phone, 'sms_bind', await issueCode(db, 'sms_bind', phone, me.id));
}

/**
 * GET user/bindingPhone: the new phone, proven by the code this account asked for. Reset codes
 * sent to the old phone stop working, and the old phone (and the e-mail, if any) is told.
 */
export async function bindPhone(
  db: Db,
  caller: Caller,
  me: AuthUser,
  input: { phone: string; code: string },
): Promise<UserView> {
  requireFresh(me);
  await expectCode(db, 'sms_bind', input.phone, input.code, me.id);
  const before = await userById(db, me.id);
  const user = await updateUser(db, me.id, { phone: input.phone });
  await voidSecrets(db, me.id, ['sms_reset']);
  if (before.phone && before.phone !== input.phone) {
    const old = before.phone;
    await tell('phone change text', () =>
      delivery(db).sms.send(old, caller.t('auth.sms.phoneChanged', { phone: maskPhone(input.phone) }), 'notice'),
    );
  }
  if (before.email)
    await sendMail(db, caller, before.email, 'phoneChanged', { name: before.username, phone: maskPhone(input.phone) });
  return userView(user);
}

/**
 * GET user/getMailCode: a code to the new address; needs a fresh sign-in, and says whether
 * another account has the address only to whoever proves it (bindEmail), as sendBindingCode.
 */
export async function sendMailCode(db: Db, caller: Caller, me: AuthUser, email: string): Promise<void> {
  requireFresh(me);
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `mail:${email}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  const code = await issueCode(db, 'mail_bind', email, me.id);
  if (!(await sendMail(db, caller, email, 'bind', { code }))) throw new DomainError(503, 5032, 'auth.mailFailed');
}

/**
 * "a***@example.com": enough for the owner of the old address to recognise the new one (or
 * not), without handing it to whoever reads the old mailbox.
 */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/**
 * GET user/bindingMail: the new address, verified by the code this account asked for. Reset and
 * activation links sent to the old address stop working, the old address is told, and every
 * session ends and a new one starts.
 */
export async function bindEmail(
  db: Db,
  caller: Caller,
  me: AuthUser,
  input: { email: string; code: string },
): Promise<SignedIn> {
  requireFresh(me);
  await expectCode(db, 'mail_bind', input.email, input.code, me.id);
  const before = await userById(db, me.id);
  const user = await updateUser(db, me.id, { email: input.email, emailVerifiedAt: new Date() });
  await voidSecrets(db, me.id, ['reset', 'activate']);
  await revokeAllSessions(db, me.id);
  if (before.email && before.email.toLowerCase() !== input.email) {
    await sendMail(db, caller, before.email, 'emailChanged', { name: before.username, email: maskEmail(input.email) });
  }
  return {
    token: await startSession(db, me.id, caller.userAgent),
    user: userView(user),
    userId: me.id,
    device: deviceOwner(user),
  };
}

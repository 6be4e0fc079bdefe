/**
 * The account operations behind SPEC §7 "Account (v1)": registration by e-mail or phone,
 * sign-in, recovery, binding, profile. Handlers parse and authenticate; everything that
 * touches accounts, secrets, limits and deliveries happens here.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { DomainError } from '../domain/errors.ts';
import type { Translate } from '../i18n/index.ts';
import { siteOrigin } from '../config.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { toRiseFallScheme, type RiseFallScheme } from '../../lib/riseFall.ts';
import { checkCode, issueCode, issueLink, takeLink, type CodeCheck, type CodePurpose } from './codes.ts';
import { delivery } from './delivery.ts';
import { SmsError } from './sms.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { invalid } from './rules.ts';
import { backoff, consume, record, type Limit } from './throttle.ts';
import { revokeAllSessions, revokeOtherSessions, startSession } from './tokens.ts';

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
/** Failed sign-ins: from one IP the wait grows after 5 failures; from anywhere, after 20 and only to a minute. */
const LOGIN_BACKOFF_IP = { windowMs: 15 * MINUTE, free: 5, capSeconds: 300 };
const LOGIN_BACKOFF_ACCOUNT = { windowMs: 15 * MINUTE, free: 20, capSeconds: 60 };

const tooMany = (retryAfter: number) => new DomainError(429, 429, 'auth.tooMany', { count: retryAfter });

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

async function expectCode(db: Db, purpose: CodePurpose, identifier: string, code: string): Promise<void> {
  const result = await checkCode(db, purpose, identifier, code);
  if (result !== 'ok') throw codeFailure(result);
}

/** PostgreSQL's unique violation, named by the constraint that caught it. */
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

async function insertUser(db: Db, values: Omit<typeof users.$inferInsert, 'invitationCode'>): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(users)
        .values({ ...values, invitationCode: randomBytes(5).toString('hex').toUpperCase() })
        .returning();
      return row!;
    } catch (e) {
      const taken = takenError(e);
      if (taken) throw taken;
      // An invitation code drawn twice (1 in 10^12): draw again.
      if ((e as { code?: string; cause?: { code?: string } }).cause?.code === '23505' && attempt < 3) continue;
      throw e;
    }
  }
}

async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
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

async function sendMail(db: Db, caller: Caller, to: string, kind: 'activate' | 'reset' | 'bind', vars: Record<string, string>): Promise<boolean> {
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

export interface Signed {
  token: string;
  user: UserView;
}

/**
 * A new session for `user`. The account's own colours win (the route writes them to the cookie);
 * an account without a choice keeps the one this browser made as a visitor, so choosing before
 * signing up is not lost.
 */
async function signIn(db: Db, caller: Caller, user: UserRow): Promise<Signed> {
  const keep = !user.riseFall && caller.colours ? await updateUser(db, user.id, { riseFall: caller.colours }) : user;
  return { token: await startSession(db, user.id, caller.userAgent), user: userView(keep) };
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
): Promise<Signed & { mailSent: boolean }> {
  await guardIp(db, caller, 'attempts');
  const user = await insertUser(db, { username: input.userName, email: input.email, passwordHash: await hashPassword(input.password) });
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
  if (!(await sendMail(db, caller, user.email, 'activate', { name: user.username, link }))) throw new DomainError(503, 5032, 'auth.mailFailed');
}

/** The activation link: marks the e-mail it was sent to as verified (if it is still the account's). */
export async function activate(db: Db, token: string): Promise<{ ok: true; userName: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' }> {
  const taken = await takeLink(db, 'activate', token);
  if (!taken.ok) return taken;
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, taken.userId), sql`lower(${users.email}) = ${taken.identifier}`))
    .returning({ userName: users.username });
  return row ? { ok: true, userName: row.userName } : { ok: false, reason: 'invalid' };
}

/** POST login: user name or e-mail plus password; the same answer, in about the same time, for an unknown account. */
export async function login(db: Db, caller: Caller, input: { account: string; password: string }): Promise<Signed> {
  await guardIp(db, caller, 'attempts');
  const account = input.account.toLowerCase();
  const accountKey = `login:${account}`;
  const ipKey = caller.ip ? `login:${account}:${caller.ip}` : null;
  for (const [key, opts] of [
    [ipKey, LOGIN_BACKOFF_IP],
    [accountKey, LOGIN_BACKOFF_ACCOUNT],
  ] as const) {
    if (!key) continue;
    const verdict = await backoff(db, key, opts);
    if (!verdict.ok) throw tooMany(verdict.retryAfter);
  }
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${account}`, sql`lower(${users.email}) = ${account}`))
    .limit(1);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    await record(db, accountKey);
    if (ipKey) await record(db, ipKey);
    throw invalid('loginFailed');
  }
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
): Promise<Signed> {
  await guardIp(db, caller, 'attempts');
  if (await userByPhone(db, input.phone)) throw new DomainError(409, 4093, 'auth.phoneTaken');
  if (input.userName) {
    const [clash] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${input.userName.toLowerCase()}`);
    if (clash) throw new DomainError(409, 4091, 'auth.userNameTaken');
  }
  await expectCode(db, 'sms_login', input.phone, input.code);
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(db, { username: input.userName ?? `user_${randomBytes(5).toString('hex')}`, phone: input.phone, passwordHash });
  return signIn(db, caller, user);
}

/** POST loginByPhone. */
export async function loginByPhone(db: Db, caller: Caller, input: { phone: string; code: string }): Promise<Signed> {
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
  const user = await userByPhone(db, phone);
  if (user) await sendCodeSms(db, caller, phone, 'sms_reset', await issueCode(db, 'sms_reset', phone, user.id));
}

async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await updateUser(db, userId, { passwordHash: await hashPassword(password) });
}

/** POST applyToResetPwdByPhone: a new password with the code; every session ends, no automatic sign-in. */
export async function resetByPhone(db: Db, caller: Caller, input: { phone: string; code: string; password: string }): Promise<void> {
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
  const user = await userByEmail(db, email);
  if (!user) return;
  const link = siteLink(caller, '/user/reset', await issueLink(db, 'reset', email, user.id));
  await sendMail(db, caller, user.email!, 'reset', { name: user.username, link });
}

/** POST resetPwd: the mailed link's secret and a new password; proves the e-mail too. */
export async function resetByLink(db: Db, caller: Caller, input: { token: string; password: string }): Promise<void> {
  await guardIp(db, caller, 'attempts');
  const taken = await takeLink(db, 'reset', input.token);
  if (!taken.ok) throw invalid(taken.reason === 'expired' ? 'linkExpired' : taken.reason === 'used' ? 'linkUsed' : 'linkInvalid');
  await updateUser(db, taken.userId, { passwordHash: await hashPassword(input.password) });
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, taken.userId), sql`lower(${users.email}) = ${taken.identifier}`));
  await revokeAllSessions(db, taken.userId);
}

/** POST changePwd: the current password, then the new one; the other sessions end, this one stays. */
export async function changePassword(db: Db, userId: number, sessionId: string, input: { oldPassword: string; newPassword: string }): Promise<void> {
  const key = `password:${userId}`;
  const verdict = await backoff(db, key, LOGIN_BACKOFF_IP);
  if (!verdict.ok) throw tooMany(verdict.retryAfter);
  const user = await userById(db, userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await record(db, key);
    throw invalid('oldPasswordWrong');
  }
  await setPassword(db, userId, input.newPassword);
  await revokeOtherSessions(db, userId, sessionId);
}

/** POST updateUserInfo. */
export async function updateProfile(db: Db, userId: number, input: { nickname?: string | undefined; userName?: string | undefined }): Promise<UserView> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) values.nickname = input.nickname;
  if (input.userName !== undefined) values.username = input.userName;
  if (!Object.keys(values).length) throw invalid('nothingToUpdate');
  if (input.userName !== undefined) {
    const [clash] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${input.userName.toLowerCase()}`, ne(users.id, userId)));
    if (clash) throw new DomainError(409, 4091, 'auth.userNameTaken');
  }
  return userView(await updateUser(db, userId, values));
}

export async function setAvatar(db: Db, userId: number, url: string): Promise<UserView> {
  return userView(await updateUser(db, userId, { avatar: url }));
}

/** GET user/sendSMS4Binding. */
export async function sendBindingCode(db: Db, caller: Caller, userId: number, phone: string): Promise<void> {
  const other = await userByPhone(db, phone);
  if (other && other.id !== userId) throw new DomainError(409, 4093, 'auth.phoneTaken');
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `sms:${phone}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  await sendCodeSms(db, caller, phone, 'sms_bind', await issueCode(db, 'sms_bind', phone, userId));
}

/** GET user/bindingPhone. */
export async function bindPhone(db: Db, userId: number, input: { phone: string; code: string }): Promise<UserView> {
  await expectCode(db, 'sms_bind', input.phone, input.code);
  return userView(await updateUser(db, userId, { phone: input.phone }));
}

/** GET user/getMailCode: a code to the new address. */
export async function sendMailCode(db: Db, caller: Caller, userId: number, email: string): Promise<void> {
  const other = await userByEmail(db, email);
  if (other && other.id !== userId) throw new DomainError(409, 4092, 'auth.emailTaken');
  // The address first: a retry inside its cooldown must not spend the sender's hourly budget.
  await limit(db, `mail:${email}`, PER_ADDRESS);
  await guardIp(db, caller, 'messages');
  const code = await issueCode(db, 'mail_bind', email, userId);
  if (!(await sendMail(db, caller, email, 'bind', { code }))) throw new DomainError(503, 5032, 'auth.mailFailed');
}

/** GET user/bindingMail: the new address, verified by its code; every session ends and a new one starts. */
export async function bindEmail(db: Db, caller: Caller, userId: number, input: { email: string; code: string }): Promise<Signed> {
  await expectCode(db, 'mail_bind', input.email, input.code);
  const user = await updateUser(db, userId, { email: input.email, emailVerifiedAt: new Date() });
  await revokeAllSessions(db, userId);
  return { token: await startSession(db, userId, caller.userAgent), user: userView(user) };
}

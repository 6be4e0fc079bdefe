/**
 * Registration (by e-mail or phone), activation, sign-in (by password or SMS code) and recovery
 * (by SMS code or mailed link): the flows of a reader who is not signed in yet.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { issueCode, issueLink, takeLink, voidSecrets } from '../../../server/auth/codes.ts';
import { knownDevice } from '../../../server/auth/cookies.ts';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';
import { invalid } from './rules.ts';
import { afterFirstFactor, type SecondFactorNeeded } from './twoFactor.server.ts';
import { attempt, consume, forgive } from '../../../server/auth/throttle.ts';
import { revokeAllSessions } from '../../../server/auth/tokens.ts';
import {
  afterAnswer,
  type Caller,
  deviceOwner,
  expectCode,
  guardIp,
  insertUser,
  limit,
  LOGIN_BACKOFF_ACCOUNT,
  LOGIN_BACKOFF_DEVICE,
  LOGIN_BACKOFF_IP,
  PER_ADDRESS,
  sendCodeSms,
  sendMail,
  setPassword,
  signIn,
  type SignedIn,
  siteLink,
  takenBy,
  tooMany,
  userByEmail,
  userById,
  userByPhone,
} from './account.server.ts';

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
export async function login(
  db: Db,
  caller: Caller,
  input: { account: string; password: string },
): Promise<SignedIn | SecondFactorNeeded> {
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
  return afterFirstFactor(db, caller, user);
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
export async function loginByPhone(
  db: Db,
  caller: Caller,
  input: { phone: string; code: string },
): Promise<SignedIn | SecondFactorNeeded> {
  await guardIp(db, caller, 'attempts');
  await expectCode(db, 'sms_login', input.phone, input.code);
  const user = await userByPhone(db, input.phone);
  if (!user) throw new DomainError(404, 4041, 'auth.phoneUnknown');
  return afterFirstFactor(db, caller, user);
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
  await voidSecrets(db, user.id, ['second_factor']);
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
  // A sign-in half done with the old password does not finish.
  await voidSecrets(db, taken.userId, ['second_factor']);
}

/**
 * The signed-in account: its password, the fresh sign-in that guards a change of address, the
 * profile (names, colours, avatar) and the binding of a phone or an e-mail address.
 */
import type { Db } from '../../../server/db/client.ts';
import type { users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { RiseFallScheme } from '../../../lib/riseFall.ts';
import { issueCode, voidSecrets } from '../../../server/auth/codes.ts';
import type { DeviceOwner } from '../../../server/auth/cookies.ts';
import { delivery } from './delivery.server.ts';
import { maskPhone } from './sms.server.ts';
import { invalid } from './rules.ts';
import { checkSecondFactor } from './twoFactor.server.ts';
import {
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  startSession,
  type AuthUser,
} from '../../../server/auth/tokens.ts';
import {
  type Caller,
  deviceOwner,
  expectCode,
  expectPassword,
  FRESH_SIGN_IN_MS,
  guardIp,
  limit,
  PER_ADDRESS,
  PER_USER_AVATARS,
  sendCodeSms,
  sendMail,
  setPassword,
  type SignedIn,
  tell,
  updateUser,
  userById,
  type UserView,
  userView,
} from './account.server.ts';

/** POST user/preferences: the rise/fall colours; null goes back to the language's convention. */
export async function setColours(db: Db, userId: number, colours: RiseFallScheme | null): Promise<UserView> {
  return userView(await updateUser(db, userId, { riseFall: colours }));
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
  // A sign-in half done with the old password does not finish.
  await voidSecrets(db, userId, ['second_factor']);
  return deviceOwner(user);
}

/**
 * POST user/confirmPassword: the current password again (and, with two-factor sign-in on, a code),
 * for what needs a fresh sign-in (a new e-mail or phone). Answers a new session, and this one ends: a copy of the old token taken
 * before is worth nothing from now on.
 */
export async function confirmPassword(
  db: Db,
  caller: Caller,
  me: AuthUser,
  password: string,
  code = '',
): Promise<SignedIn> {
  const user = await expectPassword(db, me.id, password);
  // With two-factor sign-in on, a stolen session and the password are not enough to move the account.
  if (user.totpEnabledAt) {
    if (!code.trim()) throw new DomainError(400, 4017, 'auth.twoFactor.codeNeeded');
    await checkSecondFactor(db, caller, user, code);
  }
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

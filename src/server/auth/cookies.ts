/**
 * The cookies of a browser's session and of a known device, written by the server only.
 *
 * - `jwt`: the session token, HttpOnly (page scripts cannot read it), SameSite=Lax, Secure on
 *   https, 90 days (SPEC §9). API clients keep using the token of the answer's `data.token` in
 *   an `Authorization` header instead.
 * - `csrf`: readable by page scripts, who send it back in `X-CSRF-Token`; the API takes the
 *   `jwt` cookie only with it (src/server/api/middleware/auth.ts). It is an HMAC of the session
 *   id, so it cannot be made without the server's key, and it changes with every session.
 *   Over https both are `__Host-jwt` and `__Host-csrf` (lib/sessionKeys.ts): a sibling
 *   subdomain cannot set them, so it cannot sign a reader in as someone else (its own session
 *   and CSRF token) nor shadow the reader's session with a dead one.
 * - `device`: HttpOnly, sent to the password sign-in only: this browser signed in to this
 *   account before, so a correct password from it passes the account's back-off that strangers'
 *   wrong guesses hold (OWASP "device cookies"). An HMAC of the user id, a random nonce and the
 *   account's current password hash: a new password (changed or reset) voids every device
 *   cookie issued before it, so whoever signed in with an old password keeps no way past the
 *   account's back-off.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Db } from '../db/client.ts';
import { sessionCookieNames } from '../../lib/sessionKeys.ts';
import { sharedSecret } from './secrets.ts';
import { SESSION_DAYS } from './tokens.ts';

const DAY_S = 86_400;
export const DEVICE_COOKIE = 'device';
/** The device cookie goes to the password sign-in only. */
const DEVICE_PATH = '/api/new/v1/login';
const DEVICE_DAYS = 365;

async function mac(db: Db, secret: string, text: string): Promise<string> {
  return createHmac('sha256', await sharedSecret(db, secret))
    .update(text)
    .digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token of a session (its `csrf` cookie and `X-CSRF-Token` header). */
export function csrfFor(db: Db, sessionId: string): Promise<string> {
  return mac(db, 'csrf', `session\0${sessionId}`);
}

/** Whether `sent` is the session's CSRF token (compared in constant time). */
export async function csrfMatches(db: Db, sessionId: string, sent: string | undefined): Promise<boolean> {
  return !!sent && sent.length < 100 && sameText(sent, await csrfFor(db, sessionId));
}

/** The session id a token of ours names (the token was just signed here: no verification needed). */
export function sessionIdOf(token: string): string {
  const sid = decodeJwt(token).sid;
  if (typeof sid !== 'string') throw new Error('a session token without sid');
  return sid;
}

const attributes = (path: string, maxAgeS: number, secure: boolean, httpOnly: boolean) =>
  `Path=${path}; Max-Age=${maxAgeS}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

/** The two Set-Cookie values that give a browser the session of `token`. */
export async function sessionCookies(db: Db, token: string, secure: boolean): Promise<string[]> {
  const maxAge = SESSION_DAYS * DAY_S;
  const names = sessionCookieNames(secure);
  return [
    `${names.jwt}=${token}; ${attributes('/', maxAge, secure, true)}`,
    `${names.csrf}=${await csrfFor(db, sessionIdOf(token))}; ${attributes('/', maxAge, secure, false)}`,
  ];
}

/** The Set-Cookie values that end a browser's session (logout, or a token the server refused). */
export function clearedSessionCookies(secure: boolean): string[] {
  const names = sessionCookieNames(secure);
  return [`${names.jwt}=; ${attributes('/', 0, secure, true)}`, `${names.csrf}=; ${attributes('/', 0, secure, false)}`];
}

/** Who a device cookie is for: the account, and a digest of its password hash as it is now. */
export interface DeviceOwner {
  userId: number;
  /** {@link passwordStamp} of the account's current password hash. */
  stamp: string;
}

/** A digest of a password hash (argon2id, salted anew by every change): a device cookie's tie to this password. */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url');
}

/** A new device cookie for the account with its current password: `<userId>.<nonce>.<mac>`. */
export async function deviceCookie(db: Db, owner: DeviceOwner, secure: boolean): Promise<string> {
  const body = `${owner.userId}.${randomBytes(12).toString('base64url')}`;
  return `${DEVICE_COOKIE}=${body}.${await mac(db, 'device', `${body}\0${owner.stamp}`)}; ${attributes(DEVICE_PATH, DEVICE_DAYS * DAY_S, secure, true)}`;
}

/** The device a cookie names, when its MAC holds: made for this account, since its password was last set. */
export async function knownDevice(db: Db, cookie: string | undefined, owner: DeviceOwner): Promise<string | null> {
  const m = cookie?.match(/^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/);
  if (!m || Number(m[1]) !== owner.userId) return null;
  return sameText(m[3]!, await mac(db, 'device', `${m[1]}.${m[2]}\0${owner.stamp}`)) ? m[2]! : null;
}

/**
 * Account facts shared by the browser (session store, header script, account islands) and the
 * server-rendered account pages: the user object of the API, the names under which the browser
 * keeps session data, and the form rules (SPEC §5) mirrored from the server, which stays the
 * authority: the browser checks only to answer sooner, and shows the server's `msg` otherwise.
 */
import type { Locale } from './i18n/index.ts';

/** `data.user` of the account API (SPEC §3 "User"); never carries the password hash. */
export interface AccountUser {
  userName: string;
  nickname: string | null;
  /** `/avatars/<hash>.jpg`, or null for the default avatar. */
  avatar: string | null;
  email: string | null;
  phone: string | null;
  invitationCode: string;
  emailVerified: boolean;
  /** The rise/fall colours kept with the account; null (or absent in older stored profiles): the language's. */
  colours?: RiseFallScheme | null;
  /** Two-factor sign-in is on (absent in older stored profiles: off). */
  twoFactor?: boolean;
  /** ISO time of the last profile change on the server. */
  updatedAt: string;
}

export { SESSION_KEYS } from './sessionKeys.ts';
import type { RiseFallScheme } from './riseFall.ts';
import { SESSION_KEYS } from './sessionKeys.ts';

/** localStorage keys removed at logout. */
export const CLEARED_AT_LOGOUT = [
  SESSION_KEYS.userInfo,
  SESSION_KEYS.favouritesSynced,
  SESSION_KEYS.serverFavourites,
  SESSION_KEYS.columnistFavourites,
] as const;

/** The stored profile is fetched again when the copy is older than this (SPEC §4). */
const PROFILE_MAX_AGE_MS = 86_400_000;
/** SPEC-side cooldown between two SMS codes to one phone. */
export const SMS_COOLDOWN_S = 60;
/** SPEC §9 avatar limit. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** The profile as stored in localStorage, with the time the browser got it. */
export interface StoredUserInfo {
  user: AccountUser;
  /** Unix ms when this copy was fetched or last changed by the browser. */
  fetchedAt: number;
}

/**
 * Whether the stored profile must be fetched again: missing, unreadable, or older than a day.
 * (SPEC §4 keys this on "userInfo.updatedAt", the time the client's copy was updated; the
 * server's own `updatedAt` says when the profile last changed, which may be long ago.)
 * @example profileIsStale({ user, fetchedAt: Date.now() }, Date.now()) // false
 */
export function profileIsStale(info: StoredUserInfo | null, now: number): boolean {
  if (!info?.user || typeof info.fetchedAt !== 'number') return true;
  return now - info.fetchedAt > PROFILE_MAX_AGE_MS || info.fetchedAt > now + 60_000;
}

/** Reads the stored profile; anything malformed counts as missing. */
export function parseUserInfo(raw: string | null): StoredUserInfo | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredUserInfo> | null;
    if (
      !v ||
      typeof v !== 'object' ||
      !v.user ||
      typeof v.user.userName !== 'string' ||
      typeof v.fetchedAt !== 'number'
    )
      return null;
    return v as StoredUserInfo;
  } catch {
    return null;
  }
}

/** The name a user goes by: the nickname, else the user name. */
export function displayName(user: Pick<AccountUser, 'nickname' | 'userName'>): string {
  return user.nickname?.trim() || user.userName;
}

/** The default avatar (SPEC §3 client state "default avatar"). */
const DEFAULT_AVATAR = '/default-avatar.svg';

export function avatarUrl(user: Pick<AccountUser, 'avatar'> | null | undefined): string {
  return user?.avatar || DEFAULT_AVATAR;
}

// ---- form rules (the server's, SPEC §5) ----

/** Message keys under `account.validation`. */
type ValidationKey =
  | 'userName'
  | 'userNameDemo'
  | 'passwordLength'
  | 'passwordMatch'
  | 'email'
  | 'phone'
  | 'code'
  | 'required'
  | 'nickname'
  | 'avatarSize'
  | 'avatarType';

/** 3–20 letters, digits or underscores, not starting with `demo_` (the seeder's names). */
export function checkUserName(name: string): ValidationKey | null {
  if (!/^[A-Za-z0-9_]{3,20}$/.test(name)) return 'userName';
  if (/^demo_/i.test(name)) return 'userNameDemo';
  return null;
}

/** At least 6 and at most 128 characters; the confirmation must match. */
export function checkPassword(password: string, confirmation?: string): ValidationKey | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) return 'passwordLength';
  if (confirmation !== undefined && confirmation !== password) return 'passwordMatch';
  return null;
}

/** "Email Error" unless the address looks like one (the server decides). */
export function checkEmail(email: string): ValidationKey | null {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()) && email.trim().length <= 254 ? null : 'email';
}

/** The 6-digit codes of SMS and mail. */
export function checkCode(code: string): ValidationKey | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'code';
}

/** Nicknames: 1–30 characters, no control characters, no < or >. */
export function checkNickname(nickname: string): ValidationKey | null {
  const n = [...nickname.trim()].length;
  // eslint-disable-next-line no-control-regex
  return n === 0 || n > 30 || /[\u0000-\u001f\u007f<>]/.test(nickname) ? 'nickname' : null;
}

/** SPEC §5/§9: jpg or png, at most 2MB. Checked in the browser before uploading. */
export function checkAvatarFile(file: { size: number; type: string }): ValidationKey | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}

// ---- phone numbers ----

/** Calling codes offered by the phone field, with their region (names come from Intl.DisplayNames). */
export const CALLING_CODES: readonly { code: string; region: string }[] = [
  { code: '86', region: 'CN' },
  { code: '852', region: 'HK' },
  { code: '853', region: 'MO' },
  { code: '886', region: 'TW' },
  { code: '82', region: 'KR' },
  { code: '81', region: 'JP' },
  { code: '65', region: 'SG' },
  { code: '1', region: 'US' },
  { code: '44', region: 'GB' },
  { code: '61', region: 'AU' },
  { code: '49', region: 'DE' },
  { code: '33', region: 'FR' },
  { code: '91', region: 'IN' },
  { code: '7', region: 'RU' },
];

/** The calling code the phone field starts with: zh +86, ko +82, zh-hk +852, en +1. */
export function defaultCallingCode(locale: Locale): string {
  return { zh: '86', ko: '82', 'zh-hk': '852', en: '1' }[locale];
}

/**
 * The phone as sent to the API: `+<code><number>` from the select and what was typed
 * (spaces, dashes and brackets dropped); a number typed with its own `+` is sent as typed.
 * The server validates and normalises it to E.164 ("Phone Number Error").
 * @example composePhone('86', '138 0013 8000') // '+8613800138000'
 */
export function composePhone(callingCode: string, typed: string): string {
  const t = typed.trim();
  if (t.startsWith('+')) return `+${t.slice(1).replace(/[\s\-().]/g, '')}`;
  return `+${callingCode}${t.replace(/[\s\-().]/g, '')}`;
}

/** A loose check before asking the server: 7–15 digits in all (E.164 allows at most 15). */
export function checkPhone(composed: string): ValidationKey | null {
  return /^\+\d{7,15}$/.test(composed) ? null : 'phone';
}

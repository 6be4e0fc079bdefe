/**
 * The account input rules of SPEC §5, each failing with its own message (a DomainError whose
 * key is under `auth.` in the locale files). Inputs arrive as `unknown` from JSON bodies and
 * query strings; anything that is not a string of the right shape is refused, never coerced.
 */
import { DomainError } from '../../../server/api/errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../server/auth/passwords.ts';
import { toE164 } from './phone.ts';

export const invalid = (key: string, vars?: Record<string, string | number>) =>
  new DomainError(400, 400, `auth.${key}`, vars);

const USER_NAME = /^[A-Za-z0-9_]{3,20}$/;
/** The seeder owns this prefix (it deletes demo_* users when it reseeds). */
const RESERVED = /^demo_/i;
/**
 * Names a public user page (/user/{name}) could not show, because a page of the site has that
 * path, or that would let someone pose as the site.
 */
const RESERVED_NAMES = new Set([
  'register',
  'forgot',
  'reset',
  'activate',
  'login',
  'logout',
  'settings',
  'admin',
  'root',
  'system',
  'support',
  'coinlens',
  'user',
  'users',
  'me',
]);
// Deliberately simple: one @, no spaces, a dot in the domain; the activation mail proves the rest.
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]{2,}$/;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function userNameOf(value: unknown): string {
  const name = text(value)?.trim() ?? '';
  if (!USER_NAME.test(name)) throw invalid('userNameRule');
  if (RESERVED.test(name) || RESERVED_NAMES.has(name.toLowerCase())) throw invalid('userNameReserved');
  return name;
}

/** An e-mail address, trimmed and lower-cased (addresses are unique whatever their case). */
export function emailOf(value: unknown): string {
  const email = text(value)?.trim().toLowerCase() ?? '';
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('emailError');
  return email;
}

export function phoneOf(value: unknown): string {
  const phone = toE164(text(value));
  if (!phone) throw invalid('phoneError');
  return phone;
}

export function passwordOf(value: unknown): string {
  const password = text(value);
  if (password === null || [...password].length < PASSWORD_MIN || [...password].length > PASSWORD_MAX) {
    throw invalid('passwordLength', { min: PASSWORD_MIN, count: PASSWORD_MAX });
  }
  return password;
}

export function codeOf(value: unknown): string {
  const code = text(value)?.trim() ?? '';
  if (!/^\d{6}$/.test(code)) throw invalid('codeWrong');
  return code;
}

export function nicknameOf(value: unknown): string {
  const nickname = text(value)?.trim() ?? '';
  // eslint-disable-next-line no-control-regex
  if (!nickname || [...nickname].length > 30 || /[\u0000-\u001f\u007f<>]/.test(nickname)) throw invalid('nicknameRule');
  return nickname;
}

/** The login identifier: a user name or an e-mail (never empty, never huge). */
export function accountOf(value: unknown): string {
  const account = text(value)?.trim() ?? '';
  if (!account || account.length > 254) throw invalid('loginFailed');
  return account;
}

/** A required secret from a mailed link. */
export function linkTokenOf(value: unknown): string {
  const token = text(value)?.trim() ?? '';
  if (!token || token.length > 100) throw invalid('linkInvalid');
  return token;
}

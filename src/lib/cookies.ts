import Cookies from 'js-cookie';
import { HOST_PREFIX, SESSION_KEYS } from './sessionKeys.ts';

/*
 * The one way browser code reads and writes cookies (the linter forbids `document.cookie`
 * elsewhere). Every cookie a page writes is the reader's own setting or device id, for the whole
 * site, SameSite=Lax and Secure on https; the session cookies are the server's (HttpOnly `jwt`),
 * and scripts only read the `csrf` one beside it. On the server these read nothing.
 */

const inBrowser = () => typeof document !== 'undefined';
const attributes = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'lax',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

/** One cookie's value (decoded), or undefined. */
export function getCookie(name: string): string | undefined {
  return inBrowser() ? Cookies.get(name) : undefined;
}

/** Stores a cookie for the whole site for `maxAgeS` seconds. */
export function setCookie(name: string, value: string, maxAgeS: number): void {
  if (!inBrowser()) return;
  Cookies.set(name, value, { ...attributes(), expires: new Date(Date.now() + Math.max(0, maxAgeS) * 1000) });
}

/** Removes a cookie this site wrote. */
export function removeCookie(name: string): void {
  if (inBrowser()) Cookies.remove(name, attributes());
}

/**
 * The session's CSRF token, or undefined for a visitor: the `__Host-` name first, which only this
 * host over https can set, so a cookie planted by a sibling subdomain never wins.
 */
export function sessionCsrf(): string | undefined {
  return getCookie(HOST_PREFIX + SESSION_KEYS.csrfCookie) || getCookie(SESSION_KEYS.csrfCookie) || undefined;
}

/** Whether this browser holds a session (its `jwt` cookie is HttpOnly; the `csrf` one shows it). */
export function signedIn(): boolean {
  return sessionCsrf() !== undefined;
}

import { getCookie, removeCookie, setCookie } from './cookies.ts';
/**
 * The rules of browser notifications and announcement subscriptions that need no browser: the
 * device id kept in the `msgToken` cookie (SPEC §3 client state, §9: one day), the VAPID key
 * conversion, and how a subscription list changes. src/features/reader/notifications/client/ uses them; unit tests
 * cover them.
 */

/** Cookie holding this browser's push device id (the `iid` of push/chrome_notificate). */
export const MSG_TOKEN_COOKIE = 'msgToken';
/** SPEC §9: msgToken lives one day (the page refreshes it while notifications are on). */
export const MSG_TOKEN_MAX_AGE_S = 86_400;

/** What the server accepts as a device id (src/server/notify/devices.ts iidOf). */
const IID = /^[A-Za-z0-9_-]{8,128}$/;

export function isIid(value: unknown): value is string {
  return typeof value === 'string' && IID.test(value);
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The device id kept in this browser, if it is one the server would accept. */
export function storedIid(): string | undefined {
  const iid = getCookie(MSG_TOKEN_COOKIE);
  return iid && isIid(iid) ? iid : undefined;
}

/** Keeps the device id for a day (the server forgets unlinked devices sooner). */
export const keepIid = (iid: string): void => setCookie(MSG_TOKEN_COOKIE, iid, MSG_TOKEN_MAX_AGE_S);
export const forgetIid = (): void => removeCookie(MSG_TOKEN_COOKIE);

/**
 * A new device id: 16 random bytes as 22 base64url characters.
 * @example newIid() // 'q0b8Zt3u1mVx9sXcW4n2Jg'
 */
export function newIid(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return base64url(random(16));
}

/**
 * The server's VAPID public key (base64url, 65 bytes) as pushManager.subscribe wants it.
 * @example base64UrlBytes('BAAB').length // 3
 */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a browser's subscription was made with this application server key (else it must be renewed). */
export function sameKey(a: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!a) return false;
  const want = base64UrlBytes(publicKey);
  const have = new Uint8Array(a);
  return have.length === want.length && have.every((b, i) => b === want[i]);
}

/**
 * The list to save when one exchange is switched on or off (the per-exchange toggle): the
 * other subscriptions stay, the order is kept, names compare without case.
 * @example withExchange(['binance', 'okx'], 'OKX', false) // ['binance']
 */
export function withExchange(list: readonly string[], name: string, on: boolean): string[] {
  const key = name.trim().toLowerCase();
  const rest = list.filter((n) => n.trim().toLowerCase() !== key);
  return on ? [...rest, key] : rest;
}

/**
 * What saving `next` changes against `current` (names compare without case; repeats count once).
 * @example subscriptionChanges(['binance', 'okx'], ['okx', 'bybit']) // { added: ['bybit'], removed: ['binance'] }
 */
export function subscriptionChanges(
  current: readonly string[],
  next: readonly string[],
): { added: string[]; removed: string[] } {
  const norm = (l: readonly string[]) => [...new Set(l.map((n) => n.trim().toLowerCase()))];
  const a = norm(current);
  const b = norm(next);
  return { added: b.filter((n) => !a.includes(n)), removed: a.filter((n) => !b.includes(n)) };
}

/**
 * Exchanges whose name or display name contains the filter text (case-insensitive); an empty
 * filter keeps them all.
 */
export function filterExchanges<E extends { name: string; display_name: string }>(
  list: readonly E[],
  text: string,
): E[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter((e) => e.name.toLowerCase().includes(q) || e.display_name.toLowerCase().includes(q));
}

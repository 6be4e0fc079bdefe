/**
 * Browsers registered for Web Push (`POST /api/new/v1/push/chrome_notificate`, SPEC §7): the
 * events `add` (register or refresh a device), `login_in` (link it to the signed-in user) and
 * `login_out` (unlink it). The device id `iid` is the browser's msgToken: a random value only
 * that browser knows, so holding it is what entitles a caller to change its device.
 */
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/index.ts';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushDevices } from '../db/schema/index.ts';
import { DomainError } from '../api/errors.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Push services browsers use; an endpoint elsewhere is refused (the server would POST to it). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge (Chromium), Opera, Samsung
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari
  '.push.apple.com',
  '.notify.windows.com', // legacy Edge
  'push.services.mozilla.com',
];

/** Unlinked devices not seen for this long are forgotten. */
const STALE_DEVICE_MS = 30 * 86_400_000;

const bad = (key: string) => new DomainError(400, 400, `push.${key}`);

/** A device id: what the client generated for msgToken (8–128 URL-safe characters). */
export function iidOf(raw: unknown): string {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(raw)) throw bad('iidRule');
  return raw;
}

function base64urlBytes(raw: unknown): Buffer | null {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(raw) || raw.length > 200) return null;
  return Buffer.from(raw, 'base64url');
}

/**
 * Whether a push endpoint may be stored: https on the default port at a known push service;
 * `allowLoopback` (tests) also takes http://127.0.0.1:<port>.
 */
function endpointAllowed(endpoint: string, opts: { allowLoopback?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (opts.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

/** Loopback endpoints are for the offline tests only (NODE_ENV=test, or PUSH_LOOPBACK=1 for the browser suite's server). */
const loopbackAllowed = () => process.env.NODE_ENV === 'test' || config().PUSH_LOOPBACK === '1';

/** A browser's PushSubscription JSON, checked: an allowed endpoint, a 65-byte P-256 point and a 16-byte auth secret. */
export function subscriptionOf(raw: unknown): PushSubscriptionInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('subscriptionRule');
  const { endpoint, keys } = raw as { endpoint?: unknown; keys?: unknown };
  if (
    typeof endpoint !== 'string' ||
    endpoint.length > 1024 ||
    !endpointAllowed(endpoint, { allowLoopback: loopbackAllowed() })
  )
    throw bad('endpointRule');
  if (!keys || typeof keys !== 'object') throw bad('subscriptionRule');
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  const point = base64urlBytes(p256dh);
  const secret = base64urlBytes(auth);
  if (point?.length !== 65 || point[0] !== 4 || !secret || secret.length !== 16) throw bad('subscriptionRule');
  return { endpoint, keys: { p256dh: point.toString('base64url'), auth: secret.toString('base64url') } };
}

/**
 * Registers a device or refreshes its subscription (`add`). A device keeps its user; another
 * device id holding the same endpoint (the browser lost its msgToken) is replaced.
 */
export async function registerDevice(
  db: Db,
  iid: string,
  sub: PushSubscriptionInput,
  locale: Locale,
  now = new Date(),
): Promise<{ linked: boolean }> {
  return db.transaction(async (tx) => {
    await tx.delete(pushDevices).where(and(eq(pushDevices.endpoint, sub.endpoint), ne(pushDevices.iid, iid)));
    const values = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, locale, lastSeenAt: now };
    const [row] = await tx
      .insert(pushDevices)
      .values({ iid, ...values, createdAt: now })
      .onConflictDoUpdate({ target: pushDevices.iid, set: values })
      .returning({ userId: pushDevices.userId });
    return { linked: row?.userId != null };
  });
}

/** `login_in`: the device now notifies this user (and no one else). An unknown device is a 404. */
export async function linkDevice(db: Db, iid: string, userId: number, now = new Date()): Promise<{ linked: true }> {
  const [row] = await db
    .update(pushDevices)
    .set({ userId, linkedAt: now, lastSeenAt: now })
    .where(eq(pushDevices.iid, iid))
    .returning({ iid: pushDevices.iid });
  if (!row) throw new DomainError(404, 404, 'push.deviceUnknown');
  return { linked: true };
}

/** `login_out`: the device with this id stops notifying anyone; an unknown id changes nothing. */
export async function unlinkDevice(db: Db, iid: string, now = new Date()): Promise<{ linked: false }> {
  await db.update(pushDevices).set({ userId: null, linkedAt: null, lastSeenAt: now }).where(eq(pushDevices.iid, iid));
  return { linked: false };
}

/** Forgets unlinked devices not seen for {@link STALE_DEVICE_MS} (registration needs no account, so this bounds the table). */
export async function pruneDevices(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(pushDevices)
    .where(and(isNull(pushDevices.userId), lt(pushDevices.lastSeenAt, new Date(now.getTime() - STALE_DEVICE_MS))))
    .returning({ iid: pushDevices.iid });
  return gone.length;
}

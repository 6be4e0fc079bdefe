/**
 * The VAPID key pair of Web Push (RFC 8292): generated once by the first instance, kept in the
 * database (`app_secrets`, name `vapid`, value JSON `{ publicKey, privateKey }` in base64url) and
 * shared by every instance, so browsers' subscriptions stay valid across restarts and scale-out.
 */
import { eq } from 'drizzle-orm';
import { config, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';
const cache = new WeakMap<Db, Promise<VapidKeys>>();

/** The key pair, created on first use; concurrent first starts agree on one (insert … on conflict do nothing). */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db);
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

async function load(db: Db): Promise<VapidKeys> {
  const { default: webpush } = await import('web-push');
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(fresh) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the VAPID key pair could not be stored');
  const parsed = JSON.parse(row.value) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`app_secrets "${SECRET_NAME}" is not a VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * The VAPID `sub` claim: PUSH_SUBJECT, else an https SITE_URL, else mailto: the MAIL_FROM address.
 * @example vapidSubject({ PUSH_SUBJECT: undefined, SITE_URL: undefined, MAIL_FROM: 'Coinlens <no-reply@coinlens.local>' }) // 'mailto:no-reply@coinlens.local'
 */
export function vapidSubject(c: Pick<Config, 'PUSH_SUBJECT' | 'SITE_URL' | 'MAIL_FROM'> = config()): string {
  if (c.PUSH_SUBJECT) return c.PUSH_SUBJECT;
  if (c.SITE_URL?.startsWith('https://') && new URL(c.SITE_URL).hostname !== 'localhost')
    return new URL(c.SITE_URL).origin;
  const address = /<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/**
 * Web Push of new exchange announcements to the devices of subscribed users.
 *
 * Which announcements are new: stored (announcements.created_at) after the user subscribed to
 * the exchange and after the device was linked to the user, and both stored and published
 * within {@link PUSH_WINDOW_MS}. So the demo data seeded at first start (stored before anyone
 * could subscribe), a backfill of old items and a notifier that was down for a week notify no
 * one. A device gets the rows of its language (contentLocales of the locale it registered with),
 * so an announcement an exchange published in English and Chinese notifies it once.
 *
 * Exactly once per (announcement, device): a `push_deliveries` row is claimed (inserted, on
 * conflict nothing) before the send, so concurrent notifiers (the server's interval job, an
 * `npm run import` beside it) never send a pair twice. A crash between claim and send loses that
 * one notification; failures are logged and not retried (no retry storm against a push service
 * that is down). A 404 or 410 answer means the subscription is gone: the device is deleted.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lib/i18n/index.ts';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushDeliveries, pushDevices } from '../db/schema/index.ts';
import { contentLocales } from '../i18n/contentLocale.ts';
import { pruneDevices, type PushSubscriptionInput } from './devices.ts';
import { vapidKeys, vapidSubject } from './vapid.ts';

/** How recent an announcement must be (stored and published) to be pushed. */
const PUSH_WINDOW_MS = 24 * 3_600_000;
/** Push services keep an undelivered message this long (seconds): an announcement is stale after a day. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Delivery rows older than this are pruned (they are outside the window, so never needed again). */
const DELIVERY_RETENTION_MS = 7 * 86_400_000;
const SEND_TIMEOUT_MS = 10_000;
const PARALLEL_SENDS = 8;

/** What the service worker shows (public/sw.js reads exactly these fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** Site path to open on click. */
  url: string;
  /** Notifications with one tag replace each other. */
  tag: string;
}

/** The push service's HTTP status, or a network failure. */
type PushOutcome = { status: number } | { error: string };

/** One channel, one method (DESIGN "server/notify"): the real sender below, fakes in tests. */
export interface PushSender {
  send(subscription: PushSubscriptionInput, message: PushMessage): Promise<PushOutcome>;
}

/**
 * Sends with web-push's request details (encryption, VAPID headers) over fetch, with a TTL, an
 * urgency and a timeout.
 * @example await webPushSender(db).send(subscription, { title: 'Binance', body: 'Binance Will List Sui', url: '/announcement/1', tag: 'announcement-1' })
 */
function webPushSender(db: Db, opts: { fetchImpl?: typeof fetch; timeoutMs?: number } = {}): PushSender {
  const fetchImpl = opts.fetchImpl ?? fetch;
  return {
    async send(subscription, message) {
      const keys = await vapidKeys(db);
      // web-push (and its crypto helpers) load with the first notification.
      const { default: webpush } = await import('web-push');
      const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetchImpl(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: new Uint8Array(details.body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? SEND_TIMEOUT_MS),
          redirect: 'error',
        });
        await res.body?.cancel().catch(() => {});
        return { status: res.status };
      } catch (e) {
        return { error: (e as Error).message };
      }
    },
  };
}

export interface NotifyReport {
  sent: number;
  /** Devices deleted because their push service answered 404 or 410. */
  gone: number;
  failed: number;
}

interface NotifyOptions {
  sender?: PushSender;
  now?: Date;
  /** Pairs claimed per round. */
  batch?: number;
  log?: (line: string) => void;
}

interface Due {
  announcementId: number;
  title: string;
  exchange: string;
  iid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The device's language: its notification opens the announcement in it. */
  locale: Locale;
}

/** `(d.locale = 'en' and a.locale in ('en')) or …`: a device gets the announcement rows of its language. */
const localeMatch = sql.join(
  LOCALES.map(
    (l) =>
      sql`(d.locale = ${l} and a.locale::text in (${sql.join(
        contentLocales(l).map((c) => sql`${c}`),
        sql`, `,
      )}))`,
  ),
  sql` or `,
);

async function due(db: Db, since: Date, limit: number): Promise<Due[]> {
  const result = await db.execute(sql`
    select a.id as "announcementId", a.title, e.display_name as exchange, d.iid, d.endpoint, d.p256dh, d.auth, d.locale
    from announcements a
    join exchanges e on e.id = a.exchange_id
    join announcement_subscriptions s on s.exchange_id = a.exchange_id
    join push_devices d on d.user_id = s.user_id
    where a.created_at > ${since.toISOString()}::timestamptz
      and a.published_at > ${since.toISOString()}::timestamptz
      and a.created_at > s.created_at
      and a.created_at > d.linked_at
      and (${localeMatch})
      and not exists (select 1 from push_deliveries x where x.announcement_id = a.id and x.iid = d.iid)
    order by a.created_at, a.id, d.iid
    limit ${limit}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/** The notification of one announcement, opening it under the device's language prefix. */
const announcementMessage = (r: {
  announcementId: number;
  title: string;
  exchange: string;
  locale?: Locale;
}): PushMessage => ({
  title: r.exchange,
  body: r.title,
  url: `${r.locale && r.locale !== DEFAULT_LOCALE ? `/${r.locale}` : ''}/announcement/${r.announcementId}`,
  tag: `announcement-${r.announcementId}`,
});

/**
 * Pushes every new announcement (see the module comment) to the devices of its subscribers,
 * once. Safe to call from anywhere, any number of times, in several processes at once: call it
 * after storing announcements, and the server's interval job catches the rest.
 * @example await notifyNewAnnouncements(db) // { sent: 2, gone: 0, failed: 0 }
 */
export async function notifyNewAnnouncements(db: Db, opts: NotifyOptions = {}): Promise<NotifyReport> {
  const now = opts.now ?? new Date();
  const sender = opts.sender ?? webPushSender(db);
  const batch = opts.batch ?? 500;
  const log = opts.log ?? ((line: string) => console.warn(line));
  const report: NotifyReport = { sent: 0, gone: 0, failed: 0 };
  const since = new Date(now.getTime() - PUSH_WINDOW_MS);
  for (;;) {
    const rows = await due(db, since, batch);
    if (rows.length === 0) break;
    const claimed = await db
      .insert(pushDeliveries)
      .values(rows.map((r) => ({ announcementId: r.announcementId, iid: r.iid, createdAt: now })))
      .onConflictDoNothing()
      .returning({ announcementId: pushDeliveries.announcementId, iid: pushDeliveries.iid });
    const mine = new Set(claimed.map((c) => `${c.announcementId}:${c.iid}`));
    const work = rows.filter((r) => mine.has(`${r.announcementId}:${r.iid}`));
    for (let i = 0; i < work.length; i += PARALLEL_SENDS) {
      await Promise.all(work.slice(i, i + PARALLEL_SENDS).map((r) => deliver(db, sender, r, report, log)));
    }
    if (rows.length < batch) break;
  }
  await db.delete(pushDeliveries).where(lt(pushDeliveries.createdAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)));
  await pruneDevices(db, now);
  return report;
}

async function deliver(
  db: Db,
  sender: PushSender,
  r: Due,
  report: NotifyReport,
  log: (line: string) => void,
): Promise<void> {
  const outcome = await sender.send(
    { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
    announcementMessage(r),
  );
  const where = and(eq(pushDeliveries.announcementId, r.announcementId), eq(pushDeliveries.iid, r.iid));
  if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
    report.sent++;
    await db.update(pushDeliveries).set({ status: 'sent', httpStatus: outcome.status }).where(where);
  } else if ('status' in outcome && (outcome.status === 404 || outcome.status === 410)) {
    report.gone++;
    await db.delete(pushDevices).where(eq(pushDevices.iid, r.iid));
  } else {
    report.failed++;
    const status = 'status' in outcome ? outcome.status : null;
    log(
      `[push] announcement ${r.announcementId} to device ${r.iid.slice(0, 6)}… at ${new URL(r.endpoint).host} failed: ${status ?? (outcome as { error: string }).error}`,
    );
    await db.update(pushDeliveries).set({ status: 'failed', httpStatus: status }).where(where);
  }
}

/**
 * Pushes one message to every device a user linked (a price alert). A device whose push service
 * answers 404 or 410 is deleted; other failures are logged, not retried.
 * @example await pushToUser(db, 7, { title: 'BTC', body: 'above $100,000', url: '/coin/bitcoin', tag: 'alert-3' })
 */
export async function pushToUser(
  db: Db,
  userId: number,
  message: PushMessage,
  opts: { sender?: PushSender; log?: (line: string) => void } = {},
): Promise<NotifyReport> {
  const sender = opts.sender ?? webPushSender(db);
  const log = opts.log ?? ((line: string) => console.warn(line));
  const report: NotifyReport = { sent: 0, gone: 0, failed: 0 };
  const devices = await db.select().from(pushDevices).where(eq(pushDevices.userId, userId));
  await Promise.all(
    devices.slice(0, 20).map(async (d) => {
      const outcome = await sender.send({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, message);
      if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) report.sent++;
      else if ('status' in outcome && (outcome.status === 404 || outcome.status === 410)) {
        report.gone++;
        await db.delete(pushDevices).where(eq(pushDevices.iid, d.iid));
      } else {
        report.failed++;
        log(
          `[push] ${message.tag} to device ${d.iid.slice(0, 6)}… failed: ${'status' in outcome ? outcome.status : outcome.error}`,
        );
      }
    }),
  );
  return report;
}

/**
 * Runs {@link notifyNewAnnouncements} every `intervalMs` (default NOTIFY_INTERVAL_MS, 30 s; one run at a time); boot.ts starts it
 * in the server. Returns the stop function.
 */
export function startPushNotifier(
  db: Db,
  opts: { intervalMs?: number; log?: (line: string) => void } = {},
): () => Promise<void> {
  const log = opts.log ?? ((line: string) => (config().LOG_LEVEL !== 'silent' ? console.warn(line) : undefined));
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = notifyNewAnnouncements(db, { log })
      .catch((e) => log(`[push] notifier run failed: ${(e as Error).message}`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, opts.intervalMs ?? config().NOTIFY_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

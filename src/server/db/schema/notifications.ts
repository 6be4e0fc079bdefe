import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { users } from './account.ts';
import { announcements } from './announcements.ts';
import { exchanges } from './exchanges.ts';

export const announcementSubscriptions = pgTable(
  'announcement_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    /** Announcements stored after this moment notify the user's devices (earlier ones never do). */
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exchangeId] }),
    index('announcement_subscriptions_exchange_idx').on(t.exchangeId),
  ],
);

/**
 * A browser registered for Web Push (SPEC §3 msgToken). `iid` is the device id the browser
 * keeps (the msgToken cookie); the endpoint and keys come from its PushSubscription. A device
 * belongs to nobody until `login_in` links it to a user; `login_out` unlinks it.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    iid: text('iid').primaryKey(),
    endpoint: text('endpoint').notNull().unique(),
    /** The subscription's P-256 public key and auth secret (base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The interface language of the browser when it registered: notification texts and which announcement rows it gets. */
    locale: text('locale').notNull().default('en'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When `userId` was last set: a device gets no announcement stored before it was linked. */
    linkedAt: ts('linked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('push_devices_user_idx').on(t.userId)],
);

/**
 * One notification of one announcement to one device: the row is claimed (inserted) before the
 * send, so two notifier runs never send the same pair (at most once). Pruned after a week.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    iid: text('iid')
      .notNull()
      .references(() => pushDevices.iid, { onDelete: 'cascade' }),
    /** claimed | sent | gone (404/410: the device was removed) | failed */
    status: text('status').notNull().default('claimed'),
    /** The push service's HTTP status, when it answered. */
    httpStatus: integer('http_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.iid] }), index('push_deliveries_created_idx').on(t.createdAt)],
);

/**
 * The secret of a user's private announcement feed (/feeds/private/{token}.xml): only its
 * SHA-256 is kept; creating a new one replaces (revokes) the old one.
 */
export const announcementFeedTokens = pgTable('announcement_feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The feed's language (the interface language when the token was made). */
  locale: text('locale').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { announcements, columnists } from './content.ts';
import { exchanges } from './market.ts';

/** Binary column (drizzle has no built-in bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const favouriteKind = pgEnum('favourite_kind', ['COIN', 'TICKER', 'EXCHANGE']);
export const commentTarget = pgEnum('comment_target', ['coin', 'exchange', 'offering']);

/**
 * An account. User names and e-mails are unique whatever their case (the indexes on lower());
 * phones are stored in E.164. `passwordHash` is argon2id; demo users of the seeder carry a
 * value no password can match ("!demo$…").
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    nickname: text('nickname'),
    /** The avatar's URL (/avatars/<content hash>.<ext>); null shows the default avatar. */
    avatar: text('avatar'),
    email: text('email').unique(),
    emailVerifiedAt: ts('email_verified_at'),
    phone: text('phone').unique(),
    invitationCode: text('invitation_code').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /**
     * The rise/fall colours the reader chose (src/lib/riseFall.ts: red-up, green-up, blue-orange);
     * null follows the language. Checked here too: pages trust what they read back.
     */
    riseFall: text('rise_fall'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check('users_rise_fall_ck', sql`${t.riseFall} in ('red-up', 'green-up', 'blue-orange')`),
  ],
);

/** A login. The JWT names the session so logout and password changes can revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The browser that signed in (shown to the user; never used to authenticate). */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A one-time code or link: activation and reset links, SMS codes, e-mail binding codes. Only
 * the SHA-256 of the secret is stored; a row is used once (consumedAt) and counts wrong tries.
 */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: serial('id').primaryKey(),
    /** activate | reset | sms_login | sms_register | sms_reset | sms_bind | mail_bind */
    purpose: text('purpose').notNull(),
    /** The e-mail (lower case) or E.164 phone the secret went to. */
    identifier: text('identifier').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('verification_tokens_lookup_idx').on(t.purpose, t.identifier, t.createdAt),
    index('verification_tokens_hash_idx').on(t.tokenHash),
  ],
);

/**
 * Rate-limit events (failed logins, codes sent, mails sent, requests per IP), kept in the
 * database so limits hold across restarts and instances. Counted per key over a window; rows
 * older than a day are pruned.
 */
export const authEvents = pgTable(
  'auth_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('auth_events_key_at_idx').on(t.key, t.at)],
);

/** Mails written instead of sent when no SMTP_URL is configured (a self-hoster reads them here). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Text messages written instead of sent when no SMS_URL is configured. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Avatars, re-encoded, by content hash: every instance on the database can serve them. */
export const avatars = pgTable('avatars', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Values generated once and shared by every instance on the database (the JWT signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One favourite: exactly one coin, ticker or exchange, by identifier string. */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: favouriteKind('kind').notNull(),
    target: text('target').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourites_uq').on(t.userId, t.kind, t.target),
    index('favourites_user_position_idx').on(t.userId, t.position),
  ],
);

export const columnistFollows = pgTable(
  'columnist_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    columnistId: integer('columnist_id')
      .notNull()
      .references(() => columnists.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.columnistId] })],
);

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

/** A review of a coin, an exchange or an offering: one per user per target. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: commentTarget('target_type').notNull(),
    targetId: text('target_id').notNull(),
    content: text('content').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    /** Dimension → score (1–5): safety, reputation … or team, product … */
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    overall: numeric('overall').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_one_per_user_uq').on(t.userId, t.targetType, t.targetId),
    index('comments_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

export const bookmarkKind = pgEnum('bookmark_kind', ['article', 'flash', 'announcement']);

/**
 * A bookmarked piece of content (SPEC §7 "GET v1 favorite/page…"): an article (news or
 * research), a flash news item or an exchange announcement, by id. No foreign key (the target
 * is one of three tables): the list joins the content and drops bookmarks of removed items.
 */
export const contentBookmarks = pgTable(
  'content_bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: bookmarkKind('kind').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetId] }),
    index('content_bookmarks_user_created_idx').on(t.userId, t.createdAt),
  ],
);

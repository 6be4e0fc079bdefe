import {
  boolean,
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
import { columnists } from './content.ts';
import { exchanges } from './market.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const favouriteKind = pgEnum('favourite_kind', ['COIN', 'TICKER', 'EXCHANGE']);
export const commentTarget = pgEnum('comment_target', ['coin', 'exchange', 'offering']);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  nickname: text('nickname'),
  avatar: text('avatar'),
  email: text('email').unique(),
  emailVerifiedAt: ts('email_verified_at'),
  phone: text('phone').unique(),
  invitationCode: text('invitation_code').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

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
  },
  (t) => [primaryKey({ columns: [t.userId, t.exchangeId] })],
);

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

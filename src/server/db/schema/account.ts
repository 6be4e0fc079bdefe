import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';

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
    /**
     * The TOTP secret, encrypted (twoFactor.server.ts); while `totpEnabledAt` is null it is an
     * enrolment not confirmed yet, and asks nothing at sign-in.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: integer('totp_last_step'),
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
    /** activate | reset | sms_login | sms_register | sms_reset | sms_bind | mail_bind | second_factor | passkey_* */
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
 * Single-use recovery codes of an account with two-factor sign-in: only their HMAC is kept
 * (codes.ts's keyed digest: the codes are random, so no slow hash is needed).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A passkey (WebAuthn credential) of an account: its public key only; the private key never
 * leaves the reader's device. `counter` is the authenticator's signature count (0 for most
 * synced passkeys), which must grow where it is used.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array(),
    /** The name the reader gave it ("Phone"), for the list in the user centre. */
    name: text('name').notNull(),
    /** Synced between devices (multiDevice) or bound to one (singleDevice). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
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

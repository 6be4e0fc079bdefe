/**
 * Announcement subscriptions (SPEC §4 "Announcement subscription": subscribed or not, per
 * exchange; saving replaces the set) and the private feed of a user's subscribed announcements
 * (for people who do not want browser notifications).
 *
 * Exchanges are named by their URL name (`binance`), like every notice path. Any exchange may be
 * subscribed; the ones "able to notify" (SPEC §3) are those that have announcements.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { toLocale, type Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/client.ts';
import {
  announcementFeedTokens,
  announcements,
  announcementSubscriptions,
  exchanges,
} from '../../../server/db/schema/index.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { FEED_SIZE, plainSummary, type FeedDoc, type FeedFormat } from '../../site/index.ts';

/** How many exchanges one user may subscribe to. */
export const SUBSCRIPTIONS_MAX = 200;

interface NotifiableExchange {
  name: string;
  display_name: string;
}

interface SubscribedExchange extends NotifiableExchange {
  subscribedAt: string;
}

/**
 * Case-insensitive order by display name (SPEC §3), then by name so equal names stay stable.
 * @example ['OKX', 'bitget', 'Binance'].map(...).sort(byDisplayName) // Binance, bitget, OKX
 */
function byDisplayName(a: NotifiableExchange, b: NotifiableExchange): number {
  const x = a.display_name.toLowerCase();
  const y = b.display_name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The exchanges able to notify: those with announcements, sorted case-insensitively by display name. */
export async function notifiableExchanges(db: Db): Promise<NotifiableExchange[]> {
  const rows = await db
    .selectDistinct({ name: exchanges.name, display_name: exchanges.displayName })
    .from(exchanges)
    .innerJoin(announcements, eq(announcements.exchangeId, exchanges.id));
  return rows.sort(byDisplayName);
}

/** A user's subscribed exchanges, sorted like {@link notifiableExchanges}. */
export async function subscribedExchanges(db: Db, userId: number): Promise<SubscribedExchange[]> {
  const rows = await db
    .select({ name: exchanges.name, display_name: exchanges.displayName, at: announcementSubscriptions.createdAt })
    .from(announcementSubscriptions)
    .innerJoin(exchanges, eq(exchanges.id, announcementSubscriptions.exchangeId))
    .where(eq(announcementSubscriptions.userId, userId));
  return rows
    .map((r) => ({ name: r.name, display_name: r.display_name, subscribedAt: r.at.toISOString() }))
    .sort(byDisplayName);
}

/**
 * Replaces a user's subscriptions with these exchanges (names; repeats count once; an empty list
 * unsubscribes from all). Unknown names are a 400 naming them, and nothing changes. Exchanges
 * that stay keep their subscription time, so re-saving does not re-date them.
 */
export async function replaceSubscriptions(
  db: Db,
  userId: number,
  names: readonly string[],
): Promise<SubscribedExchange[]> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  if (wanted.length > SUBSCRIPTIONS_MAX)
    throw new DomainError(400, 400, 'push.tooManyExchanges', { count: SUBSCRIPTIONS_MAX });
  const found = wanted.length
    ? await db.select({ id: exchanges.id, name: exchanges.name }).from(exchanges).where(inArray(exchanges.name, wanted))
    : [];
  if (found.length !== wanted.length) {
    const known = new Set(found.map((f) => f.name));
    const unknown = wanted.filter((n) => !known.has(n)).map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n));
    throw new DomainError(400, 400, 'push.unknownExchanges', { names: unknown.slice(0, 10).join(', ') });
  }
  const ids = found.map((f) => f.id);
  await db.transaction(async (tx) => {
    await tx
      .delete(announcementSubscriptions)
      .where(
        and(
          eq(announcementSubscriptions.userId, userId),
          ids.length ? notInArray(announcementSubscriptions.exchangeId, ids) : undefined,
        ),
      );
    if (ids.length)
      await tx
        .insert(announcementSubscriptions)
        .values(ids.map((exchangeId) => ({ userId, exchangeId })))
        .onConflictDoNothing();
  });
  return subscribedExchanges(db, userId);
}

/* ---------- the private feed ---------- */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A feed token as it appears in the URL: 43 base64url characters. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Makes the user's feed token, replacing (revoking) any earlier one. Only its hash is stored: the
 * token is shown this once. The feed speaks `locale`.
 */
export async function rotateFeedToken(
  db: Db,
  userId: number,
  locale: Locale,
  now = new Date(),
): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashToken(token), locale, createdAt: now };
  await db
    .insert(announcementFeedTokens)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: announcementFeedTokens.userId, set: values });
  return { token, createdAt: now.toISOString() };
}

/** Whether the user has a feed token, and since when (the token itself cannot be shown again). */
export async function feedTokenStatus(db: Db, userId: number): Promise<{ active: boolean; createdAt: string | null }> {
  const [row] = await db
    .select({ at: announcementFeedTokens.createdAt })
    .from(announcementFeedTokens)
    .where(eq(announcementFeedTokens.userId, userId));
  return { active: !!row, createdAt: row?.at.toISOString() ?? null };
}

/** Revokes the user's feed token: its URL answers 404 from now on. */
export async function revokeFeedToken(db: Db, userId: number): Promise<void> {
  await db.delete(announcementFeedTokens).where(eq(announcementFeedTokens.userId, userId));
}

/**
 * Reads the part of a private feed URL after /feeds/private/; null when it is no feed name.
 * @example parsePrivateFeedFile('AbC…43 chars….atom') // { token: 'AbC…', format: 'atom' }
 */
export function parsePrivateFeedFile(file: string): { token: string; format: FeedFormat } | null {
  const m = /^([A-Za-z0-9_-]+)\.(xml|atom)$/.exec(file);
  if (!m || !FEED_TOKEN.test(m[1]!)) return null;
  return { token: m[1]!, format: m[2] === 'xml' ? 'rss' : 'atom' };
}

/**
 * The site path of a private feed.
 * @example privateFeedPath('AbC…', 'rss') // '/feeds/private/AbC….xml'
 */
export const privateFeedPath = (token: string, format: FeedFormat) =>
  `/feeds/private/${token}.${format === 'rss' ? 'xml' : 'atom'}`;

interface PrivateFeedTexts {
  siteName: string;
  title: string;
  description: string;
}

/**
 * The private feed of a token: the newest announcements of the owner's subscribed exchanges in
 * the feed's language; null for an unknown (or revoked) token.
 */
export async function loadPrivateFeed(
  db: Db,
  req: { token: string; format: FeedFormat },
  opts: { origin: string; now: Date; texts: (locale: Locale) => PrivateFeedTexts },
): Promise<FeedDoc | null> {
  const [owner] = await db
    .select({ userId: announcementFeedTokens.userId, locale: announcementFeedTokens.locale })
    .from(announcementFeedTokens)
    .where(eq(announcementFeedTokens.tokenHash, hashToken(req.token)));
  if (!owner) return null;
  const locale = toLocale(owner.locale) ?? 'en';
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      category: announcements.category,
      exchange: exchanges.displayName,
      published: announcements.publishedAt,
      locale: announcements.locale,
    })
    .from(announcements)
    .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
    .innerJoin(
      announcementSubscriptions,
      and(
        eq(announcementSubscriptions.exchangeId, announcements.exchangeId),
        eq(announcementSubscriptions.userId, owner.userId),
      ),
    )
    .where(inArray(announcements.locale, contentLocales(locale)))
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(FEED_SIZE);
  const texts = opts.texts(locale);
  const base = `${opts.origin}/${locale}`;
  return {
    title: texts.title,
    description: texts.description,
    link: `${base}/announcement`,
    self: opts.origin + privateFeedPath(req.token, req.format),
    locale,
    updated: rows[0]?.published ?? opts.now,
    publisher: texts.siteName,
    items: rows.map((r) => ({
      link: `${base}/announcement/${r.id}`,
      title: r.title,
      summary: plainSummary(r.body || r.title),
      published: r.published,
      categories: [r.exchange, r.category].filter(Boolean),
      locale: r.locale,
    })),
  };
}

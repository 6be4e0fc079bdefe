/**
 * Exchange announcements (/announcement, /announcements/{exchange}): the visitor window, the
 * lists and the detail; their counts are in counts.server.ts, the operator's site notices
 * (/notice, /notices/{category}) in notices.server.ts.
 *
 * Language: content rows carry a locale; lists show the rows of the page's content languages,
 * contentLocale.ts: zh and zh-hk pages list the Chinese rows of both scripts, en and ko pages
 * the English ones (exchanges publish in English and Chinese), ko pages also Korean rows when an
 * import brings some: one rule for every content area and the feeds. A
 * detail page shows any row by id, whatever its language, so shared links keep working.
 *
 * Visitors see the newest {@link VISITOR_ANNOUNCEMENT_LIMIT} announcements of the languages a page
 * lists, and no more (SPEC §6 "log in to see more"): one window, {@link inVisitorWindow}, that
 * every visitor view obeys. The unfiltered list is that window; a list filtered by exchange or
 * category shows the rows of the window that match; the hot list ranks the window's; by id a
 * visitor opens a row only inside the window of its own language ({@link openToVisitors}); the
 * feeds, the sitemap, a coin's announcements, search and the chart markers show the window's
 * rows only. The rule is applied here, so the pages and the API cannot disagree. Pages always
 * render the visitor's view (public HTML is the same for everyone); for a signed-in reader an
 * island loads the rest through the API, which lifts the limit for a valid session.
 *
 * "Today" is the UTC calendar day, like every date the site prints.
 */
import { and, count, desc, eq, gte, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import { forReader, originOf, type Origin } from '../sources/index.ts';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../../lib/i18n/index.ts';
import { contentLang } from '../../../lib/i18n/contentLanguage.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import type { Db } from '../../../server/db/index.ts';
import {
  announcementCoins,
  announcements,
  announcementSubscriptions,
  coins,
  exchanges,
} from '../../../server/db/schema/index.ts';
import { recentViewsOf } from '../../views/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import type { CoinRef } from '../../../lib/rows.ts';

/** Stable category codes of exchange announcements; the UI translates them. */
export const ANNOUNCEMENT_CATEGORIES = ['listing', 'delisting', 'activity', 'maintenance', 'other'] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

/** How many announcements of a list a visitor sees: three pages of the default size. */
export const VISITOR_ANNOUNCEMENT_LIMIT = 30;

/** "Hot" ranks by views the announcements of this many days up to the newest one. */
const HOT_WINDOW_DAYS = 7;

export const ANNOUNCEMENT_SORTS = ['latest', 'hot'] as const;
type AnnouncementSort = (typeof ANNOUNCEMENT_SORTS)[number];

export type ContentLocale = Locale;

const DAY_MS = 86_400_000;

/**
 * The HTML `lang` of a content row, so a Korean page showing an English row says so.
 * @example htmlLang('zh') // 'zh-Hans'
 */
export function htmlLang(rowLocale: string): string {
  return contentLang(rowLocale);
}

export const isAnnouncementCategory = (s: unknown): s is AnnouncementCategory =>
  (ANNOUNCEMENT_CATEGORIES as readonly unknown[]).includes(s);

/**
 * The UTC calendar day containing `at`: `[start, end)`, end exclusive, and its date text.
 * @example utcDay(Date.parse('2026-11-20T23:59:59.999Z')).date // '2026-11-20'
 */
export function utcDay(at: number | Date): { start: Date; end: Date; date: string } {
  const ms = typeof at === 'number' ? at : at.getTime();
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS), date: new Date(start).toISOString().slice(0, 10) };
}

/**
 * Parses a `YYYY-MM-DD` calendar date (UTC); undefined for anything else, including
 * impossible dates such as 2026-02-30.
 */
export function parseDay(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : undefined;
}

/** What part of a list a reader may see. */
interface VisibleWindow {
  offset: number;
  /** Rows to load for this page (0 when the page is past what the reader may see). */
  take: number;
  /** Rows the reader may page through. */
  visibleTotal: number;
  /** More rows exist than the reader may see: say "Log in to see more". */
  limited: boolean;
  /** The whole page lies past the visitor limit (but within the list). */
  locked: boolean;
}

/**
 * The visitor rule of SPEC §6 as arithmetic: signed-in readers see every row; visitors see the
 * first `limit` rows, whatever the page size. `visible`: how many rows of a filtered list lie in
 * the visitors' window (the list's rows are then those, newest first); an unfiltered list's are
 * its first `limit`.
 * @example visibleWindow({ page: 2, size: 20, total: 100, signedIn: false }) // { offset: 20, take: 10, visibleTotal: 30, limited: true, locked: false }
 * @example visibleWindow({ page: 1, size: 10, total: 40, signedIn: false, visible: 3 }) // { offset: 0, take: 3, visibleTotal: 3, limited: true, locked: false }
 */
export function visibleWindow(q: {
  page: number;
  size: number;
  total: number;
  signedIn: boolean;
  limit?: number;
  visible?: number;
}): VisibleWindow {
  const limit = q.limit ?? VISITOR_ANNOUNCEMENT_LIMIT;
  const visibleTotal = q.signedIn ? q.total : Math.min(q.total, limit, q.visible ?? limit);
  const offset = (q.page - 1) * q.size;
  const take = Math.max(0, Math.min(q.size, visibleTotal - offset));
  const limited = visibleTotal < q.total;
  return { offset, take, visibleTotal, limited, locked: limited && take === 0 && offset < q.total };
}

export interface ExchangeRef {
  name: string;
  displayName: string;
}

export interface AnnouncementItem {
  id: number;
  title: string;
  category: string;
  exchange: ExchangeRef;
  locale: string;
  views: number;
  publishedAt: string;
  /** The original announcement on the exchange's site. */
  url: string;
  coins: CoinRef[];
  /** Its source (an exchange's own endpoint) and the link to the original, or that it is demo content. */
  origin: Origin;
  /** A Simplified item converted for a Traditional Chinese reader. */
  convertedFrom?: 'zh';
}

export interface AnnouncementDetail extends AnnouncementItem {
  body: string | null;
}

export type AnnouncementPage = Page<AnnouncementItem> &
  VisibleWindow & {
    sort: AnnouncementSort;
    /** The visitor limit that applied (null for signed-in readers). */
    limit: number | null;
  };

interface AnnouncementQuery {
  page: number;
  size: number;
  locales?: ContentLocale[] | undefined;
  /** Exchange name (slug). */
  exchange?: string | undefined;
  category?: AnnouncementCategory | undefined;
  sort?: AnnouncementSort | undefined;
  /** A signed-in reader sees the whole list; pages render for visitors (the same HTML for everyone). */
  signedIn?: boolean | undefined;
  /** Only the exchanges this user subscribed to (GET notice/subscribe). */
  subscribedBy?: number | undefined;
  /**
   * Only the page's rows, for a short list linking to the whole one (an exchange page's newest):
   * no count queries (`total` counts the rows read), and an unknown exchange lists nothing, no 404.
   */
  rowsOnly?: boolean | undefined;
}

export const itemColumns = {
  id: announcements.id,
  title: announcements.title,
  category: announcements.category,
  locale: announcements.locale,
  views: announcements.views,
  publishedAt: announcements.publishedAt,
  url: announcements.url,
  source: announcements.source,
  exchangeName: exchanges.name,
  exchangeDisplayName: exchanges.displayName,
};

type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] };

export const toItem = (r: ItemRow, related: CoinRef[]): AnnouncementItem => ({
  id: r.id,
  title: r.title,
  category: r.category,
  exchange: { name: r.exchangeName, displayName: r.exchangeDisplayName },
  locale: r.locale,
  views: r.views,
  publishedAt: r.publishedAt.toISOString(),
  url: r.url,
  coins: related,
  origin: originOf(r.source, r.url),
});

/** The related coins of some announcements, by market-cap rank. */
async function coinsOf(db: Db, ids: number[]): Promise<Map<number, CoinRef[]>> {
  const out = new Map<number, CoinRef[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ announcementId: announcementCoins.announcementId, id: coins.id, symbol: coins.symbol, name: coins.name })
    .from(announcementCoins)
    .innerJoin(coins, eq(coins.id, announcementCoins.coinId))
    .where(inArray(announcementCoins.announcementId, ids))
    .orderBy(sql`${coins.rank} asc nulls last`, coins.id);
  for (const r of rows) {
    const list = out.get(r.announcementId) ?? [];
    list.push({ id: r.id, symbol: r.symbol, name: r.name, icon: coinIcon(r.id) });
    out.set(r.announcementId, list);
  }
  return out;
}

/** An exchange by name, or a 404. */
export async function findExchange(db: Db, name: string): Promise<ExchangeRef> {
  const [row] = await db
    .select({ name: exchanges.name, displayName: exchanges.displayName })
    .from(exchanges)
    .where(eq(exchanges.name, name))
    .limit(1);
  if (!row) throw notFound('api.exchangeNotFound');
  return row;
}

/** Builds the window's subqueries (no database needed: they become part of a caller's query). */
const qb = new QueryBuilder();
const windowRows = alias(announcements, 'visitor_window');

/**
 * The visitors' window (SPEC §6): the newest {@link VISITOR_ANNOUNCEMENT_LIMIT} announcements in
 * the row languages `locales` (a page's, contentLocales), as a condition on `announcements.id`.
 * Every visitor view of a page in those languages shows these rows and no others: the unfiltered
 * list is the window, a filtered list the window's rows that match.
 * @example and(eq(exchanges.name, 'okx'), inVisitorWindow(['en'])) // OKX's rows among the newest 30 in English
 */
export function inVisitorWindow(locales: readonly Locale[] | undefined): SQL {
  const newest = qb
    .select({ id: windowRows.id })
    .from(windowRows)
    .where(locales ? inArray(windowRows.locale, [...locales]) : undefined)
    .orderBy(desc(windowRows.publishedAt), desc(windowRows.id))
    .limit(VISITOR_ANNOUNCEMENT_LIMIT);
  return inArray(announcements.id, newest);
}

/** The distinct row-language sets the pages list ([en], [ko, en], [zh, zh-hk]). */
const PAGE_LANGUAGE_SETS: Locale[][] = [
  ...new Map(LOCALES.map((l) => [contentLocales(l).slice().sort().join(','), contentLocales(l)])).values(),
];

/**
 * The announcements some visitor may read, on a page in any language: the union of every page
 * language's window (a row of the English window is also readable from a Korean page by id:
 * a detail page shows a row whatever its language). What opens by id and what the sitemap lists.
 */
export function openToVisitors(): SQL {
  return or(...PAGE_LANGUAGE_SETS.map((set) => inVisitorWindow(set)))!;
}

/** The start of the hot window: {@link HOT_WINDOW_DAYS} before the newest announcement. */
async function hotSince(db: Db, where: SQL | undefined): Promise<Date | null> {
  const [row] = await db
    .select({ newest: max(announcements.publishedAt) })
    .from(announcements)
    .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
    .where(where);
  return row?.newest ? new Date(row.newest.getTime() - HOT_WINDOW_DAYS * DAY_MS) : null;
}

/**
 * One page of announcements, newest first (or `hot`: by page views of the last week, then all-time
 * reads, among those of the latest week), with
 * the visitor limit applied. An unknown exchange is a 404.
 */
export async function listAnnouncements(db: Db, q: AnnouncementQuery): Promise<AnnouncementPage> {
  const sort = q.sort ?? 'latest';
  const signedIn = q.signedIn ?? false;
  if (q.exchange !== undefined && !q.rowsOnly) await findExchange(db, q.exchange);
  const filters: SQL[] = [];
  if (q.locales) filters.push(inArray(announcements.locale, q.locales));
  if (q.exchange !== undefined) filters.push(eq(exchanges.name, q.exchange));
  if (q.category) filters.push(eq(announcements.category, q.category));
  if (q.subscribedBy !== undefined)
    filters.push(
      inArray(
        announcements.exchangeId,
        db
          .select({ id: announcementSubscriptions.exchangeId })
          .from(announcementSubscriptions)
          .where(eq(announcementSubscriptions.userId, q.subscribedBy)),
      ),
    );
  if (sort === 'hot') {
    const since = await hotSince(db, and(...filters));
    if (since) filters.push(gte(announcements.publishedAt, since));
  }
  const where = and(...filters);
  // A visitor's rows: those of the window that the filters keep (SPEC §6).
  const shown = signedIn ? where : and(where, inVisitorWindow(q.locales));
  const counted = (cond: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(announcements)
      .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(cond);
  const [[totalRow], visibleRow] = await Promise.all([
    q.rowsOnly ? [] : counted(where),
    signedIn || q.rowsOnly ? undefined : counted(shown).then((r) => r[0]),
  ]);
  const total = totalRow?.n ?? 0;
  // Rows only: `shown` keeps a visitor to the window, so the rows are those the counted page reads.
  const w = q.rowsOnly
    ? { offset: (q.page - 1) * q.size, take: q.size, visibleTotal: 0, limited: false, locked: false }
    : visibleWindow({ page: q.page, size: q.size, total, signedIn, visible: visibleRow?.n });
  const rows =
    w.take === 0
      ? []
      : await db
          .select(itemColumns)
          .from(announcements)
          .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
          .where(shown)
          .orderBy(
            ...(sort === 'hot'
              ? [desc(recentViewsOf(sql`'/announcement/' || ${announcements.id}`)), desc(announcements.views)]
              : []),
            desc(announcements.publishedAt),
            desc(announcements.id),
          )
          .limit(w.take)
          .offset(w.offset);
  const related = await coinsOf(
    db,
    rows.map((r) => r.id),
  );
  const read = w.offset + rows.length;
  return {
    list: forReader(
      rows.map((r) => toItem(r, related.get(r.id) ?? [])),
      q.locales,
      ['title'],
    ),
    total: q.rowsOnly ? read : total,
    page: q.page,
    size: q.size,
    sort,
    limit: signedIn ? null : VISITOR_ANNOUNCEMENT_LIMIT,
    ...w,
    ...(q.rowsOnly && { visibleTotal: read }),
  };
}

/** A content id from a URL or query: a positive 32-bit integer, else undefined. */
export function parseContentId(raw: string | undefined | null): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}

/** A 400 for an id that is not a content id. */
export const badId = (field = 'id') =>
  new DomainError(400, 400, 'api.invalidParam', { field, message: 'must be a positive whole number' });

/**
 * The sitemap's sections, one per kind of page: the static pages, and one over each table of
 * pages (coins, exchanges, news …), each counting, dating and listing its pages.
 */
import { and, asc, count, countDistinct, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../../server/db/index.ts';
import {
  announcements,
  articles,
  calendarEvents,
  coins,
  columnists,
  concepts,
  exchanges,
  flashNews,
  notices,
  offerings,
  projectUpdates,
  questions,
  socialPosts,
  topics,
  wikiEntries,
} from '../../server/db/schema/index.ts';
import { pageLocalesFor } from '../../server/i18n/contentLocale.ts';
import { openToVisitors } from '../content/announcements/index.ts';
import { convertSitemapPaths } from '../market/convert/index.ts';

export interface SitemapPage {
  /** Unprefixed site path, e.g. "/coin/bitcoin". */
  path: string;
  /** The locale prefixes the page is listed under. */
  locales: readonly Locale[];
  lastmod?: Date | null | undefined;
}

/** Pages without a database row: lists, hubs and the site's own pages. */
export const STATIC_PATHS = [
  '/',
  '/coin/list_1',
  '/exchange/list_1',
  '/exchange/establishAccount',
  '/rank',
  '/rank/fear-greed',
  '/charts',
  '/hot',
  '/trending',
  '/new-coins',
  '/pairs',
  '/futures',
  '/convert',
  '/flow',
  '/news',
  '/lives',
  '/research',
  '/announcement',
  '/notice',
  '/calendar',
  '/ieo',
  '/ieo/ieo-roi',
  '/ieo/ieo-platforms-roi',
  '/columnist',
  '/baike',
  '/bitwiki',
  '/concept',
  '/dynamic',
  '/question',
  '/wenda',
  '/topic',
  '/twitter',
  '/weibo',
  '/app',
  '/review',
  '/privacy',
  '/methodology',
  '/feeds',
] as const;

interface Section {
  name: string;
  count(db: Db): Promise<number>;
  lastmod(db: Db): Promise<Date | null>;
  pages(db: Db, offset: number, limit: number): Promise<SitemapPage[]>;
}

type ContentRow = { key: string | number; locale?: Locale | null; lastmod?: Date | null };

/**
 * A section over one table: `key` builds the path, `locale` (when the table has one) limits the
 * prefixes, `lastmod` dates the page, `where` filters the rows, `order` pages stably.
 */
function tableSection(spec: {
  name: string;
  table: PgTable;
  key: PgColumn;
  path: (key: string) => string;
  locale?: PgColumn;
  lastmod?: PgColumn;
  where?: SQL;
  order: PgColumn[];
}): Section {
  const columns = {
    key: spec.key,
    ...(spec.locale ? { locale: spec.locale } : {}),
    ...(spec.lastmod ? { lastmod: spec.lastmod } : {}),
  };
  return {
    name: spec.name,
    async count(db) {
      const [row] = await db.select({ n: count() }).from(spec.table).where(spec.where);
      return Number(row?.n ?? 0);
    },
    async lastmod(db) {
      if (!spec.lastmod) return null;
      const [row] = await db
        .select({ at: max(spec.lastmod) })
        .from(spec.table)
        .where(spec.where);
      const at = row?.at as Date | string | null | undefined;
      return at ? new Date(at) : null;
    },
    async pages(db, offset, limit) {
      const rows = (await db
        .select(columns)
        .from(spec.table)
        .where(spec.where)
        .orderBy(...spec.order.map((c) => asc(c)))
        .limit(limit)
        .offset(offset)) as ContentRow[];
      return rows.map((r) => ({
        path: spec.path(String(r.key)),
        locales: r.locale ? pageLocalesFor(r.locale) : LOCALES,
        lastmod: r.lastmod ?? null,
      }));
    },
  };
}

const enc = encodeURIComponent;

/**
 * Encyclopedia entries: one page per slug (/baike/{slug}), which serves the version in the
 * page's language and falls back to English; listed under the prefixes that have a version of their own.
 */
function wikiSection(kind: 'baike' | 'bitwiki'): Section {
  const where = eq(wikiEntries.kind, kind);
  return {
    name: kind,
    async count(db) {
      const [row] = await db
        .select({ n: countDistinct(wikiEntries.slug) })
        .from(wikiEntries)
        .where(where);
      return Number(row?.n ?? 0);
    },
    async lastmod(db) {
      const [row] = await db
        .select({ at: max(wikiEntries.updatedAt) })
        .from(wikiEntries)
        .where(where);
      return row?.at ? new Date(row.at) : null;
    },
    async pages(db, offset, limit) {
      const rows = await db
        .select({
          slug: wikiEntries.slug,
          locales: sql<Locale[]>`array_agg(distinct ${wikiEntries.locale}::text)`,
          lastmod: max(wikiEntries.updatedAt),
        })
        .from(wikiEntries)
        .where(where)
        .groupBy(wikiEntries.slug)
        .orderBy(asc(wikiEntries.slug))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => {
        const written = new Set(r.locales.flatMap((l) => pageLocalesFor(l)));
        return {
          path: `/${kind}/${enc(r.slug)}`,
          locales: LOCALES.filter((l) => written.has(l)),
          lastmod: r.lastmod ? new Date(r.lastmod) : null,
        };
      });
    },
  };
}

const staticSection: Section = {
  name: 'static',
  count: async () => STATIC_PATHS.length,
  lastmod: async () => null,
  pages: async (_db, offset, limit) =>
    STATIC_PATHS.slice(offset, offset + limit).map((path) => ({ path, locales: LOCALES })),
};

/** The converter's popular pairs (/convert/btc-usd …): the top coins to each currency, BTC and ETH. */
const convertSection: Section = {
  name: 'convert',
  count: async (db) => (await convertSitemapPaths(db)).length,
  lastmod: async () => null,
  pages: async (db, offset, limit) =>
    (await convertSitemapPaths(db)).slice(offset, offset + limit).map((path) => ({ path, locales: LOCALES })),
};

/** Every section, in index order. Paths follow the routes of SPEC §2. */
export const SECTIONS: Section[] = [
  staticSection,
  convertSection,
  tableSection({
    name: 'coins',
    table: coins,
    key: coins.id,
    path: (k) => `/coin/${enc(k)}`,
    lastmod: coins.updatedAt,
    order: [coins.id],
  }),
  tableSection({
    name: 'exchanges',
    table: exchanges,
    key: exchanges.name,
    path: (k) => `/exchange/${enc(k)}`,
    lastmod: exchanges.updatedAt,
    order: [exchanges.id],
  }),
  tableSection({
    name: 'news',
    table: articles,
    key: articles.id,
    path: (k) => `/news/${k}`,
    locale: articles.locale,
    lastmod: articles.publishedAt,
    where: and(eq(articles.kind, 'news'), isNull(articles.deletedAt)),
    order: [articles.id],
  }),
  tableSection({
    name: 'research',
    table: articles,
    key: articles.id,
    path: (k) => `/research/${k}`,
    locale: articles.locale,
    lastmod: articles.publishedAt,
    where: and(eq(articles.kind, 'research'), isNull(articles.deletedAt)),
    order: [articles.id],
  }),
  tableSection({
    name: 'lives',
    table: flashNews,
    key: flashNews.id,
    path: (k) => `/lives/${k}`,
    locale: flashNews.locale,
    lastmod: flashNews.publishedAt,
    order: [flashNews.id],
  }),
  tableSection({
    name: 'announcements',
    table: announcements,
    key: announcements.id,
    path: (k) => `/announcement/${k}`,
    locale: announcements.locale,
    lastmod: announcements.publishedAt,
    // The pages a visitor (and so a crawler) may read: the others ask to log in (SPEC §6).
    where: openToVisitors(),
    order: [announcements.id],
  }),
  tableSection({
    name: 'notices',
    table: notices,
    key: notices.id,
    path: (k) => `/notice/${k}`,
    locale: notices.locale,
    lastmod: notices.publishedAt,
    order: [notices.id],
  }),
  tableSection({
    name: 'calendar',
    table: calendarEvents,
    key: calendarEvents.id,
    path: (k) => `/calendar/${k}`,
    order: [calendarEvents.id],
  }),
  tableSection({
    name: 'offerings',
    table: offerings,
    key: offerings.slug,
    path: (k) => `/ieo/${enc(k)}`,
    order: [offerings.id],
  }),
  tableSection({
    name: 'columnists',
    table: columnists,
    key: columnists.id,
    path: (k) => `/columnist/${k}`,
    order: [columnists.id],
  }),
  wikiSection('baike'),
  wikiSection('bitwiki'),
  tableSection({
    name: 'concepts',
    table: concepts,
    key: concepts.slug,
    path: (k) => `/concept/${enc(k)}`,
    order: [concepts.id],
  }),
  tableSection({
    name: 'dynamic',
    table: projectUpdates,
    key: projectUpdates.id,
    path: (k) => `/dynamic/${k}`,
    locale: projectUpdates.locale,
    lastmod: projectUpdates.publishedAt,
    order: [projectUpdates.id],
  }),
  tableSection({
    name: 'questions',
    table: questions,
    key: questions.id,
    path: (k) => `/question/${k}`,
    locale: questions.locale,
    lastmod: questions.createdAt,
    order: [questions.id],
  }),
  tableSection({
    name: 'topics',
    table: topics,
    key: topics.id,
    path: (k) => `/topic/${k}`,
    locale: topics.locale,
    lastmod: topics.createdAt,
    order: [topics.id],
  }),
  ...(['twitter', 'weibo'] as const).map((platform) =>
    tableSection({
      name: platform,
      table: socialPosts,
      key: socialPosts.id,
      path: (k) => `/${platform}/${k}`,
      locale: socialPosts.locale,
      lastmod: socialPosts.publishedAt,
      where: eq(socialPosts.platform, platform),
      order: [socialPosts.id],
    }),
  ),
];

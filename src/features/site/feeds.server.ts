/**
 * RSS 2.0 and Atom 1.0 feeds of news, flash news and exchange announcements, per locale.
 *
 * URL scheme (served by src/pages/feeds/[...path].ts):
 *   /feeds/{locale}/news.xml            news articles, RSS 2.0   (.atom: Atom 1.0)
 *   /feeds/{locale}/lives.xml           flash news
 *   /feeds/{locale}/announcements.xml   announcements of every exchange
 *   /feeds/{locale}/announcements/{exchange}.xml   one exchange's announcements (exchange = its URL name)
 * Items link to the locale-prefixed detail pages (/{locale}/news/{id}, /lives/{id}, /announcement/{id}).
 * Content rows carry their own locale: a feed in zh or zh-hk takes the Chinese rows (both scripts),
 * a feed in en the en rows, in ko the ko and en rows; see {@link contentLocales}. An item in
 * another language than its feed says so: `dc:language` in RSS, `xml:lang` on the Atom entry.
 *
 * The XML builders are pure and escape everything; the loaders only read the database.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { contentLang } from '../../lib/i18n/contentLanguage.ts';
import { LOCALE_TAGS, toLocale, type Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../../server/db/index.ts';
import { announcements, articles, exchanges, flashNews } from '../../server/db/schema/index.ts';
import { inVisitorWindow, VISITOR_ANNOUNCEMENT_LIMIT } from '../content/announcements/index.ts';
import { contentLocales } from '../../server/i18n/contentLocale.ts';

export const FEED_KINDS = ['news', 'lives', 'announcements'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export type FeedFormat = 'rss' | 'atom';

/** Items per feed: the newest ones. */
export const FEED_SIZE = 50;

/** What a feed URL asks for. */
export interface FeedRequest {
  locale: Locale;
  kind: FeedKind;
  /** An exchange's URL name, only for announcements. */
  exchange?: string | undefined;
  format: FeedFormat;
}

const EXTENSIONS: Record<FeedFormat, string> = { rss: 'xml', atom: 'atom' };
const EXCHANGE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

/** Response Content-Type per format. */
export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/**
 * Reads the part of a feed URL after /feeds/; null when it names no feed.
 * @example parseFeedPath('zh/announcements/binance.atom') // { locale: 'zh', kind: 'announcements', exchange: 'binance', format: 'atom' }
 */
export function parseFeedPath(path: string): FeedRequest | null {
  const m = /^([a-z-]+)\/(news|lives|announcements)(?:\/([^/]+))?\.(xml|atom)$/i.exec(path);
  if (!m) return null;
  const locale = toLocale(m[1]);
  const kind = m[2]!.toLowerCase() as FeedKind;
  const exchange = m[3];
  if (!locale || m[1] !== locale) return null;
  if (exchange !== undefined && (kind !== 'announcements' || !EXCHANGE_NAME.test(exchange))) return null;
  return { locale, kind, exchange, format: m[4]!.toLowerCase() === 'xml' ? 'rss' : 'atom' };
}

/**
 * The site path of a feed, the inverse of {@link parseFeedPath}.
 * @example feedPath({ locale: 'en', kind: 'news', format: 'rss' }) // '/feeds/en/news.xml'
 */
export function feedPath(req: FeedRequest): string {
  const name = req.exchange ? `${req.kind}/${req.exchange}` : req.kind;
  return `/feeds/${req.locale}/${name}.${EXTENSIONS[req.format]}`;
}

// XML 1.0 forbids most C0 controls, lone surrogates and U+FFFE/U+FFFF even when escaped.
const INVALID_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text safe inside an XML element or a quoted attribute; characters XML cannot carry are dropped.
 * @example escapeXml('R&D <"ok">') // 'R&amp;D &lt;&quot;ok&quot;&gt;'
 */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Plain text of a body that may hold HTML or Markdown markup, whitespace collapsed, cut at
 * `max` characters with an ellipsis.
 */
export function plainSummary(body: string, max = 300): string {
  const text = body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/[#*_`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

interface FeedItem {
  /** Absolute URL of the item's page; also its permanent id. */
  link: string;
  title: string;
  summary: string;
  published: Date;
  categories: string[];
  /** The language the item is written in. */
  locale: Locale;
}

export interface FeedDoc {
  title: string;
  description: string;
  /** Absolute URL of the HTML page the feed mirrors. */
  link: string;
  /** Absolute URL of the feed itself. */
  self: string;
  locale: Locale;
  /** Newest item's time, or the build time of an empty feed. */
  updated: Date;
  /** Name of the publisher (Atom's required author). */
  publisher: string;
  items: FeedItem[];
}

const tag = (name: string, text: string, attrs = '') => `<${name}${attrs}>${escapeXml(text)}</${name}>`;

/** An item's language when it is not its feed's (Chinese by script: zh-Hans, zh-Hant-HK), else null. */
const otherLanguage = (item: FeedItem, doc: FeedDoc) => (item.locale === doc.locale ? null : contentLang(item.locale));

/** An RSS 2.0 document (with atom:link rel="self", as validators ask; Dublin Core for item languages). */
export function rssXml(doc: FeedDoc): string {
  const items = doc.items.map((i) => {
    const lang = otherLanguage(i, doc);
    return [
      '<item>',
      tag('title', i.title),
      tag('link', i.link),
      tag('guid', i.link, ' isPermaLink="true"'),
      tag('pubDate', i.published.toUTCString()),
      ...i.categories.map((c) => tag('category', c)),
      tag('description', i.summary),
      lang ? tag('dc:language', lang) : '',
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    tag('title', doc.title),
    tag('link', doc.link),
    tag('description', doc.description),
    tag('language', LOCALE_TAGS[doc.locale]),
    tag('lastBuildDate', doc.updated.toUTCString()),
    tag('generator', doc.publisher),
    tag('ttl', '10'),
    `<atom:link href="${escapeXml(doc.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** An Atom 1.0 document. */
export function atomXml(doc: FeedDoc): string {
  const entries = doc.items.map((i) => {
    const lang = otherLanguage(i, doc);
    return [
      lang ? `<entry xml:lang="${escapeXml(lang)}">` : '<entry>',
      tag('id', i.link),
      tag('title', i.title),
      `<link rel="alternate" type="text/html" href="${escapeXml(i.link)}"/>`,
      tag('published', i.published.toISOString()),
      tag('updated', i.published.toISOString()),
      ...i.categories.map((c) => `<category term="${escapeXml(c)}"/>`),
      tag('summary', i.summary),
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${LOCALE_TAGS[doc.locale]}">`,
    tag('id', doc.self),
    tag('title', doc.title),
    tag('subtitle', doc.description),
    `<link rel="self" type="application/atom+xml" href="${escapeXml(doc.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(doc.link)}"/>`,
    tag('updated', doc.updated.toISOString()),
    `<author>${tag('name', doc.publisher)}</author>`,
    tag('generator', doc.publisher),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** Serialises a feed in the requested format. */
export function feedXml(doc: FeedDoc, format: FeedFormat): string {
  return format === 'rss' ? rssXml(doc) : atomXml(doc);
}

/** The strings a feed needs in its locale (from the `pages.feeds` keys and the core site name). */
interface FeedTexts {
  siteName: string;
  title: (kind: FeedKind, exchange?: string) => string;
  description: (kind: FeedKind, exchange?: string) => string;
}

type Row = { id: number; title: string; summary: string; published: Date; categories: string[]; locale: Locale };

async function newsRows(db: Db, locales: Locale[]): Promise<Row[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      body: articles.body,
      published: articles.publishedAt,
      locale: articles.locale,
    })
    .from(articles)
    .where(and(eq(articles.kind, 'news'), isNull(articles.deletedAt), inArray(articles.locale, locales)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(FEED_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: plainSummary(r.summary || r.body),
    published: r.published,
    categories: [],
    locale: r.locale,
  }));
}

async function livesRows(db: Db, locales: Locale[], importantLabel: string): Promise<Row[]> {
  const rows = await db
    .select({
      id: flashNews.id,
      title: flashNews.title,
      body: flashNews.body,
      important: flashNews.important,
      published: flashNews.publishedAt,
      locale: flashNews.locale,
    })
    .from(flashNews)
    .where(inArray(flashNews.locale, locales))
    .orderBy(desc(flashNews.publishedAt), desc(flashNews.id))
    .limit(FEED_SIZE);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: plainSummary(r.body, 1000),
    published: r.published,
    categories: r.important ? [importantLabel] : [],
    locale: r.locale,
  }));
}

async function announcementRows(db: Db, locales: Locale[], exchangeId?: number): Promise<Row[]> {
  // What visitors may read (SPEC §6), not more: the feed is public. One exchange's feed holds
  // its rows of the window, as its list page does for a visitor.
  const where = and(
    inArray(announcements.locale, locales),
    inVisitorWindow(locales),
    exchangeId === undefined ? undefined : eq(announcements.exchangeId, exchangeId),
  );
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
    .where(where)
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(Math.min(FEED_SIZE, VISITOR_ANNOUNCEMENT_LIMIT));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: plainSummary(r.body || r.title),
    published: r.published,
    categories: [r.exchange, r.category],
    locale: r.locale,
  }));
}

const DETAIL: Record<FeedKind, string> = { news: '/news', lives: '/lives', announcements: '/announcement' };

/**
 * Loads a feed from the database; null when it names an exchange that does not exist.
 * `origin` makes the links absolute; `now` dates an empty feed.
 */
export async function loadFeed(
  db: Db,
  req: FeedRequest,
  opts: { origin: string; now: Date; texts: FeedTexts; importantLabel: string },
): Promise<FeedDoc | null> {
  const locales = contentLocales(req.locale);
  let exchange: { id: number; displayName: string } | undefined;
  if (req.exchange) {
    [exchange] = await db
      .select({ id: exchanges.id, displayName: exchanges.displayName })
      .from(exchanges)
      .where(eq(exchanges.name, req.exchange.toLowerCase()))
      .limit(1);
    if (!exchange) return null;
  }
  const rows =
    req.kind === 'news'
      ? await newsRows(db, locales)
      : req.kind === 'lives'
        ? await livesRows(db, locales, opts.importantLabel)
        : await announcementRows(db, locales, exchange?.id);
  const base = `${opts.origin}/${req.locale}`;
  const page =
    req.kind === 'announcements'
      ? req.exchange
        ? `/announcements/${encodeURIComponent(req.exchange.toLowerCase())}`
        : '/announcement'
      : DETAIL[req.kind];
  return {
    title: opts.texts.title(req.kind, exchange?.displayName),
    description: opts.texts.description(req.kind, exchange?.displayName),
    link: base + page,
    self: opts.origin + feedPath({ ...req, exchange: req.exchange?.toLowerCase() }),
    locale: req.locale,
    updated: rows[0]?.published ?? opts.now,
    publisher: opts.texts.siteName,
    items: rows.map((r) => ({
      link: `${base}${DETAIL[req.kind]}/${r.id}`,
      title: r.title,
      summary: r.summary,
      published: r.published,
      categories: r.categories.filter(Boolean),
      locale: r.locale,
    })),
  };
}

/** Exchanges that have announcements, for the feed directory page. */
export async function exchangesWithAnnouncements(db: Db): Promise<{ name: string; displayName: string }[]> {
  return db
    .selectDistinct({ name: exchanges.name, displayName: exchanges.displayName, rank: exchanges.rank })
    .from(exchanges)
    .innerJoin(announcements, eq(announcements.exchangeId, exchanges.id))
    .orderBy(exchanges.rank, exchanges.name)
    .then((rows) => rows.map(({ name, displayName }) => ({ name, displayName })));
}

/**
 * Writes import items into the content tables: news and research into `articles`, flash news
 * into `flash_news`, announcements into `announcements` (each needs an exchange), with their
 * related coins.
 *
 * Idempotent on the item key (articles.source_url, flash_news.source_url, announcements.url,
 * all unique): an item already stored is skipped, or with `update` rewritten when its title,
 * body, summary or date changed (a deleted article stays deleted). Repeated keys within one
 * run count once. Bodies are stored as plain text with blank lines between paragraphs (the
 * convention of the seeded content; pages render them as text), taken from the sanitised HTML.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  announcementCoins,
  announcements,
  articleCoins,
  articles,
  coins,
  exchanges,
  flashNews,
  flashNewsCoins,
} from '../../db/schema/index.ts';
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from '../../../features/content/announcements/index.ts';
import { coinMatcher } from './coins.ts';
import { guessLocale, type ContentLocale, type ImportItem, type ImportKind } from './item.ts';
import { summarize } from './sanitize.ts';

export interface ImportOptions {
  /** The kind for items that do not name their own (front matter `kind`). */
  kind: ImportKind;
  /** Exchange (name or display name) for announcements without front matter `exchange`. */
  exchange?: string | undefined;
  /** Overrides the language a feed declares; Markdown front matter still wins. */
  locale?: ContentLocale | undefined;
  /** Announcement category for items that have none; else guessed from the title. */
  category?: AnnouncementCategory | undefined;
  /** Flash news: mark every imported item important. */
  important?: boolean | undefined;
  /** Rewrite stored items whose content changed instead of skipping them. */
  update?: boolean | undefined;
  /** The clock: missing dates become it, dates more than a day ahead are clamped to it. */
  now?: Date | undefined;
  /** Stored as the rows' `source`: a content source's id; default 'import'. */
  source?: string | undefined;
  /**
   * Keep the summary only, never the whole text: what an aggregator may keep of another
   * site's article (the content ingest); the page links to the original.
   */
  excerpt?: boolean | undefined;
}

interface ImportFailure {
  origin: string;
  reason: string;
}

export interface ImportReport {
  added: number;
  updated: number;
  /** Already stored (unchanged, or `update` off). */
  unchanged: number;
  /** Repeated keys within this run. */
  duplicates: number;
  failed: ImportFailure[];
  /** Added or updated rows per kind. */
  byKind: Record<ImportKind, number>;
}

export const emptyReport = (): ImportReport => ({
  added: 0,
  updated: 0,
  unchanged: 0,
  duplicates: 0,
  failed: [],
  byKind: { news: 0, research: 0, lives: 0, announcements: 0 },
});

/** Title words of each category, tried in order (a delisting's title may say "listing"). */
const CATEGORY_WORDS: [AnnouncementCategory, RegExp][] = [
  ['delisting', /delist|remov(e|al) of|下架|下線|下线|상장 폐지|거래 지원 종료/],
  ['maintenance', /maintenance|upgrade|suspen(d|sion)|resum(e|ption)|维护|維護|升级|升級|暂停|暫停|恢复|恢復|점검/],
  ['listing', /will list|to list |lists |listing|\blisted\b|launch(es)? .*(perpetual|futures|spot)/],
  ['listing', /\badds? .*(pair|\/usd)|上线|上線|上市|上架|推出.*(永续|永續|现货|現貨)|상장/],
  ['activity', /campaign|promotion|airdrop|giveaway|competition|reward|prize pool|launchpool/],
  ['activity', /活动|活動|空投|奖励|獎勵|奖池|獎池|이벤트/],
];

/**
 * The announcement category a title suggests.
 * @example guessCategory('Binance Will List Sui (SUI)') // 'listing'
 */
export function guessCategory(title: string): AnnouncementCategory {
  const t = title.toLowerCase();
  return CATEGORY_WORDS.find(([, words]) => words.test(t))?.[0] ?? 'other';
}

interface Prepared {
  item: ImportItem;
  kind: ImportKind;
  locale: ContentLocale;
  publishedAt: Date;
  summary: string;
  coinIds: string[];
  exchangeId?: number;
  category?: string;
  important: boolean;
  source: string;
  /** What is stored as the body: the whole text, or with `excerpt` the summary. */
  body: string;
}

/**
 * Imports items; never throws for one bad item (it is reported in `failed`).
 * @example await importItems(db, parseFeedItems(xml, 'feed.xml').items, { kind: 'news' })
 */
export async function importItems(
  db: Db,
  items: readonly ImportItem[],
  options: ImportOptions,
  report = emptyReport(),
): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const coinRows = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, rank: coins.rank })
    .from(coins);
  const matcher = coinMatcher(coinRows);
  const coinIds = new Set(coinRows.map((c) => c.id));
  const exchangeRows = await db
    .select({ id: exchanges.id, name: exchanges.name, displayName: exchanges.displayName })
    .from(exchanges);
  const findExchange = (nameOrDisplay: string) => {
    const q = nameOrDisplay.trim().toLowerCase();
    return exchangeRows.find((e) => e.name === q) ?? exchangeRows.find((e) => e.displayName.toLowerCase() === q);
  };
  const explicitCoins = (list: string[] | undefined) =>
    (list ?? []).flatMap((c) => {
      const id = c.toLowerCase();
      if (coinIds.has(id)) return [id];
      const found = matcher.detect([`$${c.replace(/^\$/, '')}`], 1);
      return found;
    });

  const seen = new Set<string>();
  const prepared: Prepared[] = [];
  for (const item of items) {
    if (seen.has(item.key)) {
      report.duplicates++;
      continue;
    }
    seen.add(item.key);
    const kind = item.kind ?? options.kind;
    const published =
      item.publishedAt && item.publishedAt.getTime() <= now.getTime() + 86_400_000 ? item.publishedAt : now;
    const p: Prepared = {
      item,
      kind,
      locale: item.locale ?? options.locale ?? item.feedLocale ?? guessLocale(`${item.title} ${item.text}`),
      publishedAt: published,
      summary: item.summary ? summarize(item.summary, 240) : summarize(item.text, 200),
      coinIds: [...new Set([...explicitCoins(item.coins), ...matcher.detect([item.title, item.text])])].slice(0, 8),
      important: item.important ?? options.important ?? false,
      source: options.source ?? 'import',
      body: item.text,
    };
    if (options.excerpt) p.body = p.summary;
    if (kind === 'announcements') {
      const wanted = item.exchange ?? options.exchange;
      if (!wanted) {
        report.failed.push({
          origin: item.origin,
          reason: 'an announcement needs an exchange (front matter "exchange:" or --exchange)',
        });
        continue;
      }
      const ex = findExchange(wanted);
      if (!ex) {
        report.failed.push({ origin: item.origin, reason: `unknown exchange "${wanted}"` });
        continue;
      }
      if (!item.link) {
        report.failed.push({
          origin: item.origin,
          reason: 'an announcement needs its original http(s) link (front matter "link:")',
        });
        continue;
      }
      p.exchangeId = ex.id;
      const cat = item.categories
        .map((c) => c.toLowerCase())
        .find((c) => (ANNOUNCEMENT_CATEGORIES as readonly string[]).includes(c));
      p.category = cat ?? options.category ?? guessCategory(item.title);
    }
    prepared.push(p);
  }

  const storedIn = await storedKinds(
    db,
    prepared.map((p) => p.item.key),
  );
  for (const p of prepared) {
    const table = p.kind === 'lives' ? 'flash news' : p.kind === 'announcements' ? 'announcements' : 'articles';
    const other = storedIn.get(p.item.key);
    if (other && other !== table) {
      report.failed.push({ origin: p.item.origin, reason: `already imported as ${other} (${p.item.key})` });
      continue;
    }
    try {
      const outcome =
        p.kind === 'lives'
          ? await writeFlash(db, p, options.update)
          : p.kind === 'announcements'
            ? await writeAnnouncement(db, p, options.update)
            : await writeArticle(db, p, options.update);
      report[outcome]++;
      if (outcome !== 'unchanged') report.byKind[p.kind]++;
    } catch (e) {
      report.failed.push({ origin: p.item.origin, reason: (e as Error).message });
    }
  }
  return report;
}

type Outcome = 'added' | 'updated' | 'unchanged';

async function writeArticle(db: Db, p: Prepared, update = false): Promise<Outcome> {
  const { item } = p;
  const values = {
    kind: p.kind === 'research' ? ('research' as const) : ('news' as const),
    title: item.title,
    summary: p.summary,
    body: p.body,
    cover: item.cover ?? null,
    sourceUrl: item.key,
    source: p.source,
    author: item.author ?? null,
    locale: p.locale,
    publishedAt: p.publishedAt,
  };
  const [inserted] = await db
    .insert(articles)
    .values(values)
    .onConflictDoNothing({ target: articles.sourceUrl })
    .returning({ id: articles.id });
  if (inserted) {
    if (p.coinIds.length)
      await db
        .insert(articleCoins)
        .values(p.coinIds.map((coinId) => ({ articleId: inserted.id, coinId })))
        .onConflictDoNothing();
    return 'added';
  }
  if (!update) return 'unchanged';
  const [changed] = await db
    .update(articles)
    .set({
      title: values.title,
      summary: values.summary,
      body: values.body,
      publishedAt: values.publishedAt,
      locale: values.locale,
      ...(item.cover ? { cover: item.cover } : {}),
    })
    .where(
      and(
        eq(articles.sourceUrl, item.key),
        or(
          sql`${articles.title} is distinct from ${values.title}`,
          sql`${articles.summary} is distinct from ${values.summary}`,
          sql`${articles.body} is distinct from ${values.body}`,
          sql`${articles.publishedAt} is distinct from ${values.publishedAt.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ id: articles.id });
  if (!changed) return 'unchanged';
  await db.delete(articleCoins).where(eq(articleCoins.articleId, changed.id));
  if (p.coinIds.length)
    await db.insert(articleCoins).values(p.coinIds.map((coinId) => ({ articleId: changed.id, coinId })));
  return 'updated';
}

async function writeFlash(db: Db, p: Prepared, update = false): Promise<Outcome> {
  const { item } = p;
  const values = {
    title: item.title,
    body: p.body,
    important: p.important,
    sourceUrl: item.key,
    source: p.source,
    locale: p.locale,
    publishedAt: p.publishedAt,
  };
  const [inserted] = await db
    .insert(flashNews)
    .values(values)
    .onConflictDoNothing({ target: flashNews.sourceUrl })
    .returning({ id: flashNews.id });
  if (inserted) {
    if (p.coinIds.length)
      await db
        .insert(flashNewsCoins)
        .values(p.coinIds.map((coinId) => ({ flashNewsId: inserted.id, coinId })))
        .onConflictDoNothing();
    return 'added';
  }
  if (!update) return 'unchanged';
  const [changed] = await db
    .update(flashNews)
    .set({ title: values.title, body: values.body, publishedAt: values.publishedAt, locale: values.locale })
    .where(
      and(
        eq(flashNews.sourceUrl, item.key),
        or(
          sql`${flashNews.title} is distinct from ${values.title}`,
          sql`${flashNews.body} is distinct from ${values.body}`,
          sql`${flashNews.publishedAt} is distinct from ${values.publishedAt.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ id: flashNews.id });
  if (!changed) return 'unchanged';
  await db.delete(flashNewsCoins).where(eq(flashNewsCoins.flashNewsId, changed.id));
  if (p.coinIds.length)
    await db.insert(flashNewsCoins).values(p.coinIds.map((coinId) => ({ flashNewsId: changed.id, coinId })));
  return 'updated';
}

async function writeAnnouncement(db: Db, p: Prepared, update = false): Promise<Outcome> {
  const { item } = p;
  const values = {
    exchangeId: p.exchangeId!,
    title: item.title,
    category: p.category!,
    body: p.body,
    url: item.key,
    source: p.source,
    locale: p.locale,
    publishedAt: p.publishedAt,
  };
  const [inserted] = await db
    .insert(announcements)
    .values(values)
    .onConflictDoNothing({ target: announcements.url })
    .returning({ id: announcements.id });
  if (inserted) {
    if (p.coinIds.length)
      await db
        .insert(announcementCoins)
        .values(p.coinIds.map((coinId) => ({ announcementId: inserted.id, coinId })))
        .onConflictDoNothing();
    return 'added';
  }
  if (!update) return 'unchanged';
  const [changed] = await db
    .update(announcements)
    .set({
      title: values.title,
      body: values.body,
      category: values.category,
      publishedAt: values.publishedAt,
      locale: values.locale,
    })
    .where(
      and(
        eq(announcements.url, item.key),
        or(
          sql`${announcements.title} is distinct from ${values.title}`,
          sql`${announcements.body} is distinct from ${values.body}`,
          sql`${announcements.publishedAt} is distinct from ${values.publishedAt.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ id: announcements.id });
  if (!changed) return 'unchanged';
  await db.delete(announcementCoins).where(eq(announcementCoins.announcementId, changed.id));
  if (p.coinIds.length)
    await db.insert(announcementCoins).values(p.coinIds.map((coinId) => ({ announcementId: changed.id, coinId })));
  return 'updated';
}

/** Which content table already holds each key: one key lives in one table only. */
async function storedKinds(db: Db, keys: string[]): Promise<Map<string, 'articles' | 'flash news' | 'announcements'>> {
  const out = new Map<string, 'articles' | 'flash news' | 'announcements'>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const [a, f, n] = await Promise.all([
      db.select({ key: articles.sourceUrl }).from(articles).where(inArray(articles.sourceUrl, chunk)),
      db.select({ key: flashNews.sourceUrl }).from(flashNews).where(inArray(flashNews.sourceUrl, chunk)),
      db.select({ key: announcements.url }).from(announcements).where(inArray(announcements.url, chunk)),
    ]);
    for (const r of a) if (r.key) out.set(r.key, 'articles');
    for (const r of f) if (r.key) out.set(r.key, 'flash news');
    for (const r of n) out.set(r.key, 'announcements');
  }
  return out;
}

/**
 * Flash news ("lives"): short market news in a timeline, newest first (/lives, /lives/{id}).
 *
 * Language: flash news rows carry a locale. A list shows the rows of the page's content
 * languages (contentLocale.ts): zh and zh-hk pages the Chinese rows (simplified and
 * traditional), en pages the English rows, ko pages the English and any Korean ones. The API
 * reads the language from `lan`, where zh-hk arrives as zh (SPEC §7), so both Chinese locales
 * list the same rows and a page and its "load more" requests agree. A detail page shows any
 * row by id, whatever its language; its older/newer neighbours come from the row's language.
 *
 * Paging is by cursor: `before` names the last item a reader has seen and the next page holds
 * the items published before it (ties broken by id), so items arriving at the top while the
 * reader loads more never repeat or go missing. Days are UTC days (see calendar.ts).
 */
import { forReader, originOf, type Origin } from '../sources/index.ts';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { coins, flashNews, flashNewsCoins } from '../../../server/db/schema/index.ts';
import { groupByDay, requireCoin } from '../calendar/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import type { CoinRef } from '../../../lib/rows.ts';

export interface LiveItem {
  id: number;
  title: string;
  body: string;
  important: boolean;
  /** Readers' bullish and bearish votes. */
  votesUp: number;
  votesDown: number;
  locale: Locale;
  /** ISO 8601, UTC. */
  publishedAt: string;
  sourceUrl: string | null;
  coins: CoinRef[];
  /** Its source and the link to the original, or that it is demo content. */
  origin: Origin;
  /** A Simplified item converted for a Traditional Chinese reader. */
  convertedFrom?: 'zh';
}

export interface LivesPage {
  list: LiveItem[];
  /** Items matching the filters in all (not only after the cursor). */
  total: number;
  size: number;
  /** The cursor this page continues from, if any. */
  before: number | null;
  /** The cursor of the next page (the last item's id); null on the last page. */
  next: number | null;
}

interface LiveLink {
  id: number;
  title: string;
  publishedAt: string;
}

export interface LiveDetail extends LiveItem {
  /** The neighbouring items of the same language: the one published just before and just after. */
  older: LiveLink | null;
  newer: LiveLink | null;
}

interface LivesQuery {
  locales: readonly Locale[];
  size: number;
  /** Continue after this item (its id). */
  before?: number | undefined;
  /** Only important items. */
  important?: boolean | undefined;
  /** Only items about this coin. */
  coin?: string | undefined;
}

const itemColumns = {
  id: flashNews.id,
  title: flashNews.title,
  body: flashNews.body,
  important: flashNews.important,
  votesUp: flashNews.votesUp,
  votesDown: flashNews.votesDown,
  locale: flashNews.locale,
  publishedAt: flashNews.publishedAt,
  sourceUrl: flashNews.sourceUrl,
  source: flashNews.source,
};

type ItemRow = {
  id: number;
  title: string;
  body: string;
  important: boolean;
  votesUp: number;
  votesDown: number;
  locale: Locale;
  publishedAt: Date;
  sourceUrl: string | null;
  source: string;
};

type CoinJson = { id: string; symbol: string; name: string };

/** The related coins of some items, best-ranked first. */
async function coinsOf(db: Db, ids: number[]): Promise<Map<number, CoinRef[]>> {
  const out = new Map<number, CoinRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ item: flashNewsCoins.flashNewsId, id: coins.id, symbol: coins.symbol, name: coins.name })
    .from(flashNewsCoins)
    .innerJoin(coins, eq(coins.id, flashNewsCoins.coinId))
    .where(inArray(flashNewsCoins.flashNewsId, ids))
    .orderBy(sql`${coins.rank} asc nulls last`, coins.id);
  for (const r of rows) out.get(r.item)?.push({ id: r.id, symbol: r.symbol, name: r.name, icon: coinIcon(r.id) });
  return out;
}

async function withCoins(db: Db, rows: ItemRow[]): Promise<LiveItem[]> {
  const related = await coinsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ source, ...r }) => ({
    ...r,
    publishedAt: r.publishedAt.toISOString(),
    coins: related.get(r.id) ?? [],
    origin: originOf(source, r.sourceUrl),
  }));
}

/** Rows strictly older than (publishedAt, id) in the timeline's order. */
const olderThan = (at: Date, id: number) =>
  or(lt(flashNews.publishedAt, at), and(eq(flashNews.publishedAt, at), lt(flashNews.id, id)));

/**
 * One page of the timeline, newest first. An unknown `before` cursor is a 400 (the reader
 * cannot continue from an item that does not exist), an unknown coin a 404.
 */
export async function listLives(db: Db, q: LivesQuery): Promise<LivesPage> {
  if (q.coin) await requireCoin(db, q.coin);
  const filters: (SQL | undefined)[] = [
    inArray(flashNews.locale, [...q.locales]),
    q.important ? eq(flashNews.important, true) : undefined,
    q.coin
      ? sql`exists (select 1 from ${flashNewsCoins} where ${flashNewsCoins.flashNewsId} = ${flashNews.id} and ${flashNewsCoins.coinId} = ${q.coin})`
      : undefined,
  ];
  let cursor: SQL | undefined;
  if (q.before !== undefined) {
    const [from] = await db
      .select({ at: flashNews.publishedAt })
      .from(flashNews)
      .where(eq(flashNews.id, q.before))
      .limit(1);
    if (!from) throw new DomainError(400, 400, 'lives.badCursor');
    cursor = olderThan(from.at, q.before);
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select(itemColumns)
      .from(flashNews)
      .where(and(...filters, cursor))
      .orderBy(desc(flashNews.publishedAt), desc(flashNews.id))
      .limit(q.size + 1),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(flashNews)
      .where(and(...filters)),
  ]);
  const more = rows.length > q.size;
  const list = forReader(await withCoins(db, rows.slice(0, q.size) as ItemRow[]), q.locales, ['title', 'body']);
  return {
    list,
    total: counted?.n ?? 0,
    size: q.size,
    before: q.before ?? null,
    next: more ? (list.at(-1)?.id ?? null) : null,
  };
}

type LinkJson = { id: number; title: string; publishedAt: string } | null;

/** A column of the outer row, qualified (Drizzle leaves a one-table select's columns bare). */
const outer = (column: string) => sql.raw(`"flash_news"."${column}"`);

/** The neighbour of the outer row in the timeline's order, of its language, as a JSON column. */
const neighbour = (direction: 'older' | 'newer') => {
  const [cmp, order] = direction === 'older' ? (['<', 'desc'] as const) : (['>', 'asc'] as const);
  return sql<LinkJson>`(select json_build_object('id', n.id, 'title', n.title, 'publishedAt', n.published_at)
    from ${flashNews} n where n.locale = ${outer('locale')}
      and (n.published_at, n.id) ${sql.raw(cmp)} (${outer('published_at')}, ${outer('id')})
    order by n.published_at ${sql.raw(order)}, n.id ${sql.raw(order)} limit 1)`;
};

/**
 * One flash news item with its coins and its two neighbours; a missing id is a 404. One prepared statement (one round trip, built
 * once): a detail page is small, so four separate queries were most of its cost.
 */
export async function getLive(db: Db, id: number): Promise<LiveDetail> {
  const statement = prepared(db, 'lives:detail', (name) =>
    db
      .select({
        ...itemColumns,
        coins: sql<
          CoinJson[]
        >`(select coalesce(json_agg(json_build_object('id', c.id, 'symbol', c.symbol, 'name', c.name)
            order by c.rank asc nulls last, c.id), '[]'::json)
          from ${flashNewsCoins} fc join ${coins} c on c.id = fc.coin_id where fc.flash_news_id = ${outer('id')})`,
        older: neighbour('older'),
        newer: neighbour('newer'),
      })
      .from(flashNews)
      .where(eq(flashNews.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  if (!row) throw notFound('lives.missing');
  const { source, coins: related, older, newer, ...r } = row;
  const toLink = (l: LinkJson): LiveLink | null =>
    l ? { id: l.id, title: l.title, publishedAt: new Date(l.publishedAt).toISOString() } : null;
  return {
    ...r,
    publishedAt: r.publishedAt.toISOString(),
    coins: related.map((c) => ({ ...c, icon: coinIcon(c.id) })),
    origin: originOf(source, r.sourceUrl),
    older: toLink(older),
    newer: toLink(newer),
  };
}

/**
 * Timeline items under their UTC day, days newest first (the items' own order).
 * @example groupLivesByDay(page.list)[0].date // '2026-11-20'
 */
export function groupLivesByDay(items: readonly LiveItem[]): { date: string; items: LiveItem[] }[] {
  return groupByDay(items, (i) => i.publishedAt);
}

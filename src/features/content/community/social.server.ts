/**
 * Social posts of projects and exchanges (/twitter, /weibo): feeds, their coin and exchange
 * filters and one post with the account's other posts. Quotes in the language they were posted in.
 */
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, socialPosts } from '../../../server/db/schema/index.ts';
import type { Page } from '../../../server/db/numbers.ts';
import {
  coinColumns,
  coinRef,
  iso,
  missing,
  pageOffset,
  profileUrl,
  requireCoin,
  requireExchange,
  type CoinRef,
  type ContentLanguage,
  type ExchangeRef,
  type SocialPlatform,
} from './community.server.ts';

export interface SocialPost {
  id: number;
  platform: SocialPlatform;
  account: string;
  displayName: string;
  profileUrl: string;
  coin: CoinRef | null;
  exchange: ExchangeRef | null;
  body: string;
  url: string;
  likes: number;
  reposts: number;
  locale: string;
  publishedAt: string;
}

export interface SocialDetail extends SocialPost {
  /** The account's other recent posts. */
  more: SocialPost[];
}

export type SocialPage = Page<SocialPost> & {
  platform: SocialPlatform | null;
  coin: string | null;
  exchange: string | null;
};

const socialColumns = {
  id: socialPosts.id,
  platform: socialPosts.platform,
  account: socialPosts.account,
  displayName: socialPosts.displayName,
  coinId: socialPosts.coinId,
  ...coinColumns,
  exchangeName: exchanges.name,
  exchangeDisplayName: exchanges.displayName,
  body: socialPosts.body,
  url: socialPosts.url,
  likes: socialPosts.likes,
  reposts: socialPosts.reposts,
  locale: socialPosts.locale,
  publishedAt: socialPosts.publishedAt,
};

function socialQuery(db: Db) {
  return db
    .select(socialColumns)
    .from(socialPosts)
    .leftJoin(coins, eq(coins.id, socialPosts.coinId))
    .leftJoin(exchanges, eq(exchanges.id, socialPosts.exchangeId));
}

type SocialRow = Awaited<ReturnType<ReturnType<typeof socialQuery>['execute']>>[number];

const toSocial = (r: SocialRow): SocialPost => ({
  id: r.id,
  platform: r.platform,
  account: r.account,
  displayName: r.displayName,
  profileUrl: profileUrl(r.platform, r.account),
  coin: coinRef(r),
  exchange:
    r.exchangeName && r.exchangeDisplayName ? { name: r.exchangeName, displayName: r.exchangeDisplayName } : null,
  body: r.body,
  url: r.url,
  likes: r.likes,
  reposts: r.reposts,
  locale: r.locale,
  publishedAt: iso(r.publishedAt) as string,
});

/**
 * Social posts, newest first: of one platform or both, optionally about one coin or from or
 * about one exchange (by its slug), optionally in one language.
 */
export async function listSocial(
  db: Db,
  q: {
    page: number;
    size: number;
    platform?: SocialPlatform | undefined;
    coin?: string | undefined;
    exchange?: string | undefined;
    language?: ContentLanguage | undefined;
  },
): Promise<SocialPage> {
  const filters: SQL[] = [];
  if (q.platform) filters.push(eq(socialPosts.platform, q.platform));
  if (q.coin !== undefined) {
    await requireCoin(db, q.coin);
    filters.push(eq(socialPosts.coinId, q.coin));
  }
  if (q.exchange !== undefined) filters.push(eq(socialPosts.exchangeId, await requireExchange(db, q.exchange)));
  if (q.language) filters.push(eq(socialPosts.locale, q.language));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    socialQuery(db)
      .where(where)
      .orderBy(desc(socialPosts.publishedAt), desc(socialPosts.id))
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(socialPosts).where(where),
  ]);
  return {
    list: rows.map(toSocial),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    platform: q.platform ?? null,
    coin: q.coin ?? null,
    exchange: q.exchange ?? null,
  };
}

/** The coins and exchanges with the most posts on a platform, for the feed filters. */
export async function socialSources(
  db: Db,
  platform: SocialPlatform,
): Promise<{ coins: (CoinRef & { count: number })[]; exchanges: (ExchangeRef & { count: number })[] }> {
  const [coinRows, exchangeRows] = await Promise.all([
    db
      .select({ coinId: socialPosts.coinId, ...coinColumns, count: count() })
      .from(socialPosts)
      .innerJoin(coins, eq(coins.id, socialPosts.coinId))
      .where(eq(socialPosts.platform, platform))
      .groupBy(socialPosts.coinId, coins.symbol, coins.name, coins.rank)
      .orderBy(desc(count()), sql`${coins.rank} asc nulls last`, socialPosts.coinId)
      .limit(12),
    db
      .select({ name: exchanges.name, displayName: exchanges.displayName, count: count() })
      .from(socialPosts)
      .innerJoin(exchanges, eq(exchanges.id, socialPosts.exchangeId))
      .where(eq(socialPosts.platform, platform))
      .groupBy(exchanges.name, exchanges.displayName, exchanges.rank)
      .orderBy(desc(count()), sql`${exchanges.rank} asc nulls last`, exchanges.name)
      .limit(10),
  ]);
  return { coins: coinRows.map((r) => ({ ...(coinRef(r) as CoinRef), count: r.count })), exchanges: exchangeRows };
}

/**
 * One social post with the account's other recent posts. With `platform`, a post of the other
 * platform is missing too: /twitter/{id} never shows a Weibo post.
 */
export async function getSocial(db: Db, id: number, platform?: SocialPlatform): Promise<SocialDetail> {
  const [row] = await socialQuery(db).where(eq(socialPosts.id, id)).limit(1);
  if (!row || (platform !== undefined && row.platform !== platform)) throw missing();
  const more = await socialQuery(db)
    .where(and(eq(socialPosts.platform, row.platform), eq(socialPosts.account, row.account), ne(socialPosts.id, id)))
    .orderBy(desc(socialPosts.publishedAt), desc(socialPosts.id))
    .limit(5);
  return { ...toSocial(row), more: more.map(toSocial) };
}

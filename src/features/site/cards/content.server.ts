/**
 * What a share card shows, read from the database: an article's title, kind, source, time and
 * coins; a coin's name, price, change, figures and seven-day line. Each comes with the
 * fingerprint the cache compares (cache.ts): what, if it changed, makes the card a new picture.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Spark } from '../../../lib/sparkline.ts';
import type { Db } from '../../../server/db/index.ts';
import { articleCoins, articles, coins, columnists } from '../../../server/db/schema/index.ts';
import { coinNameBook, localCoinName } from '../../market/coins/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { coinIconSvg } from '../../market/coins/index.ts';
import { coinIconInfo, currentCoin, currentTotals } from '../../market/coins/index.ts';

export interface ArticleCardContent {
  kind: 'article';
  id: number;
  articleKind: 'news' | 'research';
  title: string;
  /** The language the article is written in (the title's font follows it). */
  language: string;
  /** The columnist, else the host of the original, else null (the site's own). */
  source: string | null;
  publishedAt: string;
  /** Symbols of the coins it is about, at most four. */
  coins: string[];
}

export interface CoinCardContent {
  kind: 'coin';
  id: string;
  name: string;
  /** The coin's name in the card's language, when it has one (比特币). */
  localName: string | null;
  symbol: string;
  rank: number | null;
  /** USD. */
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
  volume24h: number | null;
  spark: Spark | null;
  /** When the price was last computed. */
  priceAt: string;
  /** The demo seeder's figures (the site or this coin). */
  demo: boolean;
  iconSvg: string;
}

export type CardContent = ArticleCardContent | CoinCardContent;

/** Lengths a card takes: a longer title is cut (the card is a preview; the page has the rest). */
const TITLE_MAX = 160;
const SOURCE_MAX = 60;

/** At most `max` characters (whole code points), with an ellipsis when cut; control characters dropped. */
export function clip(text: string, max: number): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  return chars.length <= max
    ? clean
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** The host of a source URL without "www." ("coindesk.com"), or null. */
function sourceHost(url: string | null): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** A visible article (news or research) by id, or null. */
export async function articleCard(db: Db, id: number): Promise<ArticleCardContent | null> {
  const [row] = await db
    .select({
      id: articles.id,
      kind: articles.kind,
      title: articles.title,
      locale: articles.locale,
      publishedAt: articles.publishedAt,
      sourceUrl: articles.sourceUrl,
      columnist: columnists.name,
    })
    .from(articles)
    .leftJoin(columnists, eq(columnists.id, articles.columnistId))
    .where(and(eq(articles.id, id), isNull(articles.deletedAt)))
    .limit(1);
  if (!row) return null;
  const symbols = await db
    .select({ symbol: coins.symbol })
    .from(articleCoins)
    .innerJoin(coins, eq(coins.id, articleCoins.coinId))
    .where(eq(articleCoins.articleId, id))
    .orderBy(asc(coins.rank), asc(coins.id))
    .limit(4);
  const source = row.columnist ?? sourceHost(row.sourceUrl);
  return {
    kind: 'article',
    id: row.id,
    articleKind: row.kind,
    title: clip(row.title, TITLE_MAX),
    language: row.locale,
    source: source ? clip(source, SOURCE_MAX) : null,
    publishedAt: row.publishedAt.toISOString(),
    coins: symbols.map((s) => s.symbol),
  };
}

/** A coin by id, or null. */
export async function coinCard(db: Db, id: string, locale: Locale): Promise<CoinCardContent | null> {
  let coin: Awaited<ReturnType<typeof currentCoin>>;
  try {
    coin = await currentCoin(db, id);
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return null;
    throw e;
  }
  const [info, names, totals] = await Promise.all([coinIconInfo(db, id), coinNameBook(db), currentTotals(db)]);
  const local = localCoinName(names, locale, coin.id);
  return {
    kind: 'coin',
    id: coin.id,
    name: clip(coin.name, 40),
    localName: local && local !== coin.name ? clip(local, 20) : null,
    symbol: clip(coin.symbol, 12),
    rank: coin.rank,
    price: coin.price,
    change24h: coin.change24h,
    marketCap: coin.marketCap,
    volume24h: coin.volume24h,
    spark: coin.spark,
    priceAt: coin.updatedAt,
    demo: coin.demo || totals.provenance.source === 'demo',
    iconSvg: info ? await coinIconSvg(info.symbol, info.color, info.hasIcon) : '',
  };
}

/** Three significant digits: a price that moved less than about half a per cent keeps its card. */
const roughly = (n: number | null) => (n === null || !Number.isFinite(n) ? '' : n.toPrecision(3));

/**
 * What makes a card a new picture. An article's: every word it shows. A coin's: its name, rank
 * and figures rounded (price and market cap to three significant digits, the change to a tenth
 * of a point), so a price ticking by a cent does not redraw it.
 */
export function fingerprint(c: CardContent): string {
  if (c.kind === 'article')
    return JSON.stringify([c.articleKind, c.title, c.language, c.source, c.publishedAt, c.coins]);
  return JSON.stringify([
    c.name,
    c.localName,
    c.symbol,
    c.rank,
    roughly(c.price),
    c.change24h === null ? '' : c.change24h.toFixed(1),
    roughly(c.marketCap),
    roughly(c.volume24h),
    c.demo,
    c.spark?.d ?? '',
  ]);
}

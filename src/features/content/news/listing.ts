/** Reading and writing the query of the article lists (/news, /research, /columnist/{id}). */
import { parseListPage, readListQuery } from '../../../lib/listQuery.ts';
import { DEFAULT_PAGE_SIZE, pageCount } from '../../../lib/pagination.ts';
import { getDb, type Db } from '../../../server/db/index.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { demoKinds } from '../sources/index.ts';
import { coinForFilter, contentLocale, listArticles, type ArticleKind } from './news.server.ts';
import type { View } from '../../../server/view.ts';

export interface Listing {
  page: number;
  size: number;
  coin: string | undefined;
}

/**
 * Page, size and coin filter of a list URL. A page that is not a number shows page 1 and an
 * unknown size the default (`defaultSize`, the list's), like the other lists (a stale bookmark
 * still shows something).
 */
export function readListing(params: URLSearchParams, defaultSize: number = DEFAULT_PAGE_SIZE): Listing {
  const coin = params.get('coin')?.trim();
  return {
    page: parseListPage(params.get('page') ?? undefined) ?? 1,
    size: readListQuery(params, [], [], defaultSize).size,
    coin: coin ? coin.toLowerCase() : undefined,
  };
}

/**
 * The query string of a list page, defaults (`defaultSize`: the page's) left out.
 * @example listingSearch({ page: 2, size: 10, coin: 'bitcoin' }) // '?coin=bitcoin&page=2'
 */
export function listingSearch(q: Listing, defaultSize: number = DEFAULT_PAGE_SIZE): string {
  const s = new URLSearchParams();
  if (q.coin) s.set('coin', q.coin);
  if (q.page > 1) s.set('page', String(q.page));
  if (q.size !== defaultSize) s.set('size', String(q.size));
  const qs = s.toString();
  return qs ? `?${qs}` : '';
}

/**
 * The newest news beside the home page and the flash news timeline, read at most once per 2 s per
 * set of languages (never served older: src/server/db/cache.ts), shared by both pages.
 */
export function latestNews(db: Db, locales: readonly Locale[]) {
  return memoMarket(
    db,
    'latestNews',
    locales.join(','),
    () => listArticles(db, { page: 1, size: 6, kind: 'news', locales }),
    { ttlMs: 2_000, max: 16 },
  );
}

/**
 * A page of a columnist's articles (every language), read at most once per 2 s like the lists
 * below, for every variant of /columnist/{id} at once. The columnist's own row (followers,
 * counts) is not kept: a reader who follows sees the count move at once.
 */
export function columnistArticles(db: Db, columnist: number, page: number, size: number) {
  return memoMarket(
    db,
    'columnistArticles',
    `${columnist}:${page}:${size}`,
    () => listArticles(db, { columnist, page, size }),
    { ttlMs: 2_000, max: 64 },
  );
}

/** What /news and /research render: the page of articles, the coin filter and the link builder. */
interface ArticleIndexData {
  kind: ArticleKind;
  result: Awaited<ReturnType<typeof listArticles>>;
  coin: Awaited<ReturnType<typeof coinForFilter>> | undefined;
  contentLocale: ReturnType<typeof contentLocale>;
  url: (page: number, size: number, coin?: string) => string;
  /** A page past the last one: the page answers 404 with the pager. */
  outOfRange: boolean;
  /** This kind is still the demo seeder's: the page says so once. */
  kindDemo: boolean;
}

/** Loads an article list page from its URL query; null for an unknown coin filter (a 404). */
export async function loadArticleIndex(
  v: View,
  params: URLSearchParams,
  kind: ArticleKind,
): Promise<ArticleIndexData | null> {
  const defaultSize = v.pageSize('news');
  const q = readListing(params, defaultSize);
  const db = await getDb();
  let coin: ArticleIndexData['coin'];
  try {
    coin = q.coin ? await coinForFilter(db, q.coin) : undefined;
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return null;
    throw e;
  }
  const locales = contentLocales(v.locale);
  // A page of a list is read at most once per 2 s per set of languages (never served older:
  // src/server/db/cache.ts), the age the page micro-cache (PAGE_CACHE_MS) gives a whole page
  // anyway, for every currency, theme and colour variant of it at once.
  const key = [kind, q.page, q.size, coin?.id ?? '', locales.join(',')].join(':');
  const [result, demo] = await Promise.all([
    memoMarket(
      db,
      'articleIndex',
      key,
      () => listArticles(db, { kind, page: q.page, size: q.size, locales, coin: coin?.id }),
      { ttlMs: 2_000, max: 64 },
    ),
    demoKinds(db),
  ]);
  return {
    kind,
    result,
    coin,
    contentLocale: contentLocale(v.locale),
    url: (page, size, c) => v.href(`/${kind}`) + listingSearch({ page, size, coin: c }, defaultSize),
    outOfRange: result.total > 0 && q.page > pageCount(result.total, q.size),
    kindDemo: demo[kind],
  };
}

/**
 * The site's own small pages: the latest reviews across every target (/review) and the
 * embeddable price widget (/widget).
 */
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/index.ts';
import { coins, comments, exchanges, offerings, users } from '../../server/db/schema/index.ts';
import { coinIcon, priceAge, priceAgeColumns } from '../market/coins/index.ts';
import { num, type Page } from '../../server/db/numbers.ts';
import { isRateSymbol, type RateSymbol } from '../../server/rates/rates.ts';
import {
  overallLabel,
  REVIEW_DIMENSIONS,
  RATING_MAX,
  type Review,
  type ReviewTargetType,
} from '../reader/reviews/index.ts';

export const REVIEW_TARGET_TYPES = ['coin', 'exchange', 'offering'] as const satisfies readonly ReviewTargetType[];

interface ReviewTarget {
  type: ReviewTargetType;
  /** The identifier in the target's URL: coin id, exchange name, offering slug. */
  id: string;
  name: string;
  symbol: string | null;
  /** Site path of the target's page. */
  path: string;
  /** Site path of the target's full review list. */
  reviewsPath: string;
}

export interface LatestReview extends Review {
  target: ReviewTarget;
}

const TARGET_PATHS: Record<ReviewTargetType, (id: string) => { path: string; reviewsPath: string }> = {
  coin: (id) => ({ path: `/coin/${encodeURIComponent(id)}`, reviewsPath: `/coin/${encodeURIComponent(id)}/ratings` }),
  exchange: (id) => ({
    path: `/exchange/${encodeURIComponent(id)}`,
    reviewsPath: `/exchange/${encodeURIComponent(id)}/comment`,
  }),
  offering: (id) => ({ path: `/ieo/${encodeURIComponent(id)}`, reviewsPath: `/ieo/${encodeURIComponent(id)}/comment` }),
};

/**
 * The newest reviews of every coin, exchange and offering (or of one kind), with their targets.
 * Reviews whose target no longer exists are left out. Targets are named as in their URLs:
 * coin id, exchange name, offering slug.
 */
export async function latestReviews(
  db: Db,
  q: { page: number; size: number; type?: ReviewTargetType | undefined },
): Promise<Page<LatestReview>> {
  const joinCoin = and(eq(comments.targetType, 'coin'), eq(coins.id, comments.targetId));
  const joinExchange = and(eq(comments.targetType, 'exchange'), eq(exchanges.name, comments.targetId));
  const joinOffering = and(eq(comments.targetType, 'offering'), eq(offerings.slug, comments.targetId));
  const exists = or(isNotNull(coins.id), isNotNull(exchanges.id), isNotNull(offerings.id));
  const where: SQL | undefined = q.type ? and(eq(comments.targetType, q.type), exists) : exists;
  const base = () =>
    db
      .select({
        id: comments.id,
        targetType: comments.targetType,
        targetId: comments.targetId,
        username: users.username,
        nickname: users.nickname,
        anonymous: comments.anonymous,
        content: comments.content,
        overall: comments.overall,
        ratings: comments.ratings,
        createdAt: comments.createdAt,
        coinName: coins.name,
        coinSymbol: coins.symbol,
        exchangeName: exchanges.displayName,
        offeringName: offerings.name,
        offeringSymbol: offerings.symbol,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(coins, joinCoin)
      .leftJoin(exchanges, joinExchange)
      .leftJoin(offerings, joinOffering);
  const [rows, [agg]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(comments)
      .leftJoin(coins, joinCoin)
      .leftJoin(exchanges, joinExchange)
      .leftJoin(offerings, joinOffering)
      .where(where),
  ]);
  return {
    list: rows.map((r) => {
      const overall = num(r.overall) ?? 0;
      const type = r.targetType;
      const ratings: Record<string, number> = {};
      for (const key of REVIEW_DIMENSIONS[type]) {
        const v = Number(r.ratings?.[key]);
        if (Number.isFinite(v) && v >= 1 && v <= RATING_MAX) ratings[key] = v;
      }
      return {
        id: r.id,
        author: r.anonymous ? null : (r.nickname ?? r.username),
        authorName: r.anonymous ? null : r.username,
        anonymous: r.anonymous,
        content: r.content,
        overall,
        label: overallLabel(overall),
        ratings,
        createdAt: r.createdAt.toISOString(),
        target: {
          type,
          id: r.targetId,
          name: (type === 'coin' ? r.coinName : type === 'exchange' ? r.exchangeName : r.offeringName) ?? r.targetId,
          symbol: type === 'coin' ? r.coinSymbol : type === 'offering' ? r.offeringSymbol : null,
          ...TARGET_PATHS[type](r.targetId),
        },
      };
    }),
    total: agg?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** At most this many coins in one widget. */
export const WIDGET_MAX_COINS = 10;
/** Coins a widget shows when none are asked for: the top by market cap. */
export const WIDGET_DEFAULT_COUNT = 5;

interface WidgetQuery {
  /** Requested coin ids in order, deduplicated; empty means the default top coins. */
  coins: string[];
  theme: 'light' | 'dark';
  currency: RateSymbol;
}

/**
 * Reads the widget's query leniently (an embed must never break on a typo): unknown themes and
 * currencies fall back to light and USD, coin ids are trimmed, lower-cased, deduplicated and
 * capped at {@link WIDGET_MAX_COINS}.
 * @example parseWidgetQuery(new URLSearchParams('coins=Bitcoin,,ethereum&theme=dark')) // { coins: ['bitcoin', 'ethereum'], theme: 'dark', currency: 'USD' }
 */
export function parseWidgetQuery(params: URLSearchParams): WidgetQuery {
  const ids = (params.get('coins') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => /^[a-z0-9][a-z0-9.-]{0,79}$/.test(s));
  const currency = (params.get('currency') ?? '').trim().toUpperCase();
  return {
    coins: [...new Set(ids)].slice(0, WIDGET_MAX_COINS),
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
    currency: isRateSymbol(currency) ? currency : 'USD',
  };
}

interface WidgetCoin {
  id: string;
  name: string;
  symbol: string;
  icon: string;
  price: number | null;
  change24h: number | null;
  /** The age of the price's newest figure, and whether it is stale (the widget marks it). */
  priceAt: string | null;
  stale: boolean;
}

/** The widget's coins in the requested order (unknown ids listed apart), or the top coins. */
export async function widgetCoins(
  db: Db,
  ids: string[],
): Promise<{ coins: WidgetCoin[]; unknown: string[]; updatedAt: string | null }> {
  // A price's age is its newest figure's (price_at), not the time its row was last written.
  const columns = {
    id: coins.id,
    name: coins.name,
    symbol: coins.symbol,
    price: coins.price,
    change24h: coins.change24h,
    ...priceAgeColumns,
    updatedAt: coins.updatedAt,
  };
  const rows = ids.length
    ? await db.select(columns).from(coins).where(inArray(coins.id, ids))
    : await db
        .select(columns)
        .from(coins)
        .where(isNotNull(coins.rank))
        .orderBy(asc(coins.rank))
        .limit(WIDGET_DEFAULT_COUNT);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.length ? ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) : rows;
  const newest = ordered
    .map((r) => r.priceAt ?? r.updatedAt)
    .reduce<Date | null>((a, at) => (!a || at > a ? at : a), null);
  return {
    coins: ordered.map((r) => ({
      id: r.id,
      name: r.name,
      symbol: r.symbol,
      icon: coinIcon(r.id),
      price: num(r.price),
      change24h: num(r.change24h),
      ...priceAge(r),
    })),
    unknown: ids.filter((id) => !byId.has(id)),
    updatedAt: newest?.toISOString() ?? null,
  };
}

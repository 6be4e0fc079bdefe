/**
 * Community content: project updates ("dynamics", /dynamic), with the helpers the community
 * areas share; social posts of projects and exchanges (/twitter, /weibo) are in social.server.ts,
 * questions and answers (/question, /wenda) in questions.server.ts.
 *
 * Language rule:
 * - Project updates and questions are written for readers of one language, so their lists show
 *   the rows of the page's content language (`contentLanguage`): Chinese for zh and zh-hk, English
 *   for en and ko (the seed and imports carry en and zh only).
 * - Social posts are quotes of official accounts in the language they posted in (Twitter mostly
 *   English, Weibo mostly Chinese); a feed shows every post of its platform, whatever the page
 *   language. The API can still narrow a feed with `lang`.
 * - A detail page shows any row by id, whatever its language, so shared links keep working.
 *
 * A missing id is a 404 with "Content does not exist or has been removed" (`community.missing`).
 */
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coins, exchanges, projectUpdates } from '../../../server/db/schema/index.ts';
import { primaryContentLocale, type PrimaryContentLocale } from '../../../server/i18n/contentLocale.ts';
import { notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import type { Page } from '../../../server/db/numbers.ts';

/** Kinds of project updates, stable codes the UI translates. */
export const UPDATE_KINDS = ['release', 'partnership', 'listing', 'governance', 'security', 'event'] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

/** Question list views: newest first, only unanswered ones, most viewed first. */

export const SOCIAL_PLATFORMS = ['twitter', 'weibo'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export type ContentLanguage = PrimaryContentLocale;

export const isUpdateKind = (s: unknown): s is UpdateKind => (UPDATE_KINDS as readonly unknown[]).includes(s);

const MAX_ID = 2_147_483_647;

/** The content language a page lists: Chinese for zh and zh-hk, English for en and ko. */
export const contentLanguage = primaryContentLocale;

/**
 * A content id from a path segment: a positive whole number that fits the id column.
 * @example parseContentId('42') // 42; parseContentId('0x2a') // undefined
 */
export function parseContentId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= MAX_ID ? n : undefined;
}

/** The 404 of a missing (or wrong-platform) item. */
export const missing = () => notFound('community.missing');

/**
 * The first characters of a text for a list, cut at a word or sentence boundary when one is
 * near, with an ellipsis when cut.
 * @example excerpt('Hello world, again', 12) // 'Hello world…'
 */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const boundary = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('，'), cut.lastIndexOf('。'), cut.lastIndexOf(','));
  return `${(boundary > max * 0.6 ? cut.slice(0, boundary) : cut).replace(/[\s,，。.]+$/, '')}…`;
}

/**
 * The public page of an account.
 * @example profileUrl('twitter', 'solana') // 'https://x.com/solana'
 */
export function profileUrl(platform: SocialPlatform, account: string): string {
  return platform === 'twitter'
    ? `https://x.com/${encodeURIComponent(account)}`
    : `https://weibo.com/u/${encodeURIComponent(account)}`;
}

import type { CoinRef } from '../../../lib/rows.ts';

export type { CoinRef };

export interface ExchangeRef {
  name: string;
  displayName: string;
}

export const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

export const coinRef = (r: {
  coinId: string | null;
  coinSymbol: string | null;
  coinName: string | null;
}): CoinRef | null =>
  r.coinId && r.coinSymbol && r.coinName
    ? { id: r.coinId, symbol: r.coinSymbol, name: r.coinName, icon: coinIcon(r.coinId) }
    : null;

export const coinColumns = { coinSymbol: coins.symbol, coinName: coins.name };

/** Throws the 404 of an unknown coin filter. */
export async function requireCoin(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: coins.id }).from(coins).where(eq(coins.id, id)).limit(1);
  if (!row) throw notFound('community.unknownCoin', { id });
}

/** The id of an exchange named by its slug; throws the 404 of an unknown one. */
export async function requireExchange(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.name, name)).limit(1);
  if (!row) throw notFound('community.unknownExchange', { name });
  return row.id;
}

export const pageOffset = (q: { page: number; size: number }) => (q.page - 1) * q.size;

// ---------------------------------------------------------------------------------------------
// Project updates

export interface UpdateItem {
  id: number;
  kind: string;
  title: string;
  excerpt: string;
  coin: CoinRef;
  sourceUrl: string | null;
  locale: string;
  publishedAt: string;
}

export interface UpdateDetail extends UpdateItem {
  body: string;
  /** Newer and older updates of the same coin, in the same language. */
  related: UpdateItem[];
}

export type UpdatePage = Page<UpdateItem> & {
  kind: UpdateKind | null;
  coin: string | null;
  /** Updates per kind in the language (and coin, when filtered), for the filter tabs. */
  kinds: { kind: string; count: number }[];
};

const updateColumns = {
  id: projectUpdates.id,
  kind: projectUpdates.kind,
  title: projectUpdates.title,
  body: projectUpdates.body,
  coinId: projectUpdates.coinId,
  sourceUrl: projectUpdates.sourceUrl,
  locale: projectUpdates.locale,
  publishedAt: projectUpdates.publishedAt,
  ...coinColumns,
};

interface UpdateRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  coinId: string;
  coinSymbol: string;
  coinName: string;
  sourceUrl: string | null;
  locale: string;
  publishedAt: Date;
}

const toUpdate = (r: UpdateRow): UpdateItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  excerpt: excerpt(r.body),
  coin: coinRef(r) as CoinRef,
  sourceUrl: r.sourceUrl,
  locale: r.locale,
  publishedAt: iso(r.publishedAt) as string,
});

/** Project updates of a language, newest first, optionally of one kind and one coin. */
export async function listUpdates(
  db: Db,
  q: {
    page: number;
    size: number;
    language: ContentLanguage;
    kind?: UpdateKind | undefined;
    coin?: string | undefined;
  },
): Promise<UpdatePage> {
  if (q.coin !== undefined) await requireCoin(db, q.coin);
  const base: SQL[] = [eq(projectUpdates.locale, q.language)];
  if (q.coin !== undefined) base.push(eq(projectUpdates.coinId, q.coin));
  const where = and(...base, ...(q.kind ? [eq(projectUpdates.kind, q.kind)] : []));
  const [rows, [total], kinds] = await Promise.all([
    db
      .select(updateColumns)
      .from(projectUpdates)
      .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
      .where(where)
      .orderBy(desc(projectUpdates.publishedAt), desc(projectUpdates.id))
      .limit(q.size)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(projectUpdates).where(where),
    db
      .select({ kind: projectUpdates.kind, count: count() })
      .from(projectUpdates)
      .where(and(...base))
      .groupBy(projectUpdates.kind),
  ]);
  const order = (k: string) => (isUpdateKind(k) ? UPDATE_KINDS.indexOf(k) : UPDATE_KINDS.length);
  return {
    list: (rows as UpdateRow[]).map(toUpdate),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    kind: q.kind ?? null,
    coin: q.coin ?? null,
    kinds: kinds.sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind)),
  };
}

/** The coins with the most updates in a language, for the coin filter. */
export async function updateCoins(
  db: Db,
  q: { language: ContentLanguage; limit?: number },
): Promise<(CoinRef & { count: number })[]> {
  const rows = await db
    .select({ coinId: projectUpdates.coinId, ...coinColumns, count: count() })
    .from(projectUpdates)
    .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
    .where(eq(projectUpdates.locale, q.language))
    .groupBy(projectUpdates.coinId, coins.symbol, coins.name, coins.rank)
    .orderBy(desc(count()), sql`${coins.rank} asc nulls last`, projectUpdates.coinId)
    .limit(q.limit ?? 12);
  return rows.map((r) => ({ ...(coinRef(r) as CoinRef), count: r.count }));
}

/** One project update with the coin's other updates in its language. */
export async function getUpdate(db: Db, id: number): Promise<UpdateDetail> {
  const [row] = await db
    .select(updateColumns)
    .from(projectUpdates)
    .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
    .where(eq(projectUpdates.id, id))
    .limit(1);
  if (!row) throw missing();
  const related = await db
    .select(updateColumns)
    .from(projectUpdates)
    .innerJoin(coins, eq(coins.id, projectUpdates.coinId))
    .where(and(eq(projectUpdates.coinId, row.coinId), eq(projectUpdates.locale, row.locale), ne(projectUpdates.id, id)))
    .orderBy(desc(projectUpdates.publishedAt), desc(projectUpdates.id))
    .limit(5);
  return { ...toUpdate(row as UpdateRow), body: row.body, related: (related as UpdateRow[]).map(toUpdate) };
}

/** Helpers the community pages share: reading list parameters, building list URLs, 404s. */
import { parseListPage, readListQuery } from '../../../lib/listQuery.ts';
import { DEFAULT_PAGE_SIZE, pageCount } from '../../../lib/pagination.ts';
import type { Db } from '../../../server/db/index.ts';
import type { SocialPlatform } from './community.server.ts';
import { listSocial, socialSources } from './social.server.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { View } from '../../../server/view.ts';

/** A count (views, likes): exact below 10,000, abbreviated above (SPEC §9 units). */
export const countText = (v: View, n: number): string => (n >= 10_000 ? v.number(n) : v.count(n));

const SLUG = /^[a-z0-9][a-z0-9.-]{0,119}$/i;

/**
 * Page number, page size and a coin or exchange slug from a list URL. Malformed values fall back
 * to the defaults (a stale bookmark still shows the list); a well-formed slug is kept, and an
 * unknown one becomes the domain's 404.
 */
export function readList(
  params: URLSearchParams,
  keys: readonly string[] = [],
): { page: number; size: number; slugs: Record<string, string | undefined> } {
  const page = parseListPage(params.get('page') ?? undefined) ?? 1;
  const { size } = readListQuery(params, []);
  const slugs: Record<string, string | undefined> = {};
  for (const key of keys) {
    const raw = params.get(key);
    slugs[key] = raw && SLUG.test(raw) ? raw : undefined;
  }
  return { page, size, slugs };
}

/**
 * A list URL with its query, leaving out empty values, page 1 and the default size.
 * @example listUrl('/zh/question', { sort: 'views', page: 2, size: 10 }) // '/zh/question?sort=views&page=2'
 */
export function listUrl(path: string, params: Record<string, string | number | null | undefined>): string {
  const s = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'size' && value === DEFAULT_PAGE_SIZE) continue;
    s.set(key, String(value));
  }
  const qs = s.toString();
  return qs ? `${path}?${qs}` : path;
}

export type Loaded<T> = { ok: true; data: T } | { ok: false; key: string; vars: Record<string, string | number> };

/** Runs a domain load; a 404 DomainError (missing item, unknown filter) becomes a value the page renders. */
export async function load<T>(fn: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return { ok: false, key: e.key, vars: e.vars };
    throw e;
  }
}

/** Loads a social feed page (/twitter, /weibo) from its URL: posts, filter sources and the status. */
export async function loadSocialFeed(db: Db, params: URLSearchParams, platform: SocialPlatform) {
  const { page, size, slugs } = readList(params, ['coin', 'exchange']);
  const [result, sources] = await Promise.all([
    load(() => listSocial(db, { page, size, platform, coin: slugs.coin, exchange: slugs.exchange })),
    socialSources(db, platform),
  ]);
  const outOfRange = result.ok && result.data.total > 0 && page > pageCount(result.data.total, size);
  return { result, sources, status: !result.ok || outOfRange ? 404 : 200 };
}

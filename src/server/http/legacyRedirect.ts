/**
 * SPEC §2's legacy routes.
 *
 * The retired live-stream routes (/zhibo, /zhibo/{id}, /playback, /playback/{id})
 * redirect to the home page, keeping the locale prefix they were requested under
 * (/zh/zhibo/7 → /zh/). Permanent (301): the routes have no content of their own any more,
 * so search engines and bookmarks should move on. SPEC §2 also lists /playback/{id?} among the
 * pages ("playback") with no content shown; the explicit redirect row wins, so there is no playback page.
 *
 * The old detail forms (/coindetails/{id}, /coin/detail/content?id=, /exchangedetails/{name},
 * /exchange/detail/{article,comment,content}?…, /ieo/detail/{comment,id}?id=) are permanent
 * redirects (301) to today's page for the same thing, under the same prefix, with the query
 * parameters they did not consume. {@link legacyTarget} maps a request to a target without touching
 * the database; the page then checks the item exists ({@link resolveLegacy}), so a stale link gets
 * a 404 in the reader's language instead of a redirect to one. Targets are built only from our
 * own path templates and ids that pass {@link SLUG} or {@link NUMERIC_ID}: nothing from the request
 * can make the Location leave the site.
 */
import { CACHE } from './cachePolicy.mjs';
import { isCoinTab } from '../../features/market/coin/index.ts';

export function redirectHome(base: string): Response {
  return new Response(null, { status: 301, headers: { Location: `${base}/`, 'Cache-Control': CACHE.day } });
}

/** A coin id, exchange name or offering slug: the slug rule the list filters use (src/features/content/community/page.ts). */
export const SLUG = /^[a-z0-9][a-z0-9.-]{0,119}$/i;
/** A content id (announcements): a positive 32-bit integer. */
const NUMERIC_ID = /^[1-9]\d{0,9}$/;

export type LegacyRoute =
  | 'coindetails'
  | 'coinContent'
  | 'exchangedetails'
  | 'exchangeArticle'
  | 'exchangeComment'
  | 'exchangeContent'
  | 'ieoComment'
  | 'ieoId';

/** What a legacy link names, for the existence check. */
export type LegacyKind = 'coin' | 'exchange' | 'announcement' | 'offering';

interface Source {
  /** A query parameter, or `null` for the path parameter. */
  key: string | null;
  kind: LegacyKind;
  /** Today's path for a valid id (and the request's query, for tab-like parameters). */
  to: (id: string, params: URLSearchParams) => string;
  /** Query parameters this source consumes besides its key. */
  consumes?: readonly string[];
}

const e = encodeURIComponent;
const coinTab = (params: URLSearchParams, fallback: string) => {
  const type = params.get('type');
  return type && isCoinTab(type) ? type : fallback;
};
const exchangeKeys = ['name', 'exchange', 'id'] as const;

/**
 * Each route's sources, tried in order; the first parameter present decides. Query names follow the
 * site's own conventions: `id` for the item, `coin` and `exchange` as in the list filters
 * (/lives?coin=, /announcement?exchange=), `name` for exchanges as in their URLs, `type` for a coin tab.
 */
const ROUTES: Record<LegacyRoute, readonly Source[]> = {
  coindetails: [
    {
      key: null,
      kind: 'coin',
      to: (id, p) => {
        const tab = coinTab(p, 'overview');
        return tab === 'overview' ? `/coin/${e(id)}` : `/coin/${e(id)}/${tab}`;
      },
      consumes: ['type'],
    },
  ],
  // "content": the coin's description, today's introduce tab (or the tab named by ?type=).
  coinContent: ['id', 'coin'].map((key) => ({
    key,
    kind: 'coin' as const,
    to: (id: string, p: URLSearchParams) => `/coin/${e(id)}/${coinTab(p, 'introduce')}`,
    consumes: ['type'],
  })),
  exchangedetails: [{ key: null, kind: 'exchange', to: (id) => `/exchange/${e(id)}` }],
  // An article of an exchange by its id; given only the exchange, its announcement list.
  exchangeArticle: [
    { key: 'id', kind: 'announcement', to: (id) => `/exchange/article/${id}` },
    ...(['name', 'exchange'] as const).map((key) => ({
      key,
      kind: 'exchange' as const,
      to: (id: string) => `/announcements/${e(id)}`,
    })),
  ],
  exchangeComment: exchangeKeys.map((key) => ({
    key,
    kind: 'exchange' as const,
    to: (id: string) => `/exchange/${e(id)}/comment`,
  })),
  exchangeContent: exchangeKeys.map((key) => ({
    key,
    kind: 'exchange' as const,
    to: (id: string) => `/exchange/${e(id)}`,
  })),
  ieoComment: [{ key: 'id', kind: 'offering', to: (id) => `/ieo/${e(id)}/comment` }],
  ieoId: [{ key: 'id', kind: 'offering', to: (id) => `/ieo/${e(id)}` }],
};

type LegacyTarget =
  /** Redirect once `key` of `kind` is known to exist; `path` has no prefix, `search` is '' or '?…'. */
  | { ok: true; kind: LegacyKind; key: string; path: string; search: string; rebuild: (canonicalId: string) => string }
  /** Nothing to go on (`missing`), or an id that cannot name anything (`invalid`). */
  | { ok: false; kind: LegacyKind; reason: 'missing' | 'invalid' };

/** The list page a reader of a dead legacy link is offered instead. */
export const LEGACY_BACK: Record<LegacyKind, string> = {
  coin: '/coin/list_1',
  exchange: '/exchange/list_1',
  announcement: '/announcement',
  offering: '/ieo',
};

/**
 * Where a legacy request goes. Pure: the page checks the item exists and adds the locale prefix.
 * @example legacyTarget('coindetails', 'bitcoin', new URLSearchParams('currency=EUR')) // { ok: true, path: '/coin/bitcoin', search: '?currency=EUR', … }
 */
export function legacyTarget(route: LegacyRoute, pathParam: string | undefined, params: URLSearchParams): LegacyTarget {
  const sources = ROUTES[route];
  const first = sources[0]!;
  const source = sources.find((s) =>
    s.key === null ? pathParam !== undefined && pathParam !== '' : params.has(s.key),
  );
  if (!source) return { ok: false, kind: first.kind, reason: 'missing' };
  const raw = (source.key === null ? pathParam : params.get(source.key))?.trim() ?? '';
  const valid = source.kind === 'announcement' ? NUMERIC_ID.test(raw) && Number(raw) <= 2_147_483_647 : SLUG.test(raw);
  if (!valid) return { ok: false, kind: source.kind, reason: 'invalid' };
  const consumed = new Set<string>([
    ...sources.map((s) => s.key).filter((k): k is string => k !== null),
    ...(source.consumes ?? []),
  ]);
  const kept = new URLSearchParams();
  for (const [k, val] of params) if (!consumed.has(k)) kept.append(k, val);
  const qs = kept.toString();
  const search = qs ? `?${qs}` : '';
  return {
    ok: true,
    kind: source.kind,
    key: raw,
    path: source.to(raw, params),
    search,
    rebuild: (id) => source.to(id, params),
  };
}

/** The permanent redirect to a target under the request's prefix (`base` is '' or '/zh', …). */
export function legacyRedirect(base: string, path: string, search: string): Response {
  // Paths come from ROUTES' templates (leading '/', ids percent-encoded), so `//host` cannot arise.
  return new Response(null, {
    status: 301,
    headers: { Location: `${base}${path}${search}`, 'Cache-Control': CACHE.hour },
  });
}

/**
 * How a content source is read: 'feed' (RSS, Atom, RDF or JSON Feed at its URL) and the JSON
 * APIs that need an adapter of their own. Each turns one answer into import items; every request
 * goes through SourceHttp (timeout, retries with backoff honouring Retry-After, a request budget,
 * a size cap), so a source that fails, stalls or floods costs one logged error.
 */
import { z } from 'zod';
import type { ContentSource } from '../../../features/content/sources/index.ts';
import { SourceHttp } from '../sources/http.ts';
import { rowsOf, readable } from '../sources/values.ts';
import { ANNOUNCEMENT_ADAPTERS } from './exchanges/index.ts';
import { parseFeedItems } from './feed.ts';
import type { ContentLocale, ImportItem } from './item.ts';
import { htmlToText, safeHref, sanitizeHtml } from './sanitize.ts';

/** A feed or an answer larger than this is refused: no real one is near it. */
export const MAX_CONTENT_BYTES = 4 * 1024 * 1024;

export interface ContentAdapter {
  read(http: SourceHttp, source: ContentSource, locale: ContentLocale, signal?: AbortSignal): Promise<ImportItem[]>;
  /** The request budget: a share of what the source allows (feeds: a few requests a minute). */
  budget?: { limit: number; windowMs: number; share?: number };
  /** Statuses by which the source bans a client: never retried (SourceHttp). */
  banStatuses?: number[];
}

/** A source's HTTP client, on the origin of its URL (a feed's path is the request's). */
export function httpFor(
  source: ContentSource,
  adapter: ContentAdapter,
  options: { fetch?: typeof fetch | undefined; timeoutMs?: number | undefined } = {},
): SourceHttp {
  const fetchImpl = options.fetch;
  return new SourceHttp({
    name: source.id,
    baseUrl: source.adapter === 'feed' ? new URL(source.url).origin : source.url,
    timeoutMs: options.timeoutMs ?? 15_000,
    retries: 1,
    budget: adapter.budget ?? { limit: 20, windowMs: 60_000, share: 1 },
    maxBytes: MAX_CONTENT_BYTES,
    maxRetryWaitMs: 30_000,
    ...(adapter.banStatuses ? { banStatuses: adapter.banStatuses } : {}),
    headers: { 'user-agent': 'Coinlens content ingest (+https://github.com/coinlens)' },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml, text/xml;q=0.9, */*;q=0.5';

const feed: ContentAdapter = {
  async read(http, source, _locale, signal) {
    const u = new URL(source.url);
    // Parsed inside the schema: a document that is no feed (an error page, a cut-off answer) is a
    // SourceError like any other bad answer, and the source reads as failing.
    const feedItems = z.string().transform((text, ctx) => {
      try {
        return parseFeedItems(text, source.id, source.url).items;
      } catch (e) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (e as Error).message });
        return z.NEVER;
      }
    });
    return http.get(`${u.pathname}${u.search}`, {
      schema: feedItems,
      body: 'text',
      follow: true,
      headers: { accept: FEED_ACCEPT },
      ...(signal ? { signal } : {}),
    });
  },
};

/** BlockBeats's open API (github.com/BlockBeatsOfficial/RESTful-API): `lang` cn, en or cht. */
const BLOCKBEATS_LANG: Partial<Record<ContentLocale, string>> = { zh: 'cn', en: 'en', 'zh-hk': 'cht' };
const blockbeatsFlash = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().min(1),
  content: z.string().default(''),
  pic: z.string().default(''),
  link: z.string().default(''),
  create_time: z.union([z.string(), z.number()]),
});
const blockbeatsPage = z.object({ data: rowsOf(blockbeatsFlash) });
/** The page is read only when status is 0: an error answer carries `data: []` or null. */
const blockbeatsAnswer = z
  .object({ status: z.number(), message: z.string().optional(), data: z.unknown() })
  .transform((b) => ({ ...b, page: b.status === 0 ? blockbeatsPage.safeParse(b.data) : null }));

const blockbeats: ContentAdapter = {
  budget: { limit: 20, windowMs: 60_000, share: 1 },
  async read(http, source, locale, signal) {
    const answer = await http.get('open-api/open-flash', {
      query: { page: 1, size: 30, lang: BLOCKBEATS_LANG[locale] ?? 'en' },
      schema: blockbeatsAnswer,
      check: (b) => {
        if (!b.page) return { message: `status ${b.status}: ${b.message ?? ''}`.trim() };
        if (!b.page.success) {
          const issue = b.page.error.issues[0]!;
          return { message: `unexpected payload: ${['data', ...issue.path].join('.')}: ${issue.message}` };
        }
        return readable(b.page.data.data);
      },
      ...(signal ? { signal } : {}),
    });
    return (answer.page?.success ? answer.page.data.data.rows : []).flatMap((r, i): ImportItem[] => {
      const link = safeHref(r.link) ?? safeHref(`https://www.theblockbeats.info/flash/${r.id}`);
      if (!link) return [];
      const html = sanitizeHtml(r.content, { baseUrl: link });
      const seconds = Number(r.create_time);
      return [
        {
          key: link,
          link,
          title: htmlToText(r.title).replace(/\s+/g, ' ').trim(),
          html,
          text: htmlToText(html),
          summary: null,
          publishedAt: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null,
          locale,
          feedLocale: null,
          categories: [],
          cover: safeHref(r.pic) ?? undefined,
          origin: `${source.id}:${locale}#${i + 1}`,
        },
      ];
    });
  },
};

const ADAPTERS: Record<string, ContentAdapter> = { feed, blockbeats };

/** The exchanges' announcement endpoints (./exchanges), under their ids ('okx-announcements' …). */
for (const a of ANNOUNCEMENT_ADAPTERS)
  ADAPTERS[a.id] = {
    budget: a.budget,
    ...(a.banStatuses ? { banStatuses: a.banStatuses } : {}),
    read: (http, _source, locale, signal) => a.read(http, locale, signal),
  };

/** The adapter a source names; undefined for an unknown name (the source is reported, not run). */
export function adapterOf(source: ContentSource): ContentAdapter | undefined {
  return ADAPTERS[source.adapter];
}

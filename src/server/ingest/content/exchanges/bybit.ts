/**
 * Bybit: GET /v5/announcements/index (Bybit API v5, "Get Announcement"; public, inside the 600
 * requests per 5 s per IP of every v5 endpoint). `locale` is required; of ours Bybit publishes
 * en-US and zh-TW (Traditional Chinese, our zh-hk). The answer is
 * `{retCode, retMsg, result: {total, list: [...]}, retExtInfo, time}`; a row is a title, a short
 * description, its type (`{title, key}`), tags, its page on announcements.bybit.com, the time its
 * author gave (`dateTimestamp`) and, in newer answers, the time it went out (`publishTime`;
 * preferred). An event's `startDateTimestamp` / `endDateTimestamp` are not a publication time.
 */
import { z } from 'zod';
import type { AnnouncementCategory } from '../../../../features/content/announcements/index.ts';
import { readable, rowsOf, type SourceHttp } from '../../sources/http.ts';
import type { ContentLocale } from '../item.ts';
import { msDate, plainTitle, shortText, siteLink, sourceLanguage, toItems } from './common.ts';
import type { AnnouncementAdapter } from './types.ts';

const ID = 'bybit-announcements';
const HOSTS = ['bybit.com'];
const LANGUAGES: Partial<Record<ContentLocale, string>> = { en: 'en-US', 'zh-hk': 'zh-TW' };
/** Bybit's announcement types (its enum "announcementType") that name one of our categories. */
const TYPES: Record<string, AnnouncementCategory> = {
  new_crypto: 'listing',
  delistings: 'delisting',
  latest_activities: 'activity',
  maintenance_updates: 'maintenance',
};
/** Too many visits (10006) and a server error (10016): worth another try. */
const RETRY_CODES = new Set([10006, 10016]);

const row = z
  .object({
    title: z.string(),
    description: z.string().nullish(),
    type: z.object({ title: z.string().catch(''), key: z.string().catch('') }).nullish(),
    tags: z.array(z.string()).catch([]),
    url: z.string(),
    dateTimestamp: z.unknown(),
    publishTime: z.unknown().optional(),
  })
  .refine((r) => plainTitle(r.title) !== '' && siteLink(r.url, HOSTS) !== null, 'no title, or no bybit.com link');

const isError = (body: unknown) =>
  !!body && typeof body === 'object' && 'retCode' in body && typeof body.retCode === 'number' && body.retCode !== 0;

const answer = z.preprocess(
  // An error answer's result is {}: its code and message are what matter.
  (body) => (isError(body) ? { ...(body as object), result: { list: [] } } : body),
  z.object({
    retCode: z.number(),
    retMsg: z.string().catch(''),
    result: z.object({ total: z.number().optional(), list: rowsOf(row) }),
    time: z.number().optional(),
  }),
);
type Answer = z.output<typeof answer>;

const check = (body: Answer) =>
  body.retCode !== 0
    ? { message: `retCode ${body.retCode}: ${body.retMsg || 'no message'}`, retry: RETRY_CODES.has(body.retCode) }
    : readable(body.result.list);

export const bybit: AnnouncementAdapter = {
  id: ID,
  exchange: 'bybit',
  name: 'Bybit announcements',
  defaultBaseUrl: 'https://api.bybit.com',
  locales: ['en', 'zh-hk'],
  licence:
    "Titles, short descriptions and links from Bybit's public announcements API (v5), shown with a link to the original on announcements.bybit.com; the announcements remain Bybit's.",
  budget: { limit: 600, windowMs: 5000 },
  // Bybit answers 403 to an IP that went over its limit, and lifts the ban after a while.
  banStatuses: [403],
  async read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal) {
    const language = sourceLanguage(ID, LANGUAGES, locale);
    const body = await http.get('/v5/announcements/index', {
      query: { locale: language, page: 1, limit: 20 },
      schema: answer,
      check,
      signal,
    });
    return toItems(
      bybit,
      locale,
      body.result.list.rows.map((r, i) => {
        const link = siteLink(r.url, HOSTS)!;
        return {
          n: i + 1,
          link,
          title: plainTitle(r.title),
          ...shortText(r.description, link),
          publishedAt: msDate(r.publishTime) ?? msDate(r.dateTimestamp),
          category: TYPES[r.type?.key ?? ''] ?? null,
        };
      }),
    );
  },
};

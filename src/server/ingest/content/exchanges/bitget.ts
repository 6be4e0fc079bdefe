/**
 * Bitget: GET /api/v2/public/annoucements (Bitget API v2, "Get Announcements"; the path is spelt so
 * by Bitget; public, 20 requests per second per IP). `language` is required: en_US or zh_CN (any
 * other falls back to English). At most 10 rows a request, from the last month. The answer is
 * `{code: "00000", msg, requestTime, data: [...]}`; a row is an id, a title, a description
 * (deprecated by Bitget, often empty), its type and sub-type, the time (`cTime`, Unix ms as a
 * string), its language and its page on bitget.com.
 */
import { z } from 'zod';
import type { AnnouncementCategory } from '../../../../features/content/announcements/index.ts';
import { readable, rowsOf, type SourceHttp } from '../../sources/http.ts';
import type { ContentLocale } from '../item.ts';
import {
  fitsLocale,
  msDate,
  plainTitle,
  shortText,
  siteLink,
  sourceLanguage,
  toItems,
  withLocaleSegment,
} from './common.ts';
import type { AnnouncementAdapter } from './types.ts';

const ID = 'bitget-announcements';
const HOSTS = ['bitget.com'];
const LANGUAGES: Partial<Record<ContentLocale, string>> = { en: 'en_US', zh: 'zh_CN' };
/** bitget.com's path for a language, for links the API gives without one. */
const PATHS: Partial<Record<ContentLocale, string>> = { zh: 'zh-CN' };
/** Bitget's announcement types (`annType`) that name one of our categories. */
const TYPES: Record<string, AnnouncementCategory> = {
  coin_listings: 'listing',
  symbol_delisting: 'delisting',
  maintenance_system_updates: 'maintenance',
};

const row = z
  .object({
    annId: z.union([z.string(), z.number()]),
    annTitle: z.string(),
    annDesc: z.string().nullish(),
    cTime: z.unknown(),
    language: z.string().nullish(),
    annUrl: z.string(),
    annType: z.string().nullish(),
    annSubType: z.string().nullish(),
  })
  .refine(
    (r) => plainTitle(r.annTitle) !== '' && siteLink(r.annUrl, HOSTS) !== null,
    'no title, or no bitget.com link',
  );

const isError = (body: unknown) =>
  !!body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code !== '00000';

const answer = z.preprocess(
  // An error answer's data is null: its code and message are what matter.
  (body) => (isError(body) ? { ...(body as object), data: [] } : body),
  z.object({ code: z.string(), msg: z.string().catch(''), requestTime: z.number().optional(), data: rowsOf(row) }),
);
type Answer = z.output<typeof answer>;

const check = (body: Answer) =>
  body.code !== '00000'
    ? // 429: Bitget's "too many requests" inside an answer.
      { message: `code ${body.code}: ${body.msg || 'no message'}`, retry: body.code === '429' }
    : readable(body.data);

export const bitget: AnnouncementAdapter = {
  id: ID,
  exchange: 'bitget',
  name: 'Bitget announcements',
  defaultBaseUrl: 'https://api.bitget.com',
  locales: ['en', 'zh'],
  licence:
    "Titles and links from Bitget's public announcements API (v2), shown with a link to the original on bitget.com; the announcements remain Bitget's.",
  budget: { limit: 20, windowMs: 1000 },
  async read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal) {
    const language = sourceLanguage(ID, LANGUAGES, locale);
    const body = await http.get('/api/v2/public/annoucements', {
      query: { language, limit: 10 },
      schema: answer,
      check,
      signal,
    });
    const path = PATHS[locale];
    return toItems(
      bitget,
      locale,
      body.data.rows.flatMap((r, i) => {
        // Bitget answers in English for a language it lacks: such rows are not this locale's.
        if (!fitsLocale(r.language, locale)) return [];
        const link = siteLink(r.annUrl, HOSTS)!;
        return {
          n: i + 1,
          link: path ? withLocaleSegment(link, path) : link,
          title: plainTitle(r.annTitle),
          ...shortText(r.annDesc, link),
          publishedAt: msDate(r.cTime),
          category: TYPES[r.annType ?? ''] ?? null,
        };
      }),
    );
  },
};

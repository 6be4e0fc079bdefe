/**
 * OKX: GET /api/v5/support/announcements (OKX API v5, "Announcements"; public, 5 requests per 2 s
 * per IP). Newest first, 20 a page, in the language of the Accept-Language header (en-US or
 * zh-CN). The answer is `{code, msg, data: [{details: [...], totalPage}]}`; a row is a title, its
 * type (`annType`), its page on okx.com, the time it went out (`pTime`) and the time the page
 * shows (`businessPTime`, which readers see; preferred). Rows carry no text.
 */
import { z } from 'zod';
import type { AnnouncementCategory } from '../../../../features/content/announcements/index.ts';
import { readable, rowsOf, type SourceHttp } from '../../sources/http.ts';
import type { ContentLocale } from '../item.ts';
import { msDate, plainTitle, siteLink, sourceLanguage, toItems, withLocaleSegment } from './common.ts';
import type { AnnouncementAdapter } from './types.ts';

const ID = 'okx-announcements';
const HOSTS = ['okx.com'];
const LANGUAGES: Partial<Record<ContentLocale, string>> = { en: 'en-US', zh: 'zh-CN' };
/** okx.com's path for a language, for links the API gives without one. */
const PATHS: Partial<Record<ContentLocale, string>> = { zh: 'zh-hans' };
/** OKX's sections (its help centre's "announcements-…") that name one of our categories. */
const TYPES: Record<string, AnnouncementCategory> = {
  'announcements-new-listings': 'listing',
  'announcements-delistings': 'delisting',
  'announcements-latest-events': 'activity',
  'announcements-deposit-withdrawal-suspension-resumption': 'maintenance',
};
/** Rate limited (50011) and system busy (50013): worth another try. */
const RETRY_CODES = new Set(['50011', '50013']);

const row = z
  .object({
    annType: z.string().catch(''),
    title: z.string(),
    url: z.string(),
    pTime: z.unknown(),
    businessPTime: z.unknown().optional(),
  })
  .refine((r) => plainTitle(r.title) !== '' && siteLink(r.url, HOSTS) !== null, 'no title, or no okx.com link');

const isError = (body: unknown) =>
  !!body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code !== '0';

const answer = z.preprocess(
  // An error envelope has no usable data: its code and message are what matter.
  (body) => (isError(body) ? { ...(body as object), data: [] } : body),
  z.object({
    code: z.string(),
    msg: z.string().catch(''),
    data: z.array(z.object({ details: rowsOf(row), totalPage: z.union([z.string(), z.number()]).optional() })),
  }),
);
type Answer = z.output<typeof answer>;

const check = (body: Answer) =>
  body.code !== '0'
    ? { message: `code ${body.code}: ${body.msg || 'no message'}`, retry: RETRY_CODES.has(body.code) }
    : body.data[0]
      ? readable(body.data[0].details)
      : null;

export const okx: AnnouncementAdapter = {
  id: ID,
  exchange: 'okx',
  name: 'OKX announcements',
  defaultBaseUrl: 'https://www.okx.com',
  locales: ['en', 'zh'],
  licence:
    "Titles and links from OKX's public announcements API (OKX API v5), shown with a link to the original on okx.com; the announcements remain OKX's.",
  budget: { limit: 5, windowMs: 2000 },
  async read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal) {
    const language = sourceLanguage(ID, LANGUAGES, locale);
    const body = await http.get('/api/v5/support/announcements', {
      schema: answer,
      check,
      signal,
      headers: { 'accept-language': language },
    });
    const rows = body.data[0]?.details.rows ?? [];
    const path = PATHS[locale];
    return toItems(
      okx,
      locale,
      rows.map((r, i) => {
        const link = siteLink(r.url, HOSTS)!;
        return {
          n: i + 1,
          link: path ? withLocaleSegment(link, path) : link,
          title: plainTitle(r.title),
          html: '',
          text: '',
          publishedAt: msDate(r.businessPTime) ?? msDate(r.pTime),
          category: TYPES[r.annType] ?? null,
        };
      }),
    );
  },
};

/**
 * KuCoin: GET /api/v3/announcements (KuCoin spot API, "Get Announcements"; public, weight 20 of
 * the public pool's 2000 per 30 s per IP). `lang` picks the language: of ours KuCoin publishes
 * en_US, zh_HK and ko_KR; `annType=latest-announcements` is its main list. The answer is
 * `{code: "200000", data: {totalNum, totalPage, currentPage, pageSize, items: [...]}}`; a row is an
 * id, a title, its types (a list: "latest-announcements", "new-listings" …), a short description,
 * the release time (`cTime`, Unix ms), its language and its page on kucoin.com.
 */
import { z } from 'zod';
import type { AnnouncementCategory } from '../../../../features/content/announcements/index.ts';
import { readable, rowsOf, type SourceHttp } from '../../sources/http.ts';
import type { ContentLocale } from '../item.ts';
import { fitsLocale, msDate, plainTitle, shortText, siteLink, sourceLanguage, toItems } from './common.ts';
import type { AnnouncementAdapter } from './types.ts';

const ID = 'kucoin-announcements';
const HOSTS = ['kucoin.com'];
const LANGUAGES: Partial<Record<ContentLocale, string>> = { en: 'en_US', 'zh-hk': 'zh_HK', ko: 'ko_KR' };
/** KuCoin's types that name one of our categories, in the order that decides a row with several. */
const TYPES: [string, AnnouncementCategory][] = [
  ['delistings', 'delisting'],
  ['maintenance-updates', 'maintenance'],
  ['new-listings', 'listing'],
  ['activities', 'activity'],
  ['api-campaigns', 'activity'],
];
/** The public endpoint's weight in KuCoin's public pool. */
const WEIGHT = 20;

const row = z
  .object({
    annId: z.union([z.number(), z.string()]),
    annTitle: z.string(),
    annType: z.array(z.string()).catch([]),
    annDesc: z.string().nullish(),
    cTime: z.unknown(),
    language: z.string().nullish(),
    annUrl: z.string(),
  })
  .refine(
    (r) => plainTitle(r.annTitle) !== '' && siteLink(r.annUrl, HOSTS) !== null,
    'no title, or no kucoin.com link',
  );

const isError = (body: unknown) =>
  !!body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code !== '200000';

const answer = z.preprocess(
  // An error answer ({code: "429000", msg}) has no data: its code and message are what matter.
  (body) => (isError(body) ? { ...(body as object), data: { items: [] } } : body),
  z.object({
    code: z.string(),
    msg: z.string().optional(),
    data: z.object({ totalNum: z.number().optional(), items: rowsOf(row) }),
  }),
);
type Answer = z.output<typeof answer>;

const check = (body: Answer) =>
  body.code !== '200000'
    ? { message: `code ${body.code}: ${body.msg || 'no message'}`, retry: body.code === '429000' }
    : readable(body.data.items);

export const kucoin: AnnouncementAdapter = {
  id: ID,
  exchange: 'kucoin',
  name: 'KuCoin announcements',
  defaultBaseUrl: 'https://api.kucoin.com',
  locales: ['en', 'zh-hk', 'ko'],
  licence:
    "Titles, short descriptions and links from KuCoin's public announcements API (v3), shown with a link to the original on kucoin.com; the announcements remain KuCoin's.",
  budget: { limit: 2000, windowMs: 30_000 },
  async read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal) {
    const lang = sourceLanguage(ID, LANGUAGES, locale);
    const body = await http.get('/api/v3/announcements', {
      query: { currentPage: 1, pageSize: 20, annType: 'latest-announcements', lang },
      weight: WEIGHT,
      schema: answer,
      check,
      signal,
    });
    return toItems(
      kucoin,
      locale,
      body.data.items.rows.flatMap((r, i) => {
        // A row in another language (KuCoin's fallback) would be stored under the wrong one.
        if (!fitsLocale(r.language, locale)) return [];
        const link = siteLink(r.annUrl, HOSTS)!;
        return {
          n: i + 1,
          link,
          title: plainTitle(r.annTitle),
          ...shortText(r.annDesc, link),
          publishedAt: msDate(r.cTime),
          category: TYPES.find(([type]) => r.annType.includes(type))?.[1] ?? null,
        };
      }),
    );
  },
};

import { Hono } from 'hono';
import { z } from 'zod';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { getArticle } from './article.server.ts';
import { ARTICLE_KINDS, listArticles } from './news.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const id = z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(2_147_483_647);
const kind = z.enum(ARTICLE_KINDS);
const paged = { page: pageQuery.page, size: pageQuery.size };
const filters = { coin: slug.optional(), columnist: id.optional() };

const contentPageQuery = z.object({ ...paged, ...filters, kind: kind.optional() });
const newsQuery = z.object({ ...paged, ...filters });
const latestQuery = z.object({ ...paged, kind: kind.optional() });
const detailQuery = z.object({ id, kind: kind.optional() });

/**
 * The API of news, research and columnists (SPEC §7 "Content and favourites pages"). Lists hold
 * the content of the request's language (`lan`, else the locale cookie or x-locale): zh → Chinese
 * content, en and ko → English (see news.server.ts). Default page size 10.
 */
export const contentRoutes = new Hono<ApiEnv>()
  /** GET /api/new/v2/content/page?page&size&kind=news|research&coin&columnist: articles, newest first. */
  .get(
    '/new/v2/content/page',
    doc({ tag: 'Content', summary: 'Articles (news and research), newest first', query: contentPageQuery }),
    async (c) => {
      const q = parseQuery(c, contentPageQuery);
      return ok(c, await listArticles(c.get('db'), { ...q, locales: contentLocales(c.get('locale')) }), 30);
    },
  )
  /** GET /api/new/v2/content/news?page&size&coin&columnist: news articles, newest first. */
  .get(
    '/new/v2/content/news',
    doc({ tag: 'Content', summary: 'News articles, newest first', query: newsQuery }),
    async (c) => {
      const q = parseQuery(c, newsQuery);
      return ok(
        c,
        await listArticles(c.get('db'), { ...q, kind: 'news', locales: contentLocales(c.get('locale')) }),
        30,
      );
    },
  )
  /** GET /api/v1/page/detail?id&kind: one article with body and related coins; unknown or removed → 404. */
  .get(
    '/v1/page/detail',
    doc({ tag: 'Content', summary: 'One article with its body and related coins', query: detailQuery }),
    async (c) => {
      const q = parseQuery(c, detailQuery);
      return ok(c, await getArticle(c.get('db'), q.id, q.kind), 30);
    },
  )
  /**
   * GET /api/v1/page/recommend/latest?page&size&kind: the latest articles of both kinds (or one).
   * Authorization is optional and not used yet: the list is the same for everyone.
   */
  .get(
    '/v1/page/recommend/latest',
    doc({ tag: 'Content', summary: 'The latest articles', query: latestQuery }),
    async (c) => {
      const q = parseQuery(c, latestQuery);
      return ok(c, await listArticles(c.get('db'), { ...q, locales: contentLocales(c.get('locale')) }), 30);
    },
  );

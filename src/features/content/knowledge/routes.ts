import { Hono } from 'hono';
import { z } from 'zod';
import { contentLocale, getWikiEntry, listWiki, MAX_FILTER_LENGTH, WIKI_KINDS } from './knowledge.server.ts';
import { getTopic, listTopics } from './topics.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const wikiQuery = z.object({
  ...pageQuery,
  kind: z.enum(WIKI_KINDS).default('baike'),
  q: z.string().max(MAX_FILTER_LENGTH, `must be at most ${MAX_FILTER_LENGTH} characters`).optional(),
  category: slug.optional(),
});
const entryParams = z.object({ kind: z.enum(WIKI_KINDS), slug });
const topicsQuery = z.object({ page: pageQuery.page, size: pageQuery.size });
const itemParams = z.object({ id: slug });
const topicQuery = z.object({ page: pageQuery.page, size: pageQuery.size });

/** Path segments; a bad one is a 400 naming the field, like a bad query value (app.onError maps ZodError). */
function parseParams<S extends z.ZodTypeAny>(schema: S, params: Record<string, string>): z.infer<S> {
  return schema.parse(params);
}

/**
 * Content language: the request's locale (`lan`, cookie or x-locale) mapped by contentLocale —
 * zh and zh-hk get the Chinese rows, en and ko the English ones.
 *
 * The API of encyclopedia and topics (concept sectors: market/sectors/routes.ts):
 * - GET /api/v1/wiki?kind=baike|bitwiki&q=&category=&page=&size= — entries of one kind;
 * - GET /api/v1/wiki/{kind}/{slug} — one entry with related entries (and the coin's figures);
 * - GET /api/v1/topics?page=&size= — topics with their article counts;
 * - GET /api/v1/topics/{id or slug}?page=&size= — one topic with a page of its articles.
 */
export const knowledgeRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/wiki',
    doc({ tag: 'Knowledge', summary: 'Encyclopedia entries of one kind', query: wikiQuery }),
    async (c) => {
      const q = parseQuery(c, wikiQuery);
      const locale = contentLocale(c.get('locale'));
      return ok(
        c,
        await listWiki(c.get('db'), { kind: q.kind, locale, q: q.q, category: q.category, page: q.page, size: q.size }),
        60,
      );
    },
  )
  .get(
    '/v1/wiki/:kind/:slug',
    doc({ tag: 'Knowledge', summary: 'One encyclopedia entry with related entries', params: entryParams }),
    async (c) => {
      const p = parseParams(entryParams, c.req.param());
      return ok(c, await getWikiEntry(c.get('db'), p.kind, p.slug, contentLocale(c.get('locale'))), 60);
    },
  )
  .get(
    '/v1/topics',
    doc({ tag: 'Knowledge', summary: 'Topics with their article counts', query: topicsQuery }),
    async (c) => {
      const q = parseQuery(c, topicsQuery);
      return ok(
        c,
        await listTopics(c.get('db'), { locale: contentLocale(c.get('locale')), page: q.page, size: q.size }),
        60,
      );
    },
  )
  .get(
    '/v1/topics/:id',
    doc({ tag: 'Knowledge', summary: 'One topic with a page of its articles', params: itemParams, query: topicQuery }),
    async (c) => {
      const { id } = parseParams(itemParams, c.req.param());
      const q = parseQuery(c, topicQuery);
      return ok(c, await getTopic(c.get('db'), id, q), 60);
    },
  );

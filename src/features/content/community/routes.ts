import { Hono } from 'hono';
import { z } from 'zod';
import {
  contentLanguage,
  getUpdate,
  listUpdates,
  parseContentId,
  SOCIAL_PLATFORMS,
  UPDATE_KINDS,
} from './community.server.ts';
import { getSocial, listSocial } from './social.server.ts';
import { getQuestion, listQuestions, QUESTION_SORTS, wendaHub } from './questions.server.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const { order: _order, ...paging } = pageQuery;

/** The id path segment: a positive whole number, else a 400 naming the field. */
function idParam(raw: string): number {
  const id = parseContentId(raw);
  if (id === undefined)
    throw new DomainError(400, 400, 'api.invalidParam', { field: 'id', message: 'must be a positive whole number' });
  return id;
}

const socialFilters = { coin: slug.optional(), exchange: slug.optional(), lang: z.enum(['en', 'zh']).optional() };
const dynamicsQuery = z.object({ ...paging, kind: z.enum(UPDATE_KINDS).optional(), coin: slug.optional() });
const questionsQuery = z.object({ ...paging, sort: z.enum(QUESTION_SORTS).optional(), coin: slug.optional() });
const socialQuery = z.object({ ...paging, platform: z.enum(SOCIAL_PLATFORMS).optional(), ...socialFilters });
const twitterQuery = z.object({ ...paging, ...socialFilters });
/** Documents the id; idParam() answers a malformed one. */
const idParams = z.object({ id: z.string() });

/**
 * The API of project updates, questions and answers, and social posts. Lists of updates and
 * questions hold the rows of the request language (`lan`: Chinese for zh and zh-hk, English for
 * en and ko); social feeds hold every language unless `lang` narrows them.
 *
 * - GET /api/v1/dynamics?page&size&kind&coin: project updates, newest first, with counts per kind.
 * - GET /api/v1/dynamics/{id}: one update with the coin's other updates.
 * - GET /api/v1/questions?page&size&sort=newest|unanswered|views&coin: questions with answer counts.
 * - GET /api/v1/questions/{id}: one question, answers accepted first then by votes.
 * - GET /api/v1/wenda: the Q&A hub (hot, recently answered, unanswered, by coin, totals).
 * - GET /api/v1/social?platform&page&size&coin&exchange&lang: social posts, newest first.
 * - GET /api/v1/social/{id}: one post with the account's other posts.
 * - GET /api/new/v2/notice/twitterByES?exchange&coin&page&size&lang (alias /api/v3/notice/twitterByES):
 *   Twitter posts of and about exchanges and projects (SPEC §7).
 */
export const communityRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/dynamics',
    doc({ tag: 'Community', summary: 'Project updates, newest first, with counts per kind', query: dynamicsQuery }),
    async (c) => {
      const q = parseQuery(c, dynamicsQuery);
      return ok(c, await listUpdates(c.get('db'), { ...q, language: contentLanguage(c.get('locale')) }), 60);
    },
  )
  .get('/v1/dynamics/:id', doc({ tag: 'Community', summary: 'One project update', params: idParams }), async (c) =>
    ok(c, await getUpdate(c.get('db'), idParam(c.req.param('id'))), 60),
  )
  .get(
    '/v1/questions',
    doc({ tag: 'Community', summary: 'Questions with their answer counts', query: questionsQuery }),
    async (c) => {
      const q = parseQuery(c, questionsQuery);
      return ok(c, await listQuestions(c.get('db'), { ...q, language: contentLanguage(c.get('locale')) }), 30);
    },
  )
  .get(
    '/v1/questions/:id',
    doc({ tag: 'Community', summary: 'One question with its answers', params: idParams }),
    async (c) => ok(c, await getQuestion(c.get('db'), idParam(c.req.param('id'))), 30),
  )
  .get('/v1/wenda', doc({ tag: 'Community', summary: 'The questions and answers hub' }), async (c) =>
    ok(c, await wendaHub(c.get('db'), { language: contentLanguage(c.get('locale')), now: Date.now() }), 30),
  )
  .get(
    '/v1/social',
    doc({ tag: 'Community', summary: 'Social posts, newest first', query: socialQuery }),
    async (c) => {
      const q = parseQuery(c, socialQuery);
      return ok(c, await listSocial(c.get('db'), { ...q, language: q.lang }), 30);
    },
  )
  .get('/v1/social/:id', doc({ tag: 'Community', summary: 'One social post', params: idParams }), async (c) =>
    ok(c, await getSocial(c.get('db'), idParam(c.req.param('id'))), 60),
  );

const twitterByES = new Hono<ApiEnv>().get(
  '/notice/twitterByES',
  doc({ tag: 'Community', summary: 'Twitter posts of and about exchanges and projects', query: twitterQuery }),
  async (c) => {
    const q = parseQuery(c, twitterQuery);
    return ok(c, await listSocial(c.get('db'), { ...q, platform: 'twitter', language: q.lang }), 30);
  },
);

communityRoutes.route('/new/v2', twitterByES).route('/v3', twitterByES);

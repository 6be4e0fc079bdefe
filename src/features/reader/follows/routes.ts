import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { DomainError } from '../../../server/api/errors.ts';
import { followColumnist, followedColumnists, unfollowColumnist } from './follows.server.ts';
import { listArticles } from '../../content/news/index.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

type C = Context<ApiEnv>;

const me = (c: C) => c.get('user')!.id;

const smallBody = bodyLimit({
  maxSize: 4 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('favourites.badBody')),
});

/** The `_id` of a save/delete body: a columnist's id, as a number or a string of digits. */
async function columnistIdOf(c: C): Promise<number> {
  let b: unknown;
  try {
    b = await c.req.json();
  } catch {
    throw new DomainError(400, 400, 'favourites.columnistRule');
  }
  const raw = b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>)._id : undefined;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647)
    throw new DomainError(400, 400, 'favourites.columnistRule');
  return Number(text);
}

const listQuery = z.object({
  size: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(500).default(0),
});
const columnistBody = z.object({ _id: z.union([z.number().int(), z.string()]).describe('The columnist id') });
const followQuery = z.object({ page: pageQuery.page, size: pageQuery.size });

/**
 * Columnist follows (SPEC §7 "Push and columnists" gives no paths; these are ours), auth:
 * - POST /api/new/v1/columnist/save `{ _id }` → data true (followed)
 * - POST /api/new/v1/columnist/delete `{ _id }` → data false (not followed)
 * - GET /api/new/v1/columnist/list?size (0 = all) → `[{ _id, name, avatar, bio, followers, followedAt }]`, latest followed first
 * - GET /api/new/v2/content/follow?page&size → the followed columnists' articles, newest first (any language, like a columnist's page)
 */
export const columnistRoutes = new Hono<ApiEnv>()
  .post(
    '/new/v1/columnist/save',
    doc({
      tag: 'Columnists',
      summary: 'Follow a columnist; answers true',
      body: columnistBody,
      handlerValidates: true,
    }),
    requireAuth,
    smallBody,
    async (c) => done(c, await followColumnist(c.get('db'), me(c), await columnistIdOf(c))),
  )
  .post(
    '/new/v1/columnist/delete',
    doc({
      tag: 'Columnists',
      summary: 'Unfollow a columnist; answers false',
      body: columnistBody,
      handlerValidates: true,
    }),
    requireAuth,
    smallBody,
    async (c) => done(c, await unfollowColumnist(c.get('db'), me(c), await columnistIdOf(c))),
  )
  .get(
    '/new/v1/columnist/list',
    doc({ tag: 'Columnists', summary: 'Followed columnists, latest followed first', query: listQuery }),
    requireAuth,
    async (c) => done(c, await followedColumnists(c.get('db'), me(c), parseQuery(c, listQuery).size)),
  )
  .get(
    '/new/v2/content/follow',
    doc({ tag: 'Columnists', summary: 'Articles of followed columnists, newest first', query: followQuery }),
    requireAuth,
    async (c) => {
      const q = parseQuery(c, followQuery);
      return done(c, await listArticles(c.get('db'), { ...q, followedBy: me(c) }));
    },
  );

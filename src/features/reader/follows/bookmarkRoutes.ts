import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { doc } from '../../../server/api/openapi.ts';
import { done, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { addBookmark, BOOKMARK_KINDS, bookmarkedIds, listBookmarks, removeBookmark } from './bookmarks.server.ts';

type C = Context<ApiEnv>;
const me = (c: C) => c.get('user')!.id;

const pageOnly = z.object({ page: pageQuery.page, size: pageQuery.size });
const bookmarkTarget = z.object({
  kind: z.enum(BOOKMARK_KINDS, { message: 'must be article, flash or announcement' }),
  id: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(2_147_483_647),
});
/** The items a page shows: `ids` is up to 100 comma-separated item numbers. */
const bookmarkProbe = z.object({
  kind: bookmarkTarget.shape.kind,
  ids: z
    .string({ message: 'must be a comma-separated list of item numbers' })
    .transform((raw) => (raw.trim() === '' ? [] : raw.split(',').map((p) => p.trim())))
    .refine(
      (parts) => parts.length <= 100 && parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647),
      'must be up to 100 comma-separated item numbers',
    )
    .transform((parts) => [...new Set(parts.map(Number))]),
});

/** Content bookmarks (SPEC §7 "GET v1 favorite/page…"): the articles, flash news and announcements a reader keeps. */
export const bookmarkRoutes = new Hono<ApiEnv>()
  /** GET /api/v1/favorite/page?page&size: `{ list: [{ kind, id, title, link, label, publishedAt, bookmarkedAt }], total, page, size }`, newest saved first. */
  .get(
    '/v1/favorite/page',
    doc({ tag: 'Favourites', summary: 'Bookmarked articles, flash news and announcements', query: pageOnly }),
    requireAuth,
    async (c) => done(c, await listBookmarks(c.get('db'), me(c), parseQuery(c, pageOnly))),
  )
  /** GET /api/v1/favorite/page/mine?kind&ids=1,2: the ids among these that the user bookmarked (a page's buttons, without paging through the list). */
  .get(
    '/v1/favorite/page/mine',
    doc({ tag: 'Favourites', summary: 'Which of these items the user bookmarked', query: bookmarkProbe }),
    requireAuth,
    async (c) => {
      const q = parseQuery(c, bookmarkProbe);
      return done(c, await bookmarkedIds(c.get('db'), me(c), q.kind, q.ids));
    },
  )
  /** GET /api/v1/favorite/page/append?kind=article|flash|announcement&id: true; unknown content → 404. */
  .get(
    '/v1/favorite/page/append',
    doc({ tag: 'Favourites', summary: 'Bookmark an item', query: bookmarkTarget }),
    requireAuth,
    async (c) => {
      const q = parseQuery(c, bookmarkTarget);
      await addBookmark(c.get('db'), me(c), q.kind, q.id);
      return done(c, true);
    },
  )
  /** GET /api/v1/favorite/page/deleteOne?kind&id: false (also when it was not bookmarked). */
  .get(
    '/v1/favorite/page/deleteOne',
    doc({ tag: 'Favourites', summary: 'Remove a bookmark', query: bookmarkTarget }),
    requireAuth,
    async (c) => {
      const q = parseQuery(c, bookmarkTarget);
      await removeBookmark(c.get('db'), me(c), q.kind, q.id);
      return done(c, false);
    },
  );

import { Hono } from 'hono';
import { z } from 'zod';
import { idParams, pathId, rowId } from '../calendar/index.ts';
import { getLive, listLives } from './lives.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { doc } from '../../../server/api/openapi.ts';

const livesQuery = z.object({
  size: pageQuery.size,
  before: rowId.optional(),
  important: z
    .enum(['true', 'false', '1', '0'])
    .transform((s) => s === 'true' || s === '1')
    .optional(),
  coin: slug.optional(),
});

/**
 * The API of flash news (the event calendar's is in ../calendar/routes.ts).
 *
 * - GET /api/v1/lives?size&before&important&coin: the flash news timeline of the request
 *   language (`lan`: Chinese rows for zh and zh-hk, English for en and ko), newest first;
 *   `before` is the cursor (an item id) and the answer's `next` the cursor of the next page.
 * - GET /api/v1/lives/{id}: one item with its related coins and older/newer neighbours.
 */
export const livesRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/lives',
    doc({ tag: 'Flash news and calendar', summary: 'Flash news, newest first, by cursor', query: livesQuery }),
    async (c) => {
      const q = parseQuery(c, livesQuery);
      return ok(c, await listLives(c.get('db'), { ...q, locales: contentLocales(c.get('locale')) }), 15);
    },
  )
  .get(
    '/v1/lives/:id',
    doc({ tag: 'Flash news and calendar', summary: 'One flash news item with its neighbours', params: idParams }),
    async (c) => ok(c, await getLive(c.get('db'), pathId(c.req.param('id'))), 30),
  );

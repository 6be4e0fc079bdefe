import { Hono } from 'hono';
import { z } from 'zod';
import { COIN_SORTS } from '../coins/index.ts';
import { getSector, listSectors, SECTOR_SORTS } from './sectors.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseParams, parseQuery } from '../../../server/api/respond.ts';
import { idParam, pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const sectorsQuery = z.object({ sort: z.enum(SECTOR_SORTS).optional(), order: pageQuery.order });
const sectorQuery = z.object({ ...pageQuery, sort: z.enum(COIN_SORTS).optional() });

/**
 * The API of concept sectors (listed under Knowledge, beside the encyclopedia and topics):
 * - GET /api/v1/concepts?sort=marketCap|change24h|volume24h|coins|name&order= — every sector;
 * - GET /api/v1/concepts/{slug or id}?sort=&order=&page=&size= — one sector with a page of its coins.
 */
export const sectorRoutes = new Hono<ApiEnv>()
  .get('/v1/concepts', doc({ tag: 'Knowledge', summary: 'Every concept sector', query: sectorsQuery }), async (c) => {
    const q = parseQuery(c, sectorsQuery);
    return ok(c, await listSectors(c.get('db'), q), 30);
  })
  .get(
    '/v1/concepts/:id',
    doc({ tag: 'Knowledge', summary: 'One sector with a page of its coins', params: idParam, query: sectorQuery }),
    async (c) => {
      const { id } = parseParams(c, idParam);
      const q = parseQuery(c, sectorQuery);
      return ok(c, await getSector(c.get('db'), id, q), 30);
    },
  );

import { Hono } from 'hono';
import { z } from 'zod';
import { checkKindStatus } from './listing.ts';
import { getOffering, listOfferings, OFFERING_KINDS, OFFERING_SORTS, OFFERING_STATUSES } from './offerings.server.ts';
import { PLATFORM_SORTS, platformRoi } from './platforms.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

const kind = z.enum(OFFERING_KINDS).optional();
const listQuery = z.object({
  ...pageQuery,
  kind,
  status: z.enum(OFFERING_STATUSES).optional(),
  platform: z.string().trim().min(1).max(80).optional(),
  sort: z.enum(OFFERING_SORTS).optional(),
});
const roiQuery = z.object({ ...pageQuery, kind, platform: listQuery.shape.platform });
const platformsQuery = z.object({ kind, sort: z.enum(PLATFORM_SORTS).optional(), order: pageQuery.order });
/** Documents the id; a malformed one names no offering, so the handler answers 404. */
const idParams = z.object({ id: z.string() });
const idParam = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'is not a valid offering id');

/**
 * The API of ICO/IEO offerings and their ROI aggregates.
 * - GET /api/v1/offerings?kind=IEO&status=fundraising&platform=Binance%20Launchpad&sort=start&order=desc&page=1&size=10
 * - GET /api/v1/offerings/roi?kind=ICO&page=1: offerings whose token trades, by ROI (a multiple)
 * - GET /api/v1/offerings/platforms-roi?kind=IEO&sort=median: ROI aggregates per platform
 * - GET /api/v1/offerings/:id: one offering by slug or numeric id, every field
 */
export const offeringRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/offerings',
    doc({ tag: 'Offerings', summary: 'ICO and IEO offerings, one page', query: listQuery }),
    async (c) => {
      const q = parseQuery(c, listQuery);
      checkKindStatus(q.kind, q.status);
      return ok(c, await listOfferings(c.get('db'), q), 30);
    },
  )
  .get(
    '/v1/offerings/roi',
    doc({ tag: 'Offerings', summary: 'Offerings whose token trades, by ROI', query: roiQuery }),
    async (c) => {
      const q = parseQuery(c, roiQuery);
      return ok(c, await listOfferings(c.get('db'), { ...q, sort: 'roi', withRoi: true }), 30);
    },
  )
  .get(
    '/v1/offerings/platforms-roi',
    doc({ tag: 'Offerings', summary: 'ROI aggregates per platform', query: platformsQuery }),
    async (c) => ok(c, await platformRoi(c.get('db'), parseQuery(c, platformsQuery)), 60),
  )
  .get(
    '/v1/offerings/:id',
    doc({ tag: 'Offerings', summary: 'One offering by slug or numeric id', params: idParams }),
    async (c) => {
      const id = idParam.safeParse(c.req.param('id'));
      // A malformed id cannot name an offering: the same 404 as an unknown one.
      return ok(c, await getOffering(c.get('db'), id.success ? id.data : ''), 30);
    },
  );

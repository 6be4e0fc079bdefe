import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_QUERY_LENGTH, normaliseQuery, search, SEARCH_KINDS } from '../../domain/search.ts';
import type { ApiEnv } from '../env.ts';
import { ok, parseQuery } from '../respond.ts';
import { pageQuery } from '../schemas.ts';

const searchQuery = z.object({
  q: z
    .string({ required_error: 'is required' })
    .transform(normaliseQuery)
    .pipe(z.string().min(1, 'must not be empty').max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`)),
  kind: z.enum(SEARCH_KINDS).optional(),
  page: pageQuery.page,
  size: pageQuery.size.optional(),
});

/**
 * Full search over coins, exchanges and pairs. Without `kind`, every section's first rows;
 * with it, that section's page. Every section carries its total.
 */
export const searchRoutes = new Hono<ApiEnv>().get('/v1/search', async (c) => {
  const q = parseQuery(c, searchQuery);
  return ok(c, await search(c.get('db'), { q: q.q, kind: q.kind, page: q.page, size: q.size }), 30);
});

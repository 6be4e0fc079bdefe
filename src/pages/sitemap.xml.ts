import { siteOrigin } from '../server/config.ts';
import type { APIRoute } from 'astro';
import { getDb } from '../server/db/index.ts';
import { sitemapFiles, sitemapIndexXml } from '../features/site/index.ts';
import { cachedText } from '../server/http/siteXml.ts';

/** The sitemap index: one child per section of pages (see src/features/site/sitemap.server.ts). */
export const GET: APIRoute = async ({ request }) => {
  const files = await sitemapFiles(await getDb());
  const newest = files.reduce<Date | undefined>(
    (a, f) => (f.lastmod && (!a || f.lastmod > a) ? f.lastmod : a),
    undefined,
  );
  return cachedText(request, sitemapIndexXml(siteOrigin(), files), 'application/xml; charset=utf-8', newest);
};

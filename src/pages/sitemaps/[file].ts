import { siteOrigin } from '../../server/config.ts';
import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/index.ts';
import { parseSitemapFile, sitemapPages, urlsetXml } from '../../features/site/index.ts';
import { cachedText, textNotFound } from '../../server/http/siteXml.ts';
import { translator } from '../../server/i18n/index.ts';

/** A child sitemap: /sitemaps/{section}-{n}.xml. */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const file = parseSitemapFile(params.file ?? '');
  const pages = file && (await sitemapPages(await getDb(), file.section, file.n));
  if (!pages) return textNotFound(translator(locals.locale ?? 'en')('pages.feeds.notFound'));
  const newest = pages.reduce<Date | undefined>(
    (a, p) => (p.lastmod && (!a || p.lastmod > a) ? p.lastmod : a),
    undefined,
  );
  return cachedText(request, urlsetXml(siteOrigin(), pages), 'application/xml; charset=utf-8', newest);
};

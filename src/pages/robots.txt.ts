import { siteOrigin } from '../server/config.ts';
import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/site/index.ts';
import { cachedText } from '../server/http/siteXml.ts';

/** robots.txt from an endpoint, so the Sitemap line carries this site's absolute URL. */
export const GET: APIRoute = ({ request }) => cachedText(request, robotsTxt(siteOrigin()), 'text/plain; charset=utf-8');

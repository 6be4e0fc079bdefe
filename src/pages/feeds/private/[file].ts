import { CACHE } from '../../../server/http/cachePolicy.mjs';
import type { APIRoute } from 'astro';
import { siteOrigin } from '../../../server/config.ts';
import { getDb } from '../../../server/db/index.ts';
import { FEED_CONTENT_TYPES, feedXml } from '../../../features/site/index.ts';
import { loadPrivateFeed, parsePrivateFeedFile } from '../../../features/reader/notifications/index.ts';
import { cachedText, textNotFound } from '../../../server/http/siteXml.ts';
import { translator } from '../../../server/i18n/index.ts';

/**
 * A user's private feed of subscribed announcements: /feeds/private/{token}.xml (RSS) or .atom.
 * The token is the secret (POST /api/new/v1/notice/feedToken makes one); unknown or revoked
 * tokens are a 404. Private: shared caches must not keep it, and it is not for search engines.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const req = parsePrivateFeedFile(params.file ?? '');
  const notFound = () => textNotFound(translator(locals.locale ?? 'en')('push.feed.notFound'));
  if (!req) return notFound();
  const doc = await loadPrivateFeed(await getDb(), req, {
    origin: siteOrigin(),
    now: new Date(),
    texts: (locale) => {
      const t = translator(locale);
      const siteName = t('site.name');
      return { siteName, title: t('push.feed.title', { site: siteName }), description: t('push.feed.description') };
    },
  });
  if (!doc) return notFound();
  const res = cachedText(request, feedXml(doc, req.format), FEED_CONTENT_TYPES[req.format], doc.updated);
  res.headers.set('Cache-Control', CACHE.personalFeed);
  res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  res.headers.set('Referrer-Policy', 'no-referrer');
  return res;
};

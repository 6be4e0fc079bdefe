import { siteOrigin } from '../../../server/config.ts';
import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/index.ts';
import { FEED_CONTENT_TYPES, feedXml, loadFeed, parseFeedPath, type FeedKind } from '../../../features/site/index.ts';
import { cachedText, textNotFound } from '../../../server/http/siteXml.ts';
import { translator } from '../../../server/i18n/index.ts';

/** RSS and Atom feeds: /feeds/{locale}/{news|lives|announcements}[/{exchange}].{xml|atom}. */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const req = parseFeedPath(`${params.locale}/${params.path ?? ''}`);
  if (!req) return textNotFound(translator(locals.locale ?? 'en')('pages.feeds.notFound'));
  const t = translator(req.locale);
  const siteName = t('site.name');
  const doc = await loadFeed(await getDb(), req, {
    origin: siteOrigin(),
    now: new Date(),
    importantLabel: t('pages.feeds.important'),
    texts: {
      siteName,
      title: (kind: FeedKind, exchange?: string) =>
        exchange
          ? t('pages.feeds.exchangeTitle', { site: siteName, exchange })
          : t(`pages.feeds.title.${kind}`, { site: siteName }),
      description: (kind: FeedKind, exchange?: string) =>
        exchange ? t('pages.feeds.exchangeDescription', { exchange }) : t(`pages.feeds.description.${kind}`),
    },
  });
  if (!doc) return textNotFound(t('pages.feeds.notFound'));
  return cachedText(request, feedXml(doc, req.format), FEED_CONTENT_TYPES[req.format], doc.updated);
};

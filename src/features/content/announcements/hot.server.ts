import type { Db } from '../../../server/db/index.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { type ContentLocale, listAnnouncements } from './announcements.server.ts';

/**
 * The most read announcements of the latest week beside the list and every announcement: the
 * same for every visitor, read at most once per 2 s per set of languages and never served older
 * (src/server/db/cache.ts), the age the page micro-cache gives a page anyway, shared by both pages.
 */
export function hotAnnouncements(db: Db, locales: ContentLocale[]) {
  return memoMarket(
    db,
    'hotAnnouncements',
    locales.join(','),
    () => listAnnouncements(db, { page: 1, size: 10, locales, sort: 'hot' }),
    { ttlMs: 2_000, max: 16 },
  );
}

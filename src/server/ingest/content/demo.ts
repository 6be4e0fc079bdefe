/**
 * The first successful round of a kind of content replaces the demo seeder's rows of that kind,
 * as the market sources' first round replaces the demo market: once, decided in the database
 * (site_meta `content_live:<kind>`, under a lock, so two workers cannot both do it), and only that
 * kind. What readers did with the demo rows goes with them: their bookmarks, votes and page views
 * (no foreign key holds those to one content table). The demo columnists' articles go too (they
 * would fill the news lists with invented articles among the real ones); the columnists stay,
 * with their followers, and their pages say they have no articles.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { kindWentLive, liveKindKey, type ContentKind } from '../../../features/content/sources/index.ts';
import type { Db } from '../../db/index.ts';
import {
  announcements,
  articles,
  contentBookmarks,
  flashNews,
  pageViews,
  siteMeta,
  votes,
} from '../../db/schema/index.ts';

/** Page paths (no locale prefix) whose views the beacon counted, per kind. */
const PATHS: Record<ContentKind, (id: number) => string> = {
  news: (id) => `/news/${id}`,
  research: (id) => `/research/${id}`,
  lives: (id) => `/lives/${id}`,
  announcements: (id) => `/announcement/${id}`,
};

/**
 * Deletes the demo rows of `kind` unless a round of that kind already did; returns how many
 * went, or null when the kind was already live.
 */
export async function replaceDemoContent(db: Db, kind: ContentKind, now = new Date()): Promise<number | null> {
  const removed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coinlens:content-demo'))`);
    const [done] = await tx
      .select({ key: siteMeta.key })
      .from(siteMeta)
      .where(eq(siteMeta.key, liveKindKey(kind)));
    if (done) return null;
    let ids: number[];
    if (kind === 'lives') {
      ids = (await tx.delete(flashNews).where(eq(flashNews.source, 'demo')).returning({ id: flashNews.id })).map(
        (r) => r.id,
      );
      if (ids.length) await tx.delete(votes).where(and(eq(votes.kind, 'flash'), inArray(votes.itemId, ids)));
    } else if (kind === 'announcements') {
      ids = (
        await tx.delete(announcements).where(eq(announcements.source, 'demo')).returning({ id: announcements.id })
      ).map((r) => r.id);
    } else {
      ids = (
        await tx
          .delete(articles)
          .where(and(eq(articles.kind, kind), eq(articles.source, 'demo')))
          .returning({ id: articles.id })
      ).map((r) => r.id);
    }
    const bookmarkKind = kind === 'lives' ? 'flash' : kind === 'announcements' ? 'announcement' : 'article';
    for (let i = 0; i < ids.length; i += 5000) {
      const chunk = ids.slice(i, i + 5000);
      await tx
        .delete(contentBookmarks)
        .where(and(eq(contentBookmarks.kind, bookmarkKind), inArray(contentBookmarks.targetId, chunk)));
      await tx.delete(pageViews).where(inArray(pageViews.path, chunk.map(PATHS[kind])));
    }
    await tx.insert(siteMeta).values({ key: liveKindKey(kind), value: { at: now.toISOString(), removed: ids.length } });
    return ids.length;
  });
  // Committed (by this round or an earlier one): this process's pages stop badging it as demo now.
  kindWentLive(db, kind);
  return removed;
}

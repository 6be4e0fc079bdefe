/**
 * Demo content: news, flash news, announcements, calendar, offerings, knowledge and community
 * rows that refer to the seeded coins and exchanges. Seeded after the market tables (deleting
 * coins and exchanges cascades into content), each area from its own module and PRNG stream.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { votes } from '../../db/schema/votes.ts';
import {
  announcementCoins,
  announcements,
  answers,
  articleCoins,
  articles,
  calendarEvents,
  columnists,
  flashNews,
  flashNewsCoins,
  notices,
  offerings,
  projectUpdates,
  questions,
  socialPosts,
  topicArticles,
  topics,
  wikiEntries,
} from '../../db/schema/index.ts';
import { seedAnnouncements } from './announcements.ts';
import { seedArticles } from './articles.ts';
import { seedCalendar } from './calendar.ts';
import { seedCommunity } from './community.ts';
import { contentSeedContext } from './context.ts';
import { seedKnowledge } from './knowledge.ts';
import { seedLives } from './lives.ts';
import { seedOfferings } from './offerings.ts';

export const CONTENT_TABLES = [
  topicArticles,
  topics,
  articleCoins,
  articles,
  columnists,
  flashNewsCoins,
  flashNews,
  announcementCoins,
  announcements,
  notices,
  calendarEvents,
  offerings,
  wikiEntries,
  answers,
  questions,
  projectUpdates,
  socialPosts,
];

/**
 * Empties every content table; ids restart so the demo set always has the same ids. Votes name
 * flash news and calendar events by id without a foreign key, so they go too: kept, they would
 * count for whatever new item takes the old id.
 */
async function clearContent(db: Db): Promise<void> {
  const names = [...CONTENT_TABLES, votes].map((t) => `"${getTableName(t)}"`).join(', ');
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/** Replaces all content with the demo content; returns rows written per area. */
export async function seedContent(db: Db, now: Date): Promise<Record<string, number>> {
  await clearContent(db);
  const ctx = await contentSeedContext(db, now);
  // Order matters: topics collect articles, so articles come first.
  return {
    articles: await seedArticles(ctx),
    lives: await seedLives(ctx),
    calendar: await seedCalendar(ctx),
    announcements: await seedAnnouncements(ctx),
    offerings: await seedOfferings(ctx),
    knowledge: await seedKnowledge(ctx),
    community: await seedCommunity(ctx),
  };
}

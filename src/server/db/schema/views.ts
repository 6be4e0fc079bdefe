import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Page views from the first-party beacon: a count per site path (no locale prefix, query or
 * hash) and UTC day. Nothing about the reader is stored.
 */
export const pageViews = pgTable(
  'page_views',
  {
    path: text('path').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] }), index('page_views_day_idx').on(t.day)],
);

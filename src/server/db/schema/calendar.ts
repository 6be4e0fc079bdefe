import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body'),
    startsAt: ts('starts_at').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    exchangeId: integer('exchange_id').references(() => exchanges.id, { onDelete: 'set null' }),
    /** 1 (low) to 5 (high). */
    importance: integer('importance').notNull().default(1),
    votesUp: integer('votes_up').notNull().default(0),
    votesDown: integer('votes_down').notNull().default(0),
    /** Share of confirming votes, 0–100. */
    credibility: integer('credibility'),
    source: text('source'),
    tags: jsonb('tags').$type<string[]>(),
  },
  (t) => [
    index('calendar_events_starts_idx').on(t.startsAt),
    uniqueIndex('calendar_events_natural_uq').on(t.title, t.startsAt),
  ],
);

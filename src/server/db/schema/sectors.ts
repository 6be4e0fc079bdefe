import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { coins } from './coins.ts';

/** Concept sectors ("DeFi", "Layer 2" …), a grouping with its own pages. */
export const concepts = pgTable('concepts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
});

export const coinConcepts = pgTable(
  'coin_concepts',
  {
    coinId: text('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.conceptId] }), index('coin_concepts_concept_idx').on(t.conceptId)],
);

import { boolean, index, integer, jsonb, numeric, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { coins } from './coins.ts';
import { exchanges } from './exchanges.ts';

export const offeringKind = pgEnum('offering_kind', ['ICO', 'IEO']);

export const offeringStatus = pgEnum('offering_status', [
  // IEO phases
  'preheating',
  'fundraising',
  'fundraising_ended',
  'coming_soon',
  // ICO phases
  'upcoming',
  'ongoing',
  'finished',
  'traded',
]);

/** A token offering (ICO or IEO). */
export const offerings = pgTable(
  'offerings',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: offeringKind('kind').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    coinId: text('coin_id').references(() => coins.id, { onDelete: 'set null' }),
    platform: text('platform'),
    platformExchangeId: integer('platform_exchange_id').references(() => exchanges.id, {
      onDelete: 'set null',
    }),
    supply: numeric('supply'),
    goal: numeric('goal'),
    price: numeric('price'),
    acceptCoin: text('accept_coin'),
    softCap: numeric('soft_cap'),
    hardCap: numeric('hard_cap'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    country: text('country'),
    additionalIssue: boolean('additional_issue'),
    team: jsonb('team').$type<{ name: string; role: string }[]>(),
    advisers: jsonb('advisers').$type<string[]>(),
    partners: jsonb('partners').$type<string[]>(),
    ratingAgencies: jsonb('rating_agencies').$type<{ name: string; rating: string }[]>(),
    investors: jsonb('investors').$type<string[]>(),
    roadmap: jsonb('roadmap').$type<{ date: string; title: string }[]>(),
    /** Return on investment as a multiple of the offering price. */
    roi: numeric('roi'),
    status: offeringStatus('status').notNull(),
    description: text('description'),
  },
  (t) => [index('offerings_start_idx').on(t.startAt), index('offerings_roi_idx').on(t.roi)],
);

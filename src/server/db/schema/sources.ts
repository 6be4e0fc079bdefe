import { date, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Each content source's last round, for /api/health and the methodology page: the ingest may run
 * in another process than the pages.
 */
export const contentSources = pgTable('content_sources', {
  id: text('id').primaryKey(),
  lastSuccessAt: ts('last_success_at'),
  lastAttemptAt: ts('last_attempt_at'),
  lastError: text('last_error'),
  /** Items the source's last successful round stored (new ones only). */
  lastStored: integer('last_stored').notNull().default(0),
  /** Consecutive failures: the backoff grows with them. */
  failures: integer('failures').notNull().default(0),
});

/** The daily Fear & Greed index (alternative.me), one row per UTC day. */
export const fearGreed = pgTable('fear_greed', {
  day: date('day', { mode: 'string' }).primaryKey(),
  value: smallint('value').notNull(),
  /** The source's own word for the value ("Extreme Fear" … "Extreme Greed"). */
  classification: text('classification').notNull(),
  source: text('source').notNull(),
  fetchedAt: ts('fetched_at').notNull().defaultNow(),
});

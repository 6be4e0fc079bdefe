-- Search that scales (issue 25): indexes for the expressions the coin, exchange and pair searchers
-- match (src/features/search/marketSearch.server.ts). Substrings ("%bit%") need trigram indexes;
-- pg_trgm is a trusted extension since PostgreSQL 13, so the database's owner may create it.
-- Declared here, not in the Drizzle schema: drizzle-kit cannot express an operator class on an
-- expression, and the snapshot stays that of 0018.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coins_symbol_trgm_idx" ON "coins" USING gin (lower("symbol") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coins_name_trgm_idx" ON "coins" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coins_id_trgm_idx" ON "coins" USING gin ("id" gin_trgm_ops);
--> statement-breakpoint
-- Chinese and Korean names: trigrams of CJK text only where the database's character type
-- classifies it as letters (not under the embedded server's C locale); the table holds only the
-- coins known by another name, and a sequential scan of it stays small.
CREATE INDEX IF NOT EXISTS "coin_names_name_trgm_idx" ON "coin_names" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
-- The rows with any character beyond ASCII, for queries in Chinese or Korean, which trigrams
-- cannot narrow under a C locale: the searchers add the same condition (a few rows, not all).
CREATE INDEX IF NOT EXISTS "coins_non_ascii_idx" ON "coins" ("id") WHERE octet_length("symbol" || "name" || "id") > char_length("symbol" || "name" || "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchanges_non_ascii_idx" ON "exchanges" ("id") WHERE octet_length("name" || "display_name") > char_length("name" || "display_name");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchanges_name_trgm_idx" ON "exchanges" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchanges_display_name_trgm_idx" ON "exchanges" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
-- Pairs match a base or quote symbol exactly or by prefix (text_pattern_ops serves LIKE 'ETH%'
-- under any collation), or the base part of a contract pair ("BTC-PERPETUAL/USDT").
CREATE INDEX IF NOT EXISTS "tickers_base_upper_idx" ON "tickers" (upper("base_symbol") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickers_quote_upper_idx" ON "tickers" (upper("quote_symbol") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickers_pair_base_idx" ON "tickers" (upper(split_part("pair", '/', 1)) text_pattern_ops);
--> statement-breakpoint
-- Statistics for the new expressions now, not at the next autovacuum: without them the planner
-- guesses how many rows a LIKE matches and may scan in parallel for a handful of rows.
ANALYZE "coins", "coin_names", "exchanges", "tickers";

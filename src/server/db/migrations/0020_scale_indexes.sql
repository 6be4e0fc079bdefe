-- Pages that hold at scale (issue 25): /new-coins orders and counts the coins by their first-seen
-- moment (src/features/market/trending/newCoins.server.ts), an expression that no column index
-- serves, so both read every coin. This index, on exactly that expression and partial on it being
-- known, gives the page its first rows without a sort and the count from the index alone.
-- Declared here, not in the Drizzle schema: drizzle-kit cannot express a descending expression
-- key, and the snapshot stays that of 0019.
CREATE INDEX IF NOT EXISTS "coins_added_at_idx" ON "coins" ((coalesce("first_listed_at", ("listed_on"::timestamp AT TIME ZONE 'UTC'))) DESC, "id")
  WHERE coalesce("first_listed_at", ("listed_on"::timestamp AT TIME ZONE 'UTC')) IS NOT NULL;
--> statement-breakpoint
ANALYZE "coins";

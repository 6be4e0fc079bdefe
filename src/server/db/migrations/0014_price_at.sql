ALTER TABLE "coins" ADD COLUMN "price_at" timestamp with time zone;--> statement-breakpoint
-- Until now a price was as old as its row.
UPDATE "coins" SET "price_at" = "updated_at";
ALTER TABLE "coins" ADD COLUMN "facts_source" text;--> statement-breakpoint
ALTER TABLE "coins" ADD COLUMN "facts_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "trust_score" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "facts_source" text;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "facts_updated_at" timestamp with time zone;
ALTER TABLE "coins" ADD COLUMN "sources" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "sources" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "instrument" text;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickers" ADD COLUMN "excluded" text;